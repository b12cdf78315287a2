#!/usr/bin/env bash
# Runs the kernel's own lib/ KUnit test files, unmodified, each with the code under test the
# kernel's Makefile links for it, through `kunit c --kernel-tree`, and prints per file the
# cases passed, failed and skipped.
#
#   scripts/check-kernel-c-suites.sh /path/to/linux [NAME ...]
#
# NAME picks files by base name (list-test, sha256_kunit, ...); all by default.
# crc_kunit's tables come from lib/crc's host programs, which kunit c builds and runs as kbuild
# does (HOSTCC, HOSTCFLAGS from the environment, as make takes them).
# KUNIT_C_ARGS adds `kunit c` flags to every file (KUNIT_C_ARGS=--sanitize=address,undefined:
# a sanitizer report fails its case; KEEP=1 keeps the logs with the reports). A manual
# check (CI has no kernel tree): the files are compiled where they are, in the tree, and
# nothing of them enters this repository; the objects live in kunit c's cache
# ($KUNIT_C_CACHE, default target/kernel-c-suites here). The checksum and POLYVAL files
# with the seed bugs are scripts/check-kernel-seed-suites.sh's.
# Exit status: 0 every file built and no case failed, 1 otherwise, 2 bad usage.
set -euo pipefail

linux=${1:-}
if [[ -z $linux || ! -d $linux/lib ]]; then
    echo "usage: $0 /path/to/linux [NAME ...]" >&2
    exit 2
fi
linux=$(cd "$linux" && pwd)
shift
repo=$(cd "$(dirname "$0")/.." && pwd)

