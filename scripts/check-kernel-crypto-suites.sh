#!/usr/bin/env bash
# Builds the kernel's lib/crypto KUnit tests, unmodified, each with the generic C code the
# kernel's lib/crypto/Makefile links for it (CONFIG_CRYPTO_LIB_*_ARCH off: no arch code),
# against kunit-c; runs each and prints, per file, its cases passed/failed/skipped.
#
#   scripts/check-kernel-crypto-suites.sh [-I DIR ...] /path/to/linux [NAME ...]
#
# The tree's include/ is searched after kunit-c's headers (-idirafter), so <crypto/sha2.h>
# and the other public lib/crypto headers are the kernel's own while kunit-c's stand-ins
# serve the core library. -I DIR adds a directory searched just before the tree's include/
# (for a tree whose include/crypto is elsewhere). NAME picks files (sha256, md5, ...); all
# by default. A manual check: the kernel files are GPL code from elsewhere, so they are
# copied into a temporary directory for the run and never into this repository.
# Expected: every case passes except benchmark_* ("not enabled", as without
# CONFIG_CRYPTO_LIB_BENCHMARK). Exit status: 0 as expected, 1 a build or a case failed,
# 2 bad usage.
set -euo pipefail

usage() {
    echo "usage: $0 [-I DIR ...] /path/to/linux [NAME ...]" >&2
    exit 2
}
extra=()
while [[ ${1:-} == -I ]]; do
    [[ -n ${2:-} && -d $2 ]] || usage
    extra+=("$(cd "$2" && pwd)")
    shift 2
done
linux=${1:-}
[[ -n $linux && -d $linux/lib/crypto/tests ]] || usage
linux=$(cd "$linux" && pwd)
shift
repo=$(cd "$(dirname "$0")/.." && pwd)

# name | test file | code under test (lib/crypto/*.c, as the Makefile links it on a 64-bit
# machine with __int128: poly1305-donna64, curve25519-hacl64; the *-32 rows take the files
# it links without CONFIG_ARCH_SUPPORTS_INT128) | extra Kconfig options
suites='
sha1|sha1_kunit.c|sha1.c|
sha224|sha224_kunit.c|sha256.c|
sha256|sha256_kunit.c|sha256.c|
sha384|sha384_kunit.c|sha512.c|
sha512|sha512_kunit.c|sha512.c|
md5|md5_kunit.c|md5.c|
blake2s|blake2s_kunit.c|blake2s.c|
blake2b|blake2b_kunit.c|blake2b.c|
sha3|sha3_kunit.c|sha3.c utils.c memneq.c|
poly1305|poly1305_kunit.c|poly1305.c poly1305-donna64.c|CONFIG_CRYPTO_LIB_POLY1305_RSIZE=11
nh|nh_kunit.c|nh.c|
curve25519|curve25519_kunit.c|curve25519.c curve25519-hacl64.c utils.c memneq.c|
mldsa|mldsa_kunit.c|mldsa.c sha3.c utils.c memneq.c|CONFIG_CRYPTO_LIB_MLDSA_KUNIT_TEST=1
poly1305-32|poly1305_kunit.c|poly1305.c poly1305-donna32.c|CONFIG_CRYPTO_LIB_POLY1305_RSIZE=1
curve25519-32|curve25519_kunit.c|curve25519.c curve25519-fiat32.c utils.c memneq.c|
'
# What the kernel's Kconfig gives every file on x86_64 (see docs/src/c-suites.md,
# "lib/crypto"): a 64-bit machine with efficient unaligned access; FIPS and the benchmarks off.
common='CONFIG_64BIT=1'
case $(uname -m) in
x86_64 | aarch64 | arm64) common+=' CONFIG_HAVE_EFFICIENT_UNALIGNED_ACCESS=1' ;;
esac

