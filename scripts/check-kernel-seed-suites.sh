#!/usr/bin/env bash
# Compiles the kernel's own checksum_kunit.c and polyval_kunit.c, unmodified, against kunit-c
# and kunit-arch (feature c-abi), runs them, then runs them again under `seed-bugs` and checks
# that exactly the seed failures appear.
#
#   scripts/check-kernel-seed-suites.sh /path/to/linux
#
# A manual check: the kernel files are GPL code from elsewhere, so they are copied into a
# temporary directory for the run and never into this repository. Needs a kernel checkout
# (lib/tests/checksum_kunit.c or lib/checksum_kunit.c, lib/crypto/tests/polyval_kunit.c and
# its headers). Exit status: 0 all as expected, 1 a mismatch, 2 bad usage.
set -euo pipefail

linux=${1:-}
if [[ -z $linux || ! -d $linux ]]; then
    echo "usage: $0 /path/to/linux" >&2
    exit 2
fi
repo=$(cd "$(dirname "$0")/.." && pwd)
checksum=$linux/lib/tests/checksum_kunit.c
[[ -f $checksum ]] || checksum=$linux/lib/checksum_kunit.c
crypto=$linux/lib/crypto/tests
for f in "$checksum" "$crypto/polyval_kunit.c" "$crypto/polyval-testvecs.h" "$crypto/hash-test-template.h"; do
    if [[ ! -f $f ]]; then
        echo "$0: missing $f" >&2
        exit 2
    fi
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/tests"
cp "$checksum" "$crypto/polyval_kunit.c" "$crypto"/*.h "$work/tests/"

cat >"$work/Cargo.toml" <<TOML
[package]
name = "kernel-c-suites"
version = "0.1.0"
edition = "2021"
publish = false
autobins = false
autolib = false
autotests = false

[workspace]

[dependencies]
kunit = { package = "kunit-rs", path = "$repo/kunit-rs/kunit" }
kunit-c-runtime = { path = "$repo/kunit-rs/kunit-c-runtime" }
kunit-arch = { path = "$repo/arch", features = ["c-abi"] }

[build-dependencies]
kunit-c = { path = "$repo/kunit-rs/kunit-c" }

[features]
seed-bugs = ["kunit-arch/seed-bugs"]

[[test]]
name = "kernel"
path = "tests/kernel.rs"
harness = false

[profile.dev]
opt-level = 1
debug = "line-tables-only"
TOML

cat >"$work/build.rs" <<'RS'
fn main() {
    kunit_c::Build::new()
        .file("tests/checksum_kunit.c")
        .file("tests/polyval_kunit.c")
        .include("tests")
        .compile("kernel_c_suites");
}
RS

cat >"$work/tests/kernel.rs" <<'RS'
use kunit_arch as _;
kunit_c_runtime::link_c_objects!();
fn main() {
    kunit_c_runtime::__require_c_suites();
    kunit::harness::main()
}
RS

cp "$repo/Cargo.lock" "$work/"
export CARGO_TARGET_DIR=$repo/target/kernel-c-suites
run() { (cd "$work" && cargo test -q "$@" 2>/dev/null) || true; }

status=0
echo "== kernel suites, fixed code"
out=$(run)
echo "$out" | grep -E '^(ok|not ok) [0-9]|^test result' || true
echo "$out" | grep -q '^ok 1 checksum$' && echo "$out" | grep -q '^ok 2 polyval$' || status=1

# (The pre-fix irq test is a model of the Rust polyval suite, suites/polyval, not of
# run-in-irq, so the C suites' kunit_run_irq_test is the fixed one under seed-bugs too.)
echo "== kernel suites, seed-bugs (i386 csum_partial)"
out=$(KUNIT_ARCH_CSUM_IMPL=i386 run --features seed-bugs)
echo "$out" | grep -E 'not ok|Expected|==|was not called' || true
failed=$(echo "$out" | grep -E '^    not ok [0-9]+ ' | awk '{print $4}' | sort | tr '\n' ' ')
want="test_csum_all_carry_inputs test_csum_no_carry_inputs "
if [[ $failed != "$want" ]]; then
    echo "seed-bugs: failed cases [$failed], expected [$want]" >&2
    status=1
fi
exit $status