# test file | code under test (what the kernel's Makefile links with it; the test alone
# when the code is inline in headers) | --kconfig_add options
# Two layouts: 6.12 and earlier keep lib/'s tests beside the code (lib/*_kunit.c,
# lib/test_*.c); later trees (yai's, ~7.0) move them to lib/tests/.
suites_612='
lib/list-test.c|lib/klist.c|
lib/test_list_sort.c|lib/list_sort.c|
lib/hashtable_test.c||
lib/test_bits.c||
lib/bitfield_kunit.c||
lib/is_signed_type_kunit.c||
lib/overflow_kunit.c||
lib/stackinit_kunit.c||
lib/memcpy_kunit.c||
lib/string_kunit.c|lib/string.c|
lib/string_helpers_kunit.c|lib/string_helpers.c|
lib/fortify_kunit.c||CONFIG_FORTIFY_SOURCE=y
lib/cmdline_kunit.c|lib/cmdline.c|
lib/test_sort.c|lib/sort.c|
lib/test_hash.c||
lib/siphash_kunit.c|lib/siphash.c|
lib/checksum_kunit.c|lib/checksum.c|
lib/cpumask_kunit.c|lib/cpumask.c|
lib/test_linear_ranges.c|lib/linear_ranges.c|
lib/math/rational-test.c|lib/math/rational.c|
lib/math/tests/int_pow_kunit.c|lib/math/int_pow.c|
lib/kunit_iov_iter.c|lib/iov_iter.c|
lib/usercopy_kunit.c||CONFIG_MMU=y
lib/slub_kunit.c||
lib/longest_symbol_kunit.c||CONFIG_KPROBES=y
lib/test_kprobes.c||
lib/test_fprobe.c||
'
suites_tests='
lib/tests/list-test.c|lib/klist.c|
lib/tests/test_list_sort.c|lib/list_sort.c|
lib/tests/hashtable_test.c||
lib/tests/test_bits.c||
lib/tests/bitops_kunit.c|lib/find_bit.c|
lib/tests/ffs_kunit.c||
lib/tests/overflow_kunit.c||
lib/tests/string_kunit.c|lib/string.c|
lib/tests/string_helpers_kunit.c|lib/string_helpers.c|
lib/tests/cmdline_kunit.c|lib/cmdline.c|
lib/tests/base64_kunit.c|lib/base64.c|
lib/tests/test_sort.c|lib/sort.c|
lib/tests/kfifo_kunit.c|lib/kfifo.c|
lib/tests/seq_buf_kunit.c|lib/seq_buf.c|
lib/math/tests/int_pow_kunit.c|lib/math/int_pow.c|
lib/tests/bitfield_kunit.c||
lib/tests/is_signed_type_kunit.c||
lib/tests/stackinit_kunit.c||
lib/tests/memcpy_kunit.c||
lib/tests/fortify_kunit.c||CONFIG_FORTIFY_SOURCE=y
lib/tests/test_hash.c||
lib/tests/siphash_kunit.c|lib/siphash.c|
lib/tests/checksum_kunit.c|lib/checksum.c|
lib/tests/cpumask_kunit.c|lib/cpumask.c|
lib/tests/test_linear_ranges.c|lib/linear_ranges.c|
lib/tests/usercopy_kunit.c||CONFIG_MMU=y
lib/tests/glob_kunit.c|lib/glob.c|
lib/tests/min_heap_kunit.c|lib/min_heap.c|
lib/tests/uuid_kunit.c|lib/uuid.c|
lib/tests/util_macros_kunit.c||
lib/tests/list-private-test.c||
lib/tests/printf_kunit.c|lib/vsprintf.c lib/kasprintf.c lib/siphash.c lib/kstrtox.c lib/random32.c lib/string_helpers.c|CONFIG_SYMBOLIC_ERRNAME=y
lib/tests/scanf_kunit.c|lib/vsprintf.c lib/siphash.c lib/kstrtox.c lib/random32.c lib/string_helpers.c|
lib/tests/test_ratelimit.c|lib/ratelimit.c|
lib/tests/kunit_iov_iter.c|lib/iov_iter.c|
lib/tests/slub_kunit.c||
lib/tests/longest_symbol_kunit.c||CONFIG_KPROBES=y
lib/math/tests/gcd_kunit.c|lib/math/gcd.c|
lib/crc/tests/crc_kunit.c|lib/crc/crc7.c lib/crc/crc16.c lib/crc/crc-t10dif-main.c lib/crc/crc32-main.c lib/crc/crc64-main.c lib/random32.c|CONFIG_CRC_KUNIT_TEST=y
lib/math/tests/prime_numbers_kunit.c|lib/math/prime_numbers.c lib/bitmap-str.c lib/math/int_sqrt.c|CONFIG_PRIME_NUMBERS_KUNIT_TEST=y
lib/math/tests/int_sqrt_kunit.c|lib/math/int_sqrt.c|
lib/math/tests/int_log_kunit.c|lib/math/int_log.c|
lib/math/tests/rational_kunit.c|lib/math/rational.c|
lib/crypto/tests/sha256_kunit.c|lib/crypto/sha256.c|
lib/crypto/tests/sha512_kunit.c|lib/crypto/sha512.c|
lib/crypto/tests/blake2s_kunit.c|lib/crypto/blake2s.c|
lib/crypto/tests/md5_kunit.c|lib/crypto/md5.c|
lib/crypto/tests/sha1_kunit.c|lib/crypto/sha1.c|
lib/crypto/tests/sha224_kunit.c|lib/crypto/sha256.c|
lib/crypto/tests/sha384_kunit.c|lib/crypto/sha512.c|
lib/crypto/tests/blake2b_kunit.c|lib/crypto/blake2b.c|
lib/crypto/tests/sha3_kunit.c|lib/crypto/sha3.c lib/crypto/utils.c lib/crypto/memneq.c|
lib/crypto/tests/poly1305_kunit.c|lib/crypto/poly1305.c lib/crypto/poly1305-donna64.c|CONFIG_CRYPTO_LIB_POLY1305_RSIZE=11
lib/crypto/tests/poly1305_kunit.c|lib/crypto/poly1305.c lib/crypto/poly1305-donna32.c|CONFIG_CRYPTO_LIB_POLY1305_RSIZE=1
lib/crypto/tests/nh_kunit.c|lib/crypto/nh.c|
lib/crypto/tests/curve25519_kunit.c|lib/crypto/curve25519.c lib/crypto/curve25519-hacl64.c lib/crypto/utils.c lib/crypto/memneq.c|CONFIG_ARCH_SUPPORTS_INT128=y
lib/crypto/tests/curve25519_kunit.c|lib/crypto/curve25519.c lib/crypto/curve25519-fiat32.c lib/crypto/utils.c lib/crypto/memneq.c|
lib/crypto/tests/mldsa_kunit.c|lib/crypto/mldsa.c lib/crypto/sha3.c lib/crypto/utils.c lib/crypto/memneq.c|CONFIG_CRYPTO_LIB_MLDSA_KUNIT_TEST=y
'
if [[ -d $linux/lib/tests ]]; then
    suites=$suites_tests