work=$(mktemp -d)
trap '[[ -n ${KEEP:-} ]] || rm -rf "$work"' EXIT
# One shared target dir: only the C files and the link are redone per file.
export CARGO_TARGET_DIR=${KERNEL_CRYPTO_TARGET_DIR:-$repo/target/kernel-crypto-suites}
status=0
printf '%-17s %-40s %6s %6s %6s  %s\n' file code pass fail skip note
while IFS='|' read -r name test code kconfig; do
    [[ -n $name ]] || continue
    if [[ $# -gt 0 ]] && ! printf '%s\n' "$@" | grep -qx "$name"; then
        continue
    fi
    dir=$work/$name
    mkdir -p "$dir/tests" "$dir/src"
    cp "$linux/lib/crypto/tests/$test" "$linux/lib/crypto/tests/"*.h "$dir/tests/"
    # The code under test keeps its neighbours ("fips.h", the arch headers it names).
    cp "$linux/lib/crypto/"*.h "$dir/src/"
    files=".file(\"tests/$test\")"
    for c in $code; do
        cp "$linux/lib/crypto/$c" "$dir/src/"
        files+=".file(\"src/$c\")"
    done
    defines=''
    for d in $common $kconfig; do
        defines+=".define(\"${d%%=*}\", Some(\"${d#*=}\"))"
    done
    idirafter=''
    for i in "${extra[@]}" "$linux/include"; do
        idirafter+=".flag(\"-idirafter\").flag(r#\"$i\"#)"
    done
    cat >"$dir/Cargo.toml" <<TOML
[package]
name = "kernel-crypto-$name"
version = "0.1.0"
edition = "2021"
publish = false
autobins = false
autolib = false
autotests = false

[workspace]

[dependencies]
kunit = { package = "kunit-rs", path = "$repo/kunit-rs/kunit" }
kunit-c = { path = "$repo/kunit-rs/kunit-c" }

[build-dependencies]
kunit-c = { path = "$repo/kunit-rs/kunit-c" }

[[test]]
name = "kernel"
path = "tests/kernel.rs"
harness = false

[profile.dev]
opt-level = 1
debug = "line-tables-only"
TOML
    cat >"$dir/build.rs" <<RS
fn main() {
    kunit_c::Build::new()
        $files
        .include("tests")
        $defines
        $idirafter
        // As kbuild: <linux/kconfig.h> in every file, the kernel's C dialect and errors.
        .flag("-include").flag("linux/kconfig.h")
        .flag("-funsigned-char")
        .flag("-Werror=implicit-function-declaration")
        .flag("-Werror=implicit-int")
        .flag("-Werror=incompatible-pointer-types")
        .flag("-Werror=return-type")
        .compile("kernel_crypto");
}
RS
    echo 'kunit::main!();' >"$dir/tests/kernel.rs"
    cp "$repo/Cargo.lock" "$dir/"
    if ! (cd "$dir" && cargo build -q --tests </dev/null >"$dir/build.log" 2>&1); then
        printf '%-17s %-40s %6s %6s %6s  %s\n' "$test" "$code" - - - "build failed:"
        # The compiler's own diagnostics (or the log's tail), not cargo's wrapping of them.
        { grep -E 'error' "$dir/build.log" | grep -vE 'failed to run custom build|error occurred in cc-rs' ||
            tail -5 "$dir/build.log"; } | sed -E 's/^ *(cargo:warning=)?//' | head -5 | sed 's/^/    /'
        status=1
        continue
    fi
    out=$( (cd "$dir" && cargo test -q </dev/null 2>/dev/null) || true)
    pass=$(grep -cE '^    ok [0-9]+ [^#]*$' <<<"$out" || true)
    skip=$(grep -cE '^    ok [0-9]+ .*# SKIP' <<<"$out" || true)
    fail=$(grep -cE '^    not ok [0-9]+ ' <<<"$out" || true)
    note=$( (grep -E '# SKIP' <<<"$out" || true) | sed -E 's/^    ok [0-9]+ ([^ ]+) # SKIP (.*)/\1: \2/' | sort -u | paste -sd';' -)
    printf '%-17s %-40s %6s %6s %6s  %s\n' "$test" "$code" "$pass" "$fail" "$skip" "$note"
    if [[ $fail != 0 || $pass == 0 ]] || grep -E '# SKIP' <<<"$out" | grep -vqE 'ok [0-9]+ benchmark_'; then
        grep -E '^    not ok|Expected|# SKIP' <<<"$out" | grep -v benchmark_ | sed 's/^/    /' || true
        status=1
    fi
done <<<"$suites"
exit $status
