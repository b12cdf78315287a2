#!/usr/bin/env bash
# One libtest-shaped test file (kunit-rs/kunit-macros/tests/parity/tests.rs) built as a
# libtest target, as a `#[kunit_tests]` suite in a kunit harness, and as that module under
# libtest (its shims, the library layout): all must report the same passed / failed / ignored
# counts, and the same again with --ignored and with libtest-style filters.
# Both fail on purpose (some cases fail), so only the counts are compared.
set -euo pipefail
cd "$(dirname "$0")/.."

counts() {
  # The closing line: "test result: FAILED. 16 passed; 9 failed; 4 ignored; ...".
  local line
  line=$(cargo test -p kunit-rs-macros --test "$1" -- "${@:2}" 2>/dev/null | grep '^test result:' || true)
  if [ -z "$line" ]; then
    echo "error: no 'test result:' line from $1 $*" >&2
    exit 1
  fi
  sed -E 's/.* ([0-9]+) passed; ([0-9]+) failed; ([0-9]+) ignored;.*/\1 passed, \2 failed, \3 ignored/' <<<"$line"
}

status=0
for args in "" "--ignored" "--include-ignored" "tests::inner" "tests::passes --exact"; do
  # shellcheck disable=SC2086
  libtest=$(counts parity_libtest $args)
  # shellcheck disable=SC2086
  kunit=$(counts parity_kunit $args)
  # shellcheck disable=SC2086
  shims=$(counts parity_shims $args)
  if [ "$libtest" = "$kunit" ] && [ "$libtest" = "$shims" ]; then
    echo "ok: [${args:-no arguments}] $kunit"
  else
    echo "MISMATCH: [${args:-no arguments}] libtest: $libtest; kunit harness: $kunit; libtest shims: $shims" >&2
    status=1
  fi
done
exit $status
