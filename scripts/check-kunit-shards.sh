#!/bin/sh
# `kunit exec --partition K/N` over the workspace's real harnesses: over the N
# shards every suite runs exactly once, and `kunit parse` of the shards' KTAP
# logs reports the same counts as one unsharded run.
#
# usage: scripts/check-kunit-shards.sh [N] [kunit build options, e.g. -p checksum-kunit]
set -eu
cd "$(dirname "$0")/.."
N=${1:-2}
[ $# -gt 0 ] && shift
cargo build --quiet -p kunit-tool --bin kunit
KUNIT="${CARGO_TARGET_DIR:-target}/debug/kunit"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The summary line without kunit.py's timestamp.
summary() { sed -n 's/^\[..:..:..\] \(Testing complete\.\)/\1/p'; }
# Listed names, without the runner's own timestamped progress lines.
names() { grep -v '^\[..:..:..\] ' || true; }

"$KUNIT" exec --list_suites "$@" | names | sort > "$tmp/all"
[ -s "$tmp/all" ] || { echo "check-kunit-shards: no suites found" >&2; exit 1; }
: > "$tmp/union"
k=1
while [ "$k" -le "$N" ]; do
    "$KUNIT" exec --partition "$k/$N" --list_suites "$@" 2>/dev/null | names >> "$tmp/union"
    "$KUNIT" exec --partition "$k/$N" --raw_output=kunit "$@" 2>/dev/null > "$tmp/shard-$k.ktap"
    k=$((k + 1))
done
if ! sort "$tmp/union" | cmp -s - "$tmp/all"; then
    echo "check-kunit-shards: the $N shards do not hold every suite exactly once:" >&2
    sort "$tmp/union" | diff "$tmp/all" - >&2 || true
    exit 1
fi

# (A pipeline's status is sed's: failing tests do not stop the comparison.)
"$KUNIT" exec --summary "$@" 2>/dev/null | summary > "$tmp/whole.summary"
# shellcheck disable=SC2046 # the shard files, in order
"$KUNIT" parse --summary $(k=1; while [ "$k" -le "$N" ]; do echo "$tmp/shard-$k.ktap"; k=$((k + 1)); done) | summary > "$tmp/merged.summary"
[ -s "$tmp/whole.summary" ] || { echo "check-kunit-shards: no summary line" >&2; exit 1; }
if ! cmp -s "$tmp/whole.summary" "$tmp/merged.summary"; then
    echo "check-kunit-shards: merged shards differ from the whole run:" >&2
    diff "$tmp/whole.summary" "$tmp/merged.summary" >&2 || true
    exit 1
fi
echo "check-kunit-shards: $(wc -l < "$tmp/all") suites in $N shards, each once; $(cat "$tmp/merged.summary")"
