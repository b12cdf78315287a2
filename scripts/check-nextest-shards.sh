#!/usr/bin/env bash
# cargo nextest's own sharding and archives work with the kunit harness:
#  1. `--partition count:K/2` over K = 1, 2 runs every case of `cargo nextest list --workspace`
#     exactly once (none missing, none twice, none extra);
#  2. `cargo nextest archive` + `run --archive-file --workspace-remap <fresh copy>` run the
#     cases from another directory, as another machine would: shard 1/2 again (to keep CI
#     time down), which must run exactly the tests shard 1/2 ran in the workspace, and pass.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
shards=2
command -v cargo-nextest >/dev/null ||
  fail "cargo-nextest is not installed (cargo install --locked cargo-nextest)"
# libtest-json output gives one structured event per test (nextest calls it experimental).
export NEXTEST_EXPERIMENTAL_LIBTEST_JSON=1

# "package::binary test-name" per line, sorted, from a nextest list JSON document (the names
# libtest-json output gives tests).
list_names() {
  python3 -c 'import json,sys
m = json.load(sys.stdin)
for suite in m["rust-suites"].values():
    binary = suite["package-name"] + "::" + suite["binary-name"]
    for name, case in suite["testcases"].items():
        if case["filter-match"]["status"] == "matches":
            print(binary, name)' | sort
}
# Names of the tests a libtest-json run ran, one "package::binary test-name" per line, sorted; a
# test whose last outcome is not "ok" fails the check (with NEXTEST_RETRIES a retried test
# counts once, by its last try). Slow cases are ignored by default: nextest reports them
# "ignored" without running them, and `nextest list` leaves them out too.
run_names() {
  python3 -c 'import json,re,sys
last = {}
for line in sys.stdin:
    line = line.strip()
    if not line.startswith("{"):
        continue
    ev = json.loads(line)
    if ev.get("type") != "test" or ev.get("event") in ("started", "ignored"):
        continue
    # A retry is named "test#N" (its attempt number).
    last[re.sub(r"#[0-9]+$", "", ev["name"])] = ev["event"]
for name in last:
    bid, _, case = name.partition("$")
    print(bid, case)
failed = [f"{n}: {e}" for n, e in last.items() if e != "ok"]
if failed:
    sys.exit("tests did not pass:\n  " + "\n  ".join(failed))' | sort
}

cargo nextest list --workspace --message-format json | list_names > "$tmp/all"
total=$(wc -l < "$tmp/all")
[ "$total" -gt 0 ] || fail "cargo nextest list --workspace found no tests"
echo "nextest lists $total tests" >&2

for k in $(seq 1 "$shards"); do
  cargo nextest run --workspace --partition "count:$k/$shards" --no-fail-fast \
    --message-format libtest-json > "$tmp/run-$k.json" ||
    fail "shard $k/$shards failed (see its output above)"
  run_names < "$tmp/run-$k.json" > "$tmp/shard-$k"
  n=$(wc -l < "$tmp/shard-$k")
  [ "$n" -gt 0 ] || fail "shard $k/$shards ran no tests"
  echo "shard $k/$shards ran $n tests" >&2
done
sort "$tmp"/shard-* > "$tmp/union"
if dup=$(uniq -d "$tmp/union") && [ -n "$dup" ]; then
  fail "tests run in more than one shard (or twice):"$'\n'"$dup"
fi
if ! diff -u "$tmp/all" "$tmp/union" > "$tmp/diff"; then
  cat "$tmp/diff" >&2
  fail "the union of the shards differs from 'cargo nextest list' (- listed only, + run only)"
fi
echo "partition: $shards shards ran each of the $total listed tests exactly once"

# Archive, then run it from elsewhere against a fresh copy of the sources (working tree, no
# target/): what a second CI machine that only downloaded the archive and checked out does.
cargo nextest archive --workspace --archive-file "$tmp/tests.tar.zst"
mkdir -p "$tmp/src" "$tmp/elsewhere"
tar -c --exclude=./.git --exclude="./target*" . | tar -x -C "$tmp/src"
(
  cd "$tmp/elsewhere"
  cargo nextest run --archive-file "$tmp/tests.tar.zst" --workspace-remap "$tmp/src" \
    --partition "count:1/$shards" --no-fail-fast --message-format libtest-json > "$tmp/archive.json"
) || fail "the run from the archive failed"
run_names < "$tmp/archive.json" > "$tmp/archived"
if ! diff -u "$tmp/shard-1" "$tmp/archived" > "$tmp/diff"; then
  cat "$tmp/diff" >&2
  fail "shard 1/$shards from the archive ran other tests than in the workspace (- workspace, + archive)"
fi
echo "archive: shard 1/$shards ran its $(wc -l < "$tmp/archived") tests from $tmp/elsewhere against a fresh copy of $root"
