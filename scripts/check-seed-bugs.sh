#!/usr/bin/env bash
# Checks every seed bug in both directions: without feature `seed-bugs` the suite passes;
# with it the suite fails and its KTAP output contains the KUnit failure text the seed
# describes. Usage: scripts/check-seed-bugs.sh (honours CARGO_TARGET_DIR). Exit 0 = all good.
#
# To add a seed bug, append one `check_seed_bug PACKAGE 'line' ...` call at the bottom.
set -u
cd "$(dirname "$0")/.."
status=0

# check_seed_bug PACKAGE EXPECTED_LINE...
check_seed_bug() {
    local pkg=$1 out line
    shift
    out=$(mktemp)
    if cargo test -q -p "$pkg" >"$out" 2>&1; then
        echo "ok:   $pkg passes without seed-bugs"
    else
        echo "FAIL: $pkg fails without seed-bugs:"; tail -n 30 "$out"; status=1
    fi
    if cargo test -q -p "$pkg" --features seed-bugs >"$out" 2>&1; then
        echo "FAIL: $pkg passes with seed-bugs (the bug is not caught)"; status=1
    elif ! grep -q '^test result: FAILED\.' "$out"; then
        echo "FAIL: $pkg with seed-bugs did not run its tests:"; tail -n 30 "$out"; status=1
    else
        echo "ok:   $pkg fails with seed-bugs"
    fi
    for line in "$@"; do
        if grep -qF -- "$line" "$out"; then
            echo "ok:   $pkg prints: $line"
        else
            echo "FAIL: $pkg with seed-bugs does not print: $line"; status=1
        fi
    done
    rm -f "$out"
}

check_seed_bug checksum-kunit \
    '# test_csum_all_carry_inputs: ASSERTION FAILED at ' \
    'Expected result == expec, but' \
    'result == 65281 (0xff01)' \
    'expec == 65280 (0xff00)'

check_seed_bug desc64-kunit \
    '# test_get_desc64_base_worked_example: EXPECTATION FAILED at ' \
    'Expected get_desc64_base(&d) == 0xfffffe7cf8d65000, but' \
    'get_desc64_base(&d) == -120172544 (0xfffffffff8d65000)' \
    '0xfffffe7cf8d65000 == -1662272516096 (0xfffffe7cf8d65000)'

check_seed_bug polyval-kunit \
    '# test_polyval_preparekey_in_irqs: EXPECTATION FAILED at ' \
    'Timer function was not called' \
    'BH work function was not called' \
    'not ok 14 test_polyval_preparekey_in_irqs'

exit $status
