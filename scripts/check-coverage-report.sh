#!/usr/bin/env bash
# `kunit c --coverage` on kunit-tool's C coverage fixture (tests/fixtures/c/coverage), then
# `kunit run --coverage` on kunit-tool's sanitize fixture (tests/fixtures/sanitize): lcov.info
# counts only the code under test (the fixture's src/lib.rs, not its tests/ nor kunit-rs), the
# function no test calls is uncovered, and DIR/index.html in headless Chromium (as
# scripts/check-html-report.sh loads the run report) loads with no console message, runs its
# own script, shows the totals of lcov.info and shows the known-uncovered line as uncovered.
# For C, lcov.info counts only clamp.c (not the test file, not kunit-c's headers) and the page
# is checked the same way. Then `kunit run --coverage` on the examples: examples/c-suite (its
# C code under test, src/size.c, compiled by the build script's kunit_c::Build with gcov, in
# the same lcov.info and page as the Rust) and examples/hello-kunit (Rust). Where lcov is
# installed (apt-get install lcov), `lcov --summary` of each lcov.info reads the same totals
# (an independent reader of the file). Skips with one line without Chromium (and no apt-get
# to install it); the C parts without gcov, the Rust parts without LLVM tools matching
# rustc's LLVM (kunit's own message says how to get them), the lcov cross-check without lcov.
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
# check_page DIR SOURCE UNCOVERED COVERED [ALLOWED]: DIR/lcov.info counts SOURCE, line
# UNCOVERED of it uncovered, and no file but SOURCE (or, with ALLOWED, none whose path does not
# match the extended regular expression ALLOWED); DIR/index.html in Chromium shows lcov.info's
# totals, UNCOVERED as uncovered and COVERED as covered.
check_page() {
  local dir=$1 source=$2 uncovered=$3 covered=$4 allowed=${5:-}
  local lcov="$dir/lcov.info"
  [ -s "$lcov" ] || fail "no $lcov"
  # Only the code under test.
  local sfs
  sfs=$(grep '^SF:' "$lcov")
  if [ -z "$allowed" ]; then
    [ "$sfs" = "SF:$source" ] || fail "$lcov counts other files: $sfs"
  else
    grep -qx "SF:$source" <<<"$sfs" || fail "$lcov does not count $source: $sfs"
    others=$(grep -Ev "^SF:($allowed)\$" <<<"$sfs" || true)
    [ -z "$others" ] || fail "$lcov counts files that are not code under test: $others"
  fi
  # The index of SOURCE's record (the page's f<index>), and its uncovered line in it.
  local index
  index=$(grep -n '^SF:' "$lcov" | grep -n ":SF:$source\$" | cut -d: -f1)
  index=$((index - 1))
  awk -v sf="SF:$source" -v da="DA:$uncovered,0" '$0 == sf { in_sf = 1 } in_sf && $0 == da { found = 1 } /^end_of_record/ { in_sf = 0 } END { exit !found }' "$lcov" \
    || fail "line $uncovered of $source is not uncovered in lcov.info"
  lf=$(awk -F: '/^LF:/ { n += $2 } END { print n + 0 }' "$lcov")
  lh=$(awk -F: '/^LH:/ { n += $2 } END { print n + 0 }' "$lcov")
  fnf=$(awk -F: '/^FNF:/ { n += $2 } END { print n + 0 }' "$lcov")
  fnh=$(awk -F: '/^FNH:/ { n += $2 } END { print n + 0 }' "$lcov")
  [ "$lh" -gt 0 ] && [ "$lh" -lt "$lf" ] || fail "implausible totals LH=$lh LF=$lf"
  if command -v lcov >/dev/null; then
    # lcov's own reading of the file: "lines......: 92.7% (178 of 192 lines)".
    local summary
    summary=$(lcov --summary "$lcov" 2>&1) || fail "lcov --summary $lcov failed: $summary"
    grep -q "lines\.*: .* ($lh of $lf lines)" <<<"$summary" || fail "lcov --summary reads other line totals than $lh of $lf: $summary"
    grep -q "functions\.*: .* ($fnh of $fnf functions)" <<<"$summary" || fail "lcov --summary reads other function totals than $fnh of $fnf: $summary"
    lcov_said="lcov --summary agrees"
  else
    lcov_said="lcov cross-check SKIPPED: no lcov (apt-get install lcov)"
  fi
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
  [ "$(shown functions-found)" = "$fnf" ] || fail "the page shows $(shown functions-found) functions found, lcov.info $fnf"
  [ "$(shown functions-hit)" = "$fnh" ] || fail "the page shows $(shown functions-hit) functions hit, lcov.info $fnh"
  grep -q "<tr class=\"uncov\" id=\"f$index-L$uncovered\">" "$dom" || fail "line $uncovered of $source is not shown as uncovered"
  grep -q "<tr class=\"cov\" id=\"f$index-L$covered\">" "$dom" || fail "line $covered of $source is not shown as covered"
}

