#!/usr/bin/env bash
# Every kunit harness binary's libtest JSON (`-Z unstable-options --format json`) is read by a
# real consumer, cargo2junit (scripts/setup.sh installs it with `cargo install` when missing), and by a strict
# check of libtest's event schema (scripts/libtest-json-check.py); the counts of both, of the
# JSON listing and of the binary's `--list` must agree, and nothing but events is on stdout.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 scripts/libtest-json-check.py --self-test
scripts/setup.sh cargo2junit
mapfile -t harnesses < <(scripts/list-harnesses.sh)
[ "${#harnesses[@]}" -gt 0 ] || { echo "FAIL: no kunit harness binaries found"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
total=0
for bin in "${harnesses[@]}"; do
  name=$(basename "$bin")
  listed=$("$bin" --list --format terse | grep -c ': test$' || true)
  "$bin" -Z unstable-options --format json --list >"$tmp/list.json"
  python3 scripts/libtest-json-check.py list "$tmp/list.json" "$listed" >/dev/null
  rc=0
  "$bin" -Z unstable-options --format json --logfile "$tmp/ktap" >"$tmp/run.json" 2>"$tmp/err" || rc=$?
  read -r passed failed ignored < <(python3 scripts/libtest-json-check.py run "$tmp/run.json" "$listed")
  want_rc=0; [ "$failed" -eq 0 ] || want_rc=101
  [ "$rc" -eq "$want_rc" ] || { echo "FAIL: $name exited $rc with $failed failures"; exit 1; }
  [ "$failed" -eq 0 ] || { echo "FAIL: $name: $failed tests failed"; cat "$tmp/err"; exit 1; }
  # The KTAP went to the logfile, whole.
  head -1 "$tmp/ktap" | grep -qx 'KTAP version 1' || { echo "FAIL: $name: no KTAP in --logfile"; exit 1; }
  cargo2junit <"$tmp/run.json" >"$tmp/junit.xml"
  python3 - "$tmp/junit.xml" "$listed" "$failed" "$ignored" "$name" <<'PY'
import sys, xml.etree.ElementTree as ET
path, listed, failed, ignored, name = sys.argv[1], *map(int, sys.argv[2:5]), sys.argv[5]
cases = ET.parse(path).getroot().iter("testcase")
got = [0, 0, 0]
for c in cases:
    got[0] += 1
    got[1] += c.find("failure") is not None or c.find("error") is not None
    got[2] += c.find("skipped") is not None
if got != [listed, failed, ignored]:
    sys.exit(f"FAIL: {name}: cargo2junit read {got[0]} cases, {got[1]} failed, {got[2]} skipped;"
             f" expected {listed}, {failed}, {ignored}")
PY
  total=$((total + listed))
  echo "ok $name: $listed tests ($passed passed, $ignored ignored) in JSON, listing and JUnit"
done
echo "libtest JSON: ${#harnesses[@]} harness binaries, $total tests, agree with cargo2junit and --list"
