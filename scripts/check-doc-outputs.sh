#!/usr/bin/env bash
# Outputs quoted in the docs are what the code prints today; fails when one drifts:
#   examples/hello-kunit/README.md  the demo-failures suite's KTAP (its file:line numbers too)
#                                   and the closing line (`finished in` masked), from
#                                   `cargo test -p hello-kunit --features demo-failures`;
#   params-attributes-filters.md,   the filter error texts, from a harness run with
#   troubleshooting.md              `--filter colour=red` and `--filter colour`.
# The guide's harness flag table is checked against --help by a self-test
# (kunit-rs/kunit/src/harness_kunit.rs), libtest JSON by libtest_json_kunit.rs.
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "FAIL: check-doc-outputs: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cargo test -q -p hello-kunit --features demo-failures --test hello >"$tmp/demo.txt" 2>/dev/null &&
  fail "the demo-failures run passed"
python3 - "$tmp/demo.txt" examples/hello-kunit/README.md <<'PY'
import re, sys
out = open(sys.argv[1]).read().splitlines()
readme = open(sys.argv[2]).read()
intro = readme.index("--features demo-failures` adds")
start = readme.index("```text\n", intro) + len("```text\n")
block = readme[start:readme.index("```", start)].splitlines()
cut = block.index("...")
quoted_suite, quoted_close = block[:cut], block[cut + 1:]
begin = out.index("    # Subtest: hello_demo_failures") - 1
end = out.index("not ok 1 hello_demo_failures") + 1
printed_suite = out[begin:end]
close = [l for l in out if l.startswith("test result: ")]
mask = lambda l: re.sub(r"finished in [0-9.]+s", "finished in Ns", l)
if quoted_suite != printed_suite:
    for q, p in zip(quoted_suite + [""] * 99, printed_suite + [""] * 99):
        if q != p:
            sys.exit(f"hello-kunit README quotes\n  {q!r}\nbut the demo prints\n  {p!r}")
if [mask(l) for l in quoted_close] != [mask(close[-1])]:
    sys.exit(f"hello-kunit README's closing line {quoted_close} is not {close[-1]!r}")
PY
echo "ok hello-kunit README: the demo-failures KTAP and closing line ($(grep -c . <<<"$(sed -n '/Subtest: hello_demo_failures/,/^not ok 1 hello_demo_failures/p' "$tmp/demo.txt")") lines)"

bin=$(cargo test -q -p hello-kunit --test hello --no-run --message-format=json 2>/dev/null |
  python3 -c 'import json,sys
for l in sys.stdin:
    m = json.loads(l)
    if m.get("reason") == "compiler-artifact" and m.get("executable"): print(m["executable"])' | tail -1)
[ -x "$bin" ] || fail "no hello-kunit harness binary"
check_filter() { # FILTER, the first stderr line, the doc that quotes it
  local rc=0
  "$bin" --filter "$1" >/dev/null 2>"$tmp/err" || rc=$?
  [ "$rc" -eq 2 ] || fail "--filter $1 exited $rc, not 2"
  [ "$(sed -n 1p "$tmp/err")" = "$2" ] || fail "--filter $1 prints '$(sed -n 1p "$tmp/err")', not '$2'"
  [ "$(sed -n 2p "$tmp/err")" = "kunit executor: error filtering suites: -22" ] ||
    fail "--filter $1: no 'error filtering suites' line"
  grep -qF "\`$2\`" "$3" || grep -qF "${2#kunit executor: }\`" "$3" || fail "$3 does not quote '$2'"
}
check_filter colour=red "kunit executor: attribute not found: colour=red" docs/src/params-attributes-filters.md
check_filter colour=red "kunit executor: attribute not found: colour=red" docs/src/troubleshooting.md
check_filter colour "kunit executor: filter operation not found: colour" docs/src/troubleshooting.md
echo "ok filter error texts in params-attributes-filters.md and troubleshooting.md"