# C: kunit c --coverage (gcov).
cfix=$PWD/kunit-rs/kunit-tool/tests/fixtures/c/coverage
if command -v gcov >/dev/null; then
  (cd "$cfix" && KUNIT_C_CACHE="$work/c-cache" "$kunit" c --coverage="$work/ccov" clamp_kunit.c clamp.c) \
    >"$work/c.out" 2>"$work/c.err" || { cat "$work/c.err"; fail "kunit c --coverage failed"; }
  never=$(grep -n 'NEVER-CALLED' "$cfix/clamp.c" | cut -d: -f1)
  low=$(grep -n 'if (v < lo)' "$cfix/clamp.c" | cut -d: -f1)
  check_page "$work/ccov" "$cfix/clamp.c" "$never" "$low"
  echo "check-coverage-report: C: lcov.info counts only clamp.c ($lh of $lf lines; $lcov_said), and the page in Chromium shows the same totals, line $never uncovered and line $low covered"
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
echo "check-coverage-report: lcov.info counts only src/lib.rs ($lh of $lf lines; $lcov_said), and the page in Chromium shows the same totals, line $uncovered uncovered and line $covered covered"

# The examples, as a user runs them: `kunit run -p PACKAGE --coverage` in this workspace.
# Their code under test is the workspace's packages but kunit-rs's own, outside tests/.
examples_allowed="$PWD/examples/[a-z-]+/src/[a-z_/]+\\.(rs|c)"
run_example() {
  local package=$1
  "$kunit" run -p "$package" --coverage="$work/$package" >"$work/$package.out" 2>"$work/$package.err" \
    || { cat "$work/$package.err"; fail "kunit run -p $package --coverage failed"; }
}
# c-suite: the C under test (src/size.c) is compiled by the build script; its gcov counts
# join the Rust ones. size_suffix() is called by no test.
if command -v gcov >/dev/null; then
  run_example c-suite
  size=$PWD/examples/c-suite/src/size.c
  never=$(grep -n '^char size_suffix' "$size" | cut -d: -f1)
  parsed=$(grep -n 'mult = size_multiplier' "$size" | cut -d: -f1)
  check_page "$work/c-suite" "$size" "$never" "$parsed" "$examples_allowed"
  echo "check-coverage-report: examples/c-suite: lcov.info counts src/size.c (built by kunit_c::Build) with the Rust code under test ($lh of $lf lines; $lcov_said), and the page in Chromium shows the same totals, line $never uncovered and line $parsed covered"
else
  echo "check-coverage-report: examples/c-suite SKIPPED: no gcov (it comes with gcc)"
fi
# hello-kunit: Rust only. No test formats SizeError::Empty.
run_example hello-kunit
size=$PWD/examples/hello-kunit/src/size.rs
never=$(grep -n 'SizeError::Empty => f.write_str' "$size" | cut -d: -f1)
checked=$(grep -n 'number.checked_mul' "$size" | cut -d: -f1)
check_page "$work/hello-kunit" "$size" "$never" "$checked" "$examples_allowed"
echo "check-coverage-report: examples/hello-kunit: lcov.info counts its src/ ($lh of $lf lines; $lcov_said), and the page in Chromium shows the same totals, line $never uncovered and line $checked covered"
