#!/usr/bin/env bash
# `kunit c --coverage` on kunit-tool's C coverage fixture (tests/fixtures/c/coverage), then
# `kunit run --coverage` on kunit-tool's sanitize fixture (tests/fixtures/sanitize): lcov.info
# counts only the code under test (the fixture's src/lib.rs, not its tests/ nor kunit-rs), the
# function no test calls is uncovered, and DIR/index.html in headless Chromium (as
# scripts/check-html-report.sh loads the run report) loads with no console message, runs its
# own script, shows the totals of lcov.info and shows the known-uncovered line as uncovered.
# For C, lcov.info counts only clamp.c (not the test file, not kunit-c's headers) and the page
# is checked the same way. Skips with one line without Chromium (and no apt-get to install
# it); the C part without gcov, the Rust part without LLVM tools matching rustc's LLVM
# (kunit's own message says how to get them).
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "check-coverage-report: FAILED: $*" >&2; exit 1; }

# shellcheck source=lib/chromium.sh
. scripts/lib/chromium.sh
need_chromium check-coverage-report

cargo build --quiet -p kunit-tool --bin kunit
kunit="${CARGO_TARGET_DIR:-$PWD/target}/debug/kunit"
work=$(mktemp -d /tmp/kunit-coverage-XXXXXX)
trap 'rm -rf "$work"' EXIT
# check_page DIR SOURCE UNCOVERED COVERED: DIR/lcov.info counts only SOURCE, line UNCOVERED
# of it uncovered; DIR/index.html in Chromium shows lcov.info's totals, UNCOVERED as
# uncovered and COVERED as covered.
check_page() {
  local dir=$1 source=$2 uncovered=$3 covered=$4
  local lcov="$dir/lcov.info"
  [ -s "$lcov" ] || fail "no $lcov"
  # Only the code under test.
  local sfs
  sfs=$(grep '^SF:' "$lcov")
  [ "$sfs" = "SF:$source" ] || fail "$lcov counts other files: $sfs"
  grep -qx "DA:$uncovered,0" "$lcov" || fail "line $uncovered of $source is not uncovered in lcov.info"
  lf=$(awk -F: '/^LF:/ { n += $2 } END { print n + 0 }' "$lcov")
  lh=$(awk -F: '/^LH:/ { n += $2 } END { print n + 0 }' "$lcov")
  [ "$lh" -gt 0 ] && [ "$lh" -lt "$lf" ] || fail "implausible totals LH=$lh LF=$lf"
  local dom="$dir/index.dom"
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --no-first-run \
    --user-data-dir="$work/profile" --enable-logging=stderr --v=0 \
    --dump-dom "file://$dir/index.html" >"$dom" 2>"$dom.log" || fail "chromium could not load the page"
  grep -F ':CONSOLE' "$dom.log" >"$dom.console" || true
  [ -s "$dom.console" ] && fail "console messages: $(cat "$dom.console")"
  grep -q 'data-ready="1"' "$dom" || fail "the page's own script did not run"
  shown() { grep -o "data-total=\"$1\">[0-9]*<" "$dom" | grep -o '[0-9]*'; }
  [ "$(shown lines-found)" = "$lf" ] || fail "the page shows $(shown lines-found) lines found, lcov.info $lf"
  [ "$(shown lines-hit)" = "$lh" ] || fail "the page shows $(shown lines-hit) lines hit, lcov.info $lh"
  grep -q "<tr class=\"uncov\" id=\"f0-L$uncovered\">" "$dom" || fail "line $uncovered is not shown as uncovered"
  grep -q "<tr class=\"cov\" id=\"f0-L$covered\">" "$dom" || fail "line $covered is not shown as covered"
}

# C: kunit c --coverage (gcov).
cfix=$PWD/kunit-rs/kunit-tool/tests/fixtures/c/coverage
if command -v gcov >/dev/null; then
  (cd "$cfix" && KUNIT_C_CACHE="$work/c-cache" "$kunit" c --coverage="$work/ccov" clamp_kunit.c clamp.c) \
    >"$work/c.out" 2>"$work/c.err" || { cat "$work/c.err"; fail "kunit c --coverage failed"; }
  never=$(grep -n 'NEVER-CALLED' "$cfix/clamp.c" | cut -d: -f1)
  low=$(grep -n 'if (v < lo)' "$cfix/clamp.c" | cut -d: -f1)
  check_page "$work/ccov" "$cfix/clamp.c" "$never" "$low"
  echo "check-coverage-report: C: lcov.info counts only clamp.c ($lh of $lf lines), and the page in Chromium shows the same totals, line $never uncovered and line $low covered"
else
  echo "check-coverage-report: C part SKIPPED: no gcov (it comes with gcc)"
fi

fixture=kunit-rs/kunit-tool/tests/fixtures/sanitize
set +e
"$kunit" run --manifest-path "$fixture/Cargo.toml" \
  --build_dir "${CARGO_TARGET_DIR:-$PWD/target}/coverage-fixture" \
  --coverage="$work/cov" sanitize_debug >"$work/run.out" 2>"$work/run.err"
status=$?
set -e
if [ "$status" -eq 2 ] && grep -q "no llvm-profdata/llvm-cov" "$work/run.err"; then
  echo "check-coverage-report: SKIPPED: $(grep -m1 'no llvm-profdata' "$work/run.err")"
  exit 0
fi
# The fixture's sanitize_debug suite has one failing case on purpose: exit status 1.
[ "$status" -eq 1 ] || { cat "$work/run.err"; fail "kunit run --coverage exited $status (expected 1)"; }
uncovered=$(grep -n 'UNCOVERED-LINE' "$fixture/src/lib.rs" | cut -d: -f1)
covered=$(grep -n 'a + b' "$fixture/src/lib.rs" | cut -d: -f1)
check_page "$work/cov" "$PWD/$fixture/src/lib.rs" "$uncovered" "$covered"
echo "check-coverage-report: lcov.info counts only src/lib.rs ($lh of $lf lines), and the page in Chromium shows the same totals, line $uncovered uncovered and line $covered covered"