else
    suites=$suites_612
fi
# What the kernel's Kconfig gives these files on x86_64: a 64-bit machine with efficient
# unaligned access; the crypto benchmarks off (CONFIG_CRYPTO_LIB_BENCHMARK=n, its default).
common=(--kconfig_add CONFIG_64BIT=y)
case $(uname -m) in
x86_64 | aarch64 | arm64) common+=(--kconfig_add CONFIG_HAVE_EFFICIENT_UNALIGNED_ACCESS=y) ;;
esac

kunit=${KUNIT:-}
if [[ -z $kunit ]]; then
    (cd "$repo" && cargo build -q -p kunit-tool --bin kunit)
    kunit=${CARGO_TARGET_DIR:-$repo/target}/debug/kunit
fi
export KUNIT_C_CACHE=${KUNIT_C_CACHE:-$repo/target/kernel-c-suites}
logs=$(mktemp -d)
trap '[[ -n ${KEEP:-} ]] || rm -rf "$logs"' EXIT

status=0
total=0
passed_files=0
printf '%-36s %5s %5s %5s  %s\n' file pass fail skip note
while IFS='|' read -r test code kconfig; do
    [[ -n $test ]] || continue
    name=$(basename "$test" .c)
    if [[ $# -gt 0 ]] && ! printf '%s\n' "$@" | grep -qx "$name"; then
        continue
    fi
    total=$((total + 1))
    if [[ ! -f $linux/$test ]]; then
        printf '%-36s %5s %5s %5s  %s\n' "$test" - - - "not in this tree"
        status=1
        continue
    fi
    args=(c --kernel-tree "$linux" "$test")
    for c in $code; do args+=("$c"); done
    args+=("${common[@]}")
    # KUNIT_C_ARGS: more `kunit c` flags for every file (--sanitize=address,undefined, --coverage=DIR).
    # shellcheck disable=SC2206
    args+=(${KUNIT_C_ARGS:-})
    for k in $kconfig; do args+=(--kconfig_add "$k"); done
    log=$logs/$name.log
    rc=0
    "$kunit" "${args[@]}" >"$log" 2>&1 || rc=$?
    # kunit.py's closing line: "Testing complete. Ran N tests: passed: P, failed: F, ...".
    line=$(grep -a 'Testing complete\. Ran' "$log" | tail -1 || true)
    count() { echo "$line" | grep -o "$1: [0-9]*" | grep -o '[0-9]*$' || echo 0; }
    pass=$(count passed)
    fail=$(count failed)
    skip=$(count skipped)
    errors=$(count errors)
    note=''
    if [[ -z $line ]]; then
        # The build failed: the first error line says why.
        note=''
        for pattern in 'kunit-c has no|neither kunit-c' ': (fatal )?error: ' 'undefined symbol: '; do
            note=$(grep -a -m1 -E "$pattern" "$log" | sed 's/^[ =]*\(note: \)\?//' | cut -c1-160 || true)
            [[ -z $note ]] || break
        done
        [[ -n $note ]] || note="no report (see KEEP=1 $log)"
        pass=- fail=- skip=-
    elif [[ $errors != 0 ]]; then
        note="$errors errors"
    fi
    printf '%-36s %5s %5s %5s  %s\n' "$test" "$pass" "$fail" "$skip" "$note"
    if [[ $rc == 0 && -n $line && $fail == 0 && $errors == 0 ]]; then
        passed_files=$((passed_files + 1))
    else
        status=1
    fi
done <<<"$suites"
echo "$passed_files of $total files built and passed"
exit $status
