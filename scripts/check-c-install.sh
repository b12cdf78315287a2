#!/usr/bin/env bash
# `kunit c` works from an installed `kunit`, with no kunit-rs checkout anywhere near it:
#  1. `cargo install --path kunit-rs/kunit-tool` (from this checkout);
#  2. an install from the packages: the public crates are packaged (`cargo package`), the
#     .crate files unpacked into a temporary folder outside the checkout, and kunit-tool's
#     package installed from there (`cargo install --path`), its dependencies on our other
#     crates patched to their unpacked packages (they are not on crates.io yet);
# each then runs `kunit c` on a fixture C file of ours (copied out of the checkout, with a
# header of its own under -I) in a folder outside the checkout, with no cargo or rustc on
# $PATH, and must print the same report; and `kunit run --alltests` (tree mode) in a copy of the
# fixture kernel tree (kunit-tool/tests/fixtures/kernel-tree).
#
#   scripts/check-c-install.sh
#
# Exit 0: both installs ran the file; 1 otherwise. Builds kunit-tool twice in release mode
# (a few minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
# shellcheck source=lib/published-crates.sh
. scripts/lib/published-crates.sh
version=$(cargo metadata --no-deps --format-version 1 |
  python3 -c 'import json,sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"] == "kunit-tool"))')

fail() { echo "FAIL: $*" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/kunit-c-install.XXXXXX")
trap '[[ -n ${KEEP:-} ]] || rm -rf "$work"' EXIT
case $work/ in "$repo"/*) fail "the temporary folder $work is inside the checkout" ;; esac
# One build folder for both installs (only build output; never a source), kept between runs
# so that the dependencies are built once; debug builds: this proves that the installs work,
# not how fast the binary is.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$repo/target}/c-install"

# The fixture, outside the checkout.
mkdir -p "$work/fixture/inc"
cp kunit-rs/kunit-tool/tests/fixtures/c/pass_kunit.c "$work/fixture/"
cat >"$work/fixture/inc/install_value.h" <<'H'
#define INSTALL_VALUE 42
H
cat >"$work/fixture/install_kunit.c" <<'C'
#include <kunit/test.h>
#include <linux/string.h>
#include <install_value.h>

static void installed(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, INSTALL_VALUE, 42);
	KUNIT_EXPECT_EQ(test, strlen("kunit"), 5);
}

static struct kunit_case install_cases[] = {
	KUNIT_CASE(installed),
	{}
};

static struct kunit_suite install_suite = {
	.name = "c_install",
	.test_cases = install_cases,
};
kunit_test_suite(install_suite);
C

# The fixture kernel tree of tree mode (our own files), outside the checkout.
cp -r kunit-rs/kunit-tool/tests/fixtures/kernel-tree "$work/tree"

# A PATH without cargo and rustc: `kunit c` must not need them.
mkdir -p "$work/path"
for tool in cc gcc clang nm objcopy ar as ld; do
  p=$(command -v "$tool" || true)
  [[ -n $p ]] && ln -sf "$p" "$work/path/$tool"
done
run_installed() { # ROOT LABEL
  local root=$1 label=$2 out
  out=$(cd "$work/fixture" && env -u CARGO -u RUSTC PATH="$work/path:/usr/bin:/bin" \
    KUNIT_C_CACHE="$work/cache-$label" "$root/bin/kunit" c install_kunit.c -I inc 2>"$work/$label.err") ||
    { cat "$work/$label.err" >&2; fail "$label: kunit c failed"; }
  command -v cargo >/dev/null && env PATH="$work/path:/usr/bin:/bin" sh -c 'command -v cargo' >/dev/null &&
    fail "cargo is on the bare PATH; the check would not prove anything"
  # The report without its timestamps.
  sed -E 's/^\[[0-9:]{8}\] //' <<<"$out" >"$work/$label.report"
  grep -qx 'Testing complete. Ran 1 tests: passed: 1' "$work/$label.report" ||
    { cat "$work/$label.report" "$work/$label.err" >&2; fail "$label: not the expected report"; }
  echo "$label: kunit c passed ($(wc -l <"$work/$label.report") report lines)"
  # Tree mode from the same install: kunit.py's `run --alltests` in the fixture tree.
  rm -rf "$work/tree/.kunit-rs"
  out=$(cd "$work/tree" && env -u CARGO -u RUSTC PATH="$work/path:/usr/bin:/bin" \
    "$root/bin/kunit" run --alltests 2>"$work/$label-tree.err") ||
    { cat "$work/$label-tree.err" >&2; fail "$label: kunit run in the fixture tree failed"; }
  sed -E 's/^\[[0-9:]{8}\] //' <<<"$out" | grep -qx 'Testing complete. Ran 10 tests: passed: 7, skipped: 3' ||
    { echo "$out" >&2; fail "$label: tree mode: not the expected report"; }
  echo "$label: kunit run (tree mode) passed"
}

echo "==> cargo install --path kunit-rs/kunit-tool"
cargo install --quiet --debug --locked --path kunit-rs/kunit-tool --root "$work/checkout-install"
run_installed "$work/checkout-install" checkout

echo "==> cargo package, unpack, cargo install --path of the unpacked kunit-tool"
pkg_args=()
for p in "${published[@]}"; do pkg_args+=(-p "$p"); done
cargo package --quiet --allow-dirty --no-verify "${pkg_args[@]}"
mkdir -p "$work/unpacked"
patches=()
for p in "${published[@]}"; do
  tar -xzf "$CARGO_TARGET_DIR/package/$p-$version.crate" -C "$work/unpacked"
  [[ $p == kunit-tool ]] || patches+=(--config "patch.crates-io.$p.path=\"$work/unpacked/$p-$version\"")
done
# No checkout around it: the unpacked package alone, with kunit-c's headers inside.
[[ -f $work/unpacked/kunit-c-$version/include/kunit/test.h ]] || fail "kunit-c's package has no headers"
(cd "$work/unpacked" && cargo install --quiet --debug "${patches[@]}" \
  --path "kunit-tool-$version" --root "$work/package-install")
run_installed "$work/package-install" package

diff -u "$work/checkout.report" "$work/package.report" || fail "the two installs print different reports"
echo "check-c-install: kunit c and tree mode run from both installs, same report"
