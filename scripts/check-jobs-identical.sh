#!/usr/bin/env bash
# Every kunit harness binary in the workspace prints byte-identical KTAP with --jobs 1 and
# --jobs 2 (suites run concurrently, and so do the cases of suites whose cases may run in
# parallel; output stays in plan order). The closing libtest line and the "Test should be
# marked slow" warning depend on timing and are left out of the comparison. Among the
# binaries must be kunit-tool's library self-tests and kunit-macros' kunit_tests target, whose
# #[kunit_tests] suites run their cases in parallel under --jobs 2.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t bins < <(scripts/list-harnesses.sh)
checked=0
echo "harnesses: ${#bins[@]}" >&2
for want in kunit_tool kunit_tests; do
  printf '%s\n' "${bins[@]}" | grep -q "/${want}-[0-9a-f]*$" ||
    { echo "FAIL: no ${want} harness binary (its suites run their cases in parallel)"; exit 1; }
done
for bin in "${bins[@]}"; do
  one=$("$bin" --jobs 1 | grep -v -e '^test result: ' -e 'Test should be marked slow' || true)
  two=$("$bin" --jobs 2 | grep -v -e '^test result: ' -e 'Test should be marked slow' || true)
  if [ "$one" != "$two" ]; then
    echo "FAIL: $bin prints different KTAP with --jobs 2"
    diff <(echo "$one") <(echo "$two") | head -20
    exit 1
  fi
  checked=$((checked + 1))
done
[ "$checked" -gt 0 ] || { echo "FAIL: no kunit harness binaries found"; exit 1; }
echo "jobs-identical: $checked harness binaries print the same KTAP with --jobs 1 and --jobs 2"
