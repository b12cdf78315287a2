#!/usr/bin/env bash
# Runs the kernel's own KUnit test files from outside lib/ (and KUnit's self-tests in
# lib/kunit/), unmodified, each with the code the kernel's Makefile links for it, through
# `kunit c --kernel-tree`, and compares the cases passed, failed and skipped with what
# kunit.py printed for the file under UML (Debian's linux-source-6.12, --alltests) where
# kunit.py ran it.
#
#   scripts/check-kernel-c-beyond-lib.sh /path/to/linux-6.12 [NAME ...]
#
# NAME picks files by base name (time_test, assert_test, ...); all by default. A manual
# check, as scripts/check-kernel-c-suites.sh (lib/'s files) is: CI has no kernel tree, so
# scripts/test.sh runs it only when $KUNIT_KERNEL_TREE names one. The files are compiled
# where they are and never enter this repository; objects are cached in $KUNIT_C_CACHE
# (default target/kernel-c-suites). Slow cases run (--filter 'speed>=very_slow'), as
# kunit.py runs them.
# Exit status: 0 every file built, no case failed and every UML count matched; 1 otherwise;
# 2 bad usage.
set -euo pipefail

linux=${1:-}
if [[ -z $linux || ! -d $linux/kernel ]]; then
    echo "usage: $0 /path/to/linux [NAME ...]" >&2
    exit 2
fi
linux=$(cd "$linux" && pwd)
shift
repo=$(cd "$(dirname "$0")/.." && pwd)

# test file | the code the kernel links for it (obj-y objects the test calls into) |
# kunit.py's pass/fail/skip under UML, "-" where kunit.py did not run the file |
# options the test's Kconfig entry selects (kunit c reads no Kconfig), if any. kunit-test.c:
# UML's 22/0/2 counts its kunit_fault suite (1..0, skipped as a whole), which the speed
# filter below leaves out, as KUnit leaves out a suite a filter empties: 22/0/1 here.
suites='
kernel/time/time_test.c|kernel/time/timeconv.c|1/0/0
kernel/resource_kunit.c|kernel/resource.c|3/0/0|CONFIG_GET_FREE_REGION=y
drivers/base/power/qos-test.c|kernel/power/qos.c lib/plist.c kernel/notifier.c|3/0/0|CONFIG_PM=y
drivers/rtc/lib_test.c|drivers/rtc/lib.c|-
lib/kunit/kunit-example-test.c||9/0/4
lib/kunit/assert_test.c|lib/kunit/assert.c lib/kunit/string-stream.c|11/0/0
lib/kunit/string-stream-test.c|lib/kunit/string-stream.c lib/random32.c|12/0/0
lib/kunit/kunit-test.c|lib/kunit/string-stream.c|22/0/1
lib/kunit/platform-test.c||6/0/0
drivers/firewire/packet-serdes-test.c||-
drivers/firewire/ohci-serdes-test.c||-
drivers/firewire/self-id-sequence-helper-test.c||-
drivers/firewire/uapi-test.c||-
drivers/scsi/scsi_proto_test.c||-
drivers/gpu/drm/tests/drm_rect_test.c|drivers/gpu/drm/drm_rect.c|-
drivers/gpu/drm/tests/drm_format_test.c|drivers/gpu/drm/drm_fourcc.c|-
drivers/iio/test/iio-test-gts.c|drivers/iio/industrialio-gts-helper.c lib/sort.c|-
fs/bcachefs/mean_and_variance_test.c|fs/bcachefs/mean_and_variance.c lib/math/int_sqrt.c|-
arch/s390/lib/test_modules.c|arch/s390/lib/test_modules_helpers.c|-
net/mptcp/crypto_test.c|net/mptcp/crypto.c lib/crypto/sha256.c|-|CONFIG_INET=y CONFIG_MPTCP=y CONFIG_MPTCP_KUNIT_TEST=y CONFIG_CRYPTO_LIB_SHA256=y
net/mptcp/token_test.c|net/mptcp/token.c net/mptcp/crypto.c lib/crypto/sha256.c|-|CONFIG_INET=y CONFIG_MPTCP=y CONFIG_MPTCP_KUNIT_TEST=y CONFIG_CRYPTO_LIB_SHA256=y
fs/fat/fat_test.c|fs/fat/misc.c kernel/time/timeconv.c|-
fs/ext4/inode-test.c||-|CONFIG_EXT4_FS=y CONFIG_BLOCK=y
'

kunit=${KUNIT:-}
if [[ -z $kunit ]]; then
    (cd "$repo" && cargo build -q -p kunit-tool --bin kunit)
    kunit=${CARGO_TARGET_DIR:-$repo/target}/debug/kunit
fi
if [[ $kunit == */* && $kunit != /* ]]; then
    kunit=$PWD/$kunit
fi
export KUNIT_C_CACHE=${KUNIT_C_CACHE:-$repo/target/kernel-c-suites}
logs=$(mktemp -d)
trap '[[ -n ${KEEP:-} ]] || rm -rf "$logs"' EXIT

status=0
total=0
passed_files=0
printf '%-48s %5s %5s %5s  %-8s %s\n' file pass fail skip uml note
while IFS='|' read -r test code uml options; do
    [[ -n $test ]] || continue
    name=$(basename "$test" .c)
    if [[ $# -gt 0 ]] && ! printf '%s\n' "$@" | grep -qx "$name"; then
        continue
    fi
    total=$((total + 1))
    if [[ ! -f $linux/$test ]]; then
        printf '%-48s %5s %5s %5s  %-8s %s\n' "$test" - - - "$uml" "not in this tree"
        status=1
        continue
    fi
    args=(c --kernel-tree "$linux" "$test")
    for c in $code; do args+=("$c"); done
    # CONFIG_KUNIT_TEST=y as in kunit.py's --alltests: kunit-test.c's log tests run only
    # when KUnit's self-test is built in.
    args+=(--kconfig_add CONFIG_64BIT=y --kconfig_add CONFIG_KUNIT_TEST=y --filter 'speed>=very_slow')
    for o in $options; do args+=(--kconfig_add "$o"); done
    log=$logs/$name.log
    rc=0
    (cd "$linux" && "$kunit" "${args[@]}") >"$log" 2>&1 || rc=$?
    line=$(grep -a 'Testing complete\. Ran' "$log" | tail -1 || true)
    count() { echo "$line" | grep -o "$1: [0-9]*" | grep -o '[0-9]*$' || echo 0; }
    pass=$(count passed)
    fail=$(count failed)
    skip=$(count skipped)
    note=''
    if [[ -z $line ]]; then
        for pattern in 'kunit-c has no|neither kunit-c' ': (fatal )?error: ' 'undefined symbol: '; do
            note=$(grep -a -m1 -E "$pattern" "$log" | sed 's/^[ =]*\(note: \)\?//' | cut -c1-160 || true)
            [[ -z $note ]] || break
        done
        [[ -n $note ]] || note="no report (see KEEP=1 $log)"
        pass=- fail=- skip=-
    elif [[ $uml != - && $uml != "$pass/$fail/$skip" ]]; then
        note="differs from kunit.py under UML"
    fi
    printf '%-48s %5s %5s %5s  %-8s %s\n' "$test" "$pass" "$fail" "$skip" "$uml" "$note"
    if [[ $rc == 0 && -n $line && $fail == 0 && -z $note ]]; then
        passed_files=$((passed_files + 1))
    else
        status=1
    fi
done <<<"$suites"
echo "$passed_files of $total files built and passed (as under UML where kunit.py ran them)"
exit $status
