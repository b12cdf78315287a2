#!/usr/bin/env bash
# Libtest-shaped test files in kunit-rs/kunit-macros/tests/parity/, each built as a libtest
# target, as a `#[kunit_tests]` suite in a kunit harness, and as that module under libtest (its
# shims, the library layout): all must report the same passed / failed / ignored counts, and
# the same again with --ignored and with libtest-style filters.
#   tests.rs   libtest's attributes, return types, assertions, nested modules
#   shapes.rs  modules that macros write (nested, of another crate, with async tests),
#              #[cfg]-switched tests,
#              #[tokio::test] / #[futures_test::test] / #[async_std::test], should_panic,
#              catch_unwind, threads
# Both fail on purpose (some cases fail), so only the counts are compared.
# Last, a harness with plain `kunit::main!()` whose suite holds another crate's macro-written
# module must fail to build (kunit's #[test] cannot reach it), never drop those tests; one whose
# such module holds only async tests (libtest's `#[::core::prelude::v1::test]`, out of any
# import's reach) builds and refuses to start (exit 2, naming the call); and
# `kunit::main!(macro_use)` without `extern crate self as core;` fails to build.
set -euo pipefail
cd "$(dirname "$0")/.."

counts() {
  # The closing line: "test result: FAILED. 16 passed; 9 failed; 4 ignored; ...".
  local line
  line=$(cargo test -p kunit-rs-macros --test "$1" -- "${@:2}" 2>/dev/null | grep '^test result:' || true)
  if [ -z "$line" ]; then
    echo "error: no 'test result:' line from $1 $*" >&2
    exit 1
  fi
  sed -E 's/.* ([0-9]+) passed; ([0-9]+) failed; ([0-9]+) ignored;.*/\1 passed, \2 failed, \3 ignored/' <<<"$line"
}

status=0
compare() {
  local file=$1 args=$2 libtest kunit shims
  # shellcheck disable=SC2086
  libtest=$(counts "${file}_libtest" $args)
  # shellcheck disable=SC2086
  kunit=$(counts "${file}_kunit" $args)
  # shellcheck disable=SC2086
  shims=$(counts "${file}_shims" $args)
  if [ "$libtest" = "$kunit" ] && [ "$libtest" = "$shims" ]; then
    echo "ok: $file [${args:-no arguments}] $kunit"
  else
    echo "MISMATCH: $file [${args:-no arguments}] libtest: $libtest; kunit harness: $kunit; libtest shims: $shims" >&2
    status=1
  fi
}

for args in "" "--ignored" "--include-ignored" "tests::inner" "tests::passes --exact"; do
  compare parity "$args"
done
for args in "" "--ignored" "--include-ignored" "shapes::u8" "shapes::level" "shapes::foreign" "shapes::foreign_async" \
  "tokio" "shapes::configured_out" "shapes::catch_unwind_inside --exact"; do
  compare shapes "$args"
done

# The strict default: built outside the workspace (sharing its target directory and lock).
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/src"
cat >"$scratch/Cargo.toml" <<TOML
[package]
name = "strict-fixture"
version = "0.0.0"
edition = "2021"
publish = false
[workspace]
[dependencies]
kunit = { package = "kunit-rs", path = "$PWD/kunit-rs/kunit" }
kunit-fixture-macros = { path = "$PWD/kunit-rs/kunit-macros/tests/foreign-macros" }
TOML
cat >"$scratch/src/main.rs" <<'RS'
#[kunit::kunit_tests(strict)]
mod strict {
    #[test]
    fn own() {}
    kunit_fixture_macros::foreign_module!(foreign);
}
kunit::main!();
RS
cp Cargo.lock "$scratch/"
target=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
if out=$(cd "$scratch" && CARGO_TARGET_DIR="$target" cargo build --offline 2>&1); then
  echo "MISMATCH: another crate's macro-written #[test]s under plain kunit::main!() built (they would be lost)" >&2
  status=1
elif grep -q 'error\[E0659\]: `test` is ambiguous' <<<"$out" \
  && grep -q 'foreign_module!(foreign)' <<<"$out"; then
  echo "ok: strict kunit::main!() refuses another crate's macro-written #[test]s (E0659 at the macro call)"
else
  echo "MISMATCH: the strict build failed for another reason:" >&2
  echo "$out" >&2
  status=1
fi

# Only async tests in another crate's module, under plain kunit::main!(): a refusal to start.
cat >>"$scratch/Cargo.toml" <<'TOML'
tokio = { version = "1", features = ["rt", "rt-multi-thread", "macros"] }
futures-test = "0.3"
async-std = { version = "1", features = ["attributes"] }
TOML
cat >"$scratch/src/main.rs" <<'RS'
#[kunit::kunit_tests(strict_async)]
mod strict_async {
    #[test]
    fn own() {}
    kunit_fixture_macros::foreign_async_module!(foreign_async);
}
kunit::main!();
RS
if ! out=$(cd "$scratch" && CARGO_TARGET_DIR="$target" cargo build --offline 2>&1); then
  echo "MISMATCH: the strict async fixture failed to build:" >&2
  echo "$out" >&2
  status=1
else
  bin="$target/debug/strict-fixture"
  set +e
  run=$("$bin" 2>&1)
  code=$?
  set -e
  if [ "$code" = 2 ] && grep -q '^error: kunit cannot see into `kunit_fixture_macros::foreign_async_module!` at src/main.rs:5' <<<"$run" \
    && ! grep -q '^ok\|^not ok' <<<"$run"; then
    echo "ok: strict kunit::main!() refuses to start with another crate's macro-written async tests (exit 2, names the call)"
  else
    echo "MISMATCH: the strict async fixture ran (exit $code):" >&2
    echo "$run" >&2
    status=1
  fi
fi

# kunit::main!(macro_use) needs `extern crate self as core;`.
cat >"$scratch/src/main.rs" <<'RS'
#[macro_use(test)]
extern crate kunit;
#[kunit::kunit_tests(no_core)]
mod no_core {
    #[test]
    fn own() {}
}
kunit::main!(macro_use);
RS
if out=$(cd "$scratch" && CARGO_TARGET_DIR="$target" cargo build --offline 2>&1); then
  echo "MISMATCH: kunit::main!(macro_use) without extern crate self as core built" >&2
  status=1
elif grep -q 'kunit_main_macro_use_needs__extern_crate_self_as_core__at_the_crate_root' <<<"$out"; then
  echo "ok: kunit::main!(macro_use) without \`extern crate self as core;\` fails to build, naming it"
else
  echo "MISMATCH: the macro_use build failed for another reason:" >&2
  echo "$out" >&2
  status=1
fi
# Whole test files moved under #[kunit_tests] as the migration guide says (the file inside
# `#[kunit::kunit_tests(name)] mod name { .. }`, then `kunit::main!();`), in an edition-2015
# crate (kunit-rs/kunit-macros/tests/parity/crate-roots): each file's counts under libtest and
# under kunit must be equal.
#   edition2015.rs  extern crate, #[macro_use] extern crate, `use` paths from the crate root
#   cfg_off.rs      switched off by #![cfg(..)]: 0 tests both ways
#   file_mods.rs    `mod common;` with tests and `mod helpers;` without: as written, the kunit
#                   build fails naming each file and its fix; with the fixes, libtest's counts
#   async_inner.rs  an included file with #[tokio::test]: plain kunit::main!() refuses to start
roots=$(mktemp -d)
trap 'rm -rf "$scratch" "$roots"' EXIT
fixtures="kunit-rs/kunit-macros/tests/parity/crate-roots"
mkdir -p "$roots/src" "$roots/tests"
cp "$fixtures/lib.rs" "$roots/src/lib.rs"
cp -r "$fixtures/common" "$fixtures/helpers.rs" "$fixtures/async_inner.rs" "$roots/tests/"
cat >"$roots/Cargo.toml" <<TOML
[package]
name = "crate-roots"
version = "0.0.0"
edition = "2015"
publish = false
autotests = false
[workspace]
[features]
absent = []
[dev-dependencies]
kunit = { package = "kunit-rs", path = "$PWD/kunit-rs/kunit" }
tokio = { version = "1", features = ["rt", "rt-multi-thread", "macros", "time", "test-util"] }
TOML
# wrap NAME [ABOVE]: the file as a #[kunit_tests] module, the one edit the guide asks of every
# file (ABOVE: lines that go above the module).
wrap() {
  if [ -n "${2:-}" ]; then printf '%s\n' "$2"; fi
  printf '#[kunit::kunit_tests(%s)]\nmod %s {\n' "$1" "$1"
  cat
  printf '}\nkunit::main!();\n'
}
for f in edition2015 cfg_off file_mods; do
  cp "$fixtures/$f.rs" "$roots/tests/${f}_libtest.rs"
  if [ "$f" = file_mods ]; then
    # The form the build error names.
    sed -e 's|^mod common;$|mod common { include!("common/mod.rs"); }|' -e 's|^mod helpers;$|use super::helpers;|' \
      "$fixtures/$f.rs" | wrap "$f" "mod helpers;" >"$roots/tests/${f}_kunit.rs"
  else
    wrap "$f" <"$fixtures/$f.rs" >"$roots/tests/${f}_kunit.rs"
  fi
  printf '[[test]]\nname = "%s_libtest"\npath = "tests/%s_libtest.rs"\n' "$f" "$f" >>"$roots/Cargo.toml"
  printf '[[test]]\nname = "%s_kunit"\npath = "tests/%s_kunit.rs"\nharness = false\n' "$f" "$f" >>"$roots/Cargo.toml"
done
wrap file_mods <"$fixtures/file_mods.rs" >"$roots/tests/file_mods_verbatim.rs"
grep -v '^mod common;$' "$fixtures/file_mods.rs" | wrap file_mods_helpers >"$roots/tests/file_mods_helpers.rs"
cat >"$roots/tests/async_include.rs" <<'RS'
#[kunit::kunit_tests(async_include)]
mod async_include {
    mod inner { include!("async_inner.rs"); }
    #[test]
    fn own() {}
}
kunit::main!();
RS
for t in file_mods_verbatim file_mods_helpers async_include; do
  printf '[[test]]\nname = "%s"\npath = "tests/%s.rs"\nharness = false\n' "$t" "$t" >>"$roots/Cargo.toml"
done
# (async fn needs a later edition)
printf 'edition = "2021"\n' >>"$roots/Cargo.toml"
cp Cargo.lock "$roots/"
root_counts() {
  local line
  line=$(cd "$roots" && CARGO_TARGET_DIR="$target" cargo test --offline --test "$1" -- "${@:2}" 2>/dev/null | grep '^test result:' || true)
  if [ -z "$line" ]; then
    echo "none"
  else
    sed -E 's/.* ([0-9]+) passed; ([0-9]+) failed; ([0-9]+) ignored;.*/\1 passed, \2 failed, \3 ignored/' <<<"$line"
  fi
}
for f in edition2015 cfg_off file_mods; do
  for args in "" "--include-ignored"; do
    # shellcheck disable=SC2086
    libtest=$(root_counts "${f}_libtest" $args)
    # shellcheck disable=SC2086
    kunit=$(root_counts "${f}_kunit" $args)
    if [ "$libtest" != none ] && [ "$libtest" = "$kunit" ]; then
      echo "ok: crate-roots/$f.rs (edition 2015) [${args:-no arguments}] $kunit"
    else
      echo "MISMATCH: crate-roots/$f.rs (edition 2015) [${args:-no arguments}] libtest: $libtest; kunit: $kunit" >&2
      (cd "$roots" && CARGO_TARGET_DIR="$target" cargo build --offline --test "${f}_kunit" 2>&1 | tail -30) >&2
      status=1
    fi
  done
done
if out=$(cd "$roots" && CARGO_TARGET_DIR="$target" cargo build --offline --test file_mods_verbatim 2>&1); then
  echo "MISMATCH: \`mod common;\` inside #[kunit_tests] built (rustc refuses file modules in macro input)" >&2
  status=1
elif grep -qF 'error: `mod common;` inside #[kunit_tests] loads tests/common/mod.rs' <<<"$out" \
  && grep -qF 'mod common { include!("common/mod.rs"); }' <<<"$out"; then
  echo "ok: \`mod common;\` inside #[kunit_tests] fails to build, naming tests/common/mod.rs and the include! form"
else
  echo "MISMATCH: the file-module build failed for another reason:" >&2
  echo "$out" >&2
  status=1
fi
if out=$(cd "$roots" && CARGO_TARGET_DIR="$target" cargo build --offline --test file_mods_helpers 2>&1); then
  echo "MISMATCH: \`mod helpers;\` inside #[kunit_tests] built" >&2
  status=1
elif grep -qF 'error: `mod helpers;` inside #[kunit_tests] loads tests/helpers.rs' <<<"$out" \
  && grep -qF 'It holds no test: declare `mod helpers;` above the #[kunit_tests] module and write `use super::helpers;` here' <<<"$out"; then
  echo "ok: \`mod helpers;\` (no tests) inside #[kunit_tests] fails to build, naming tests/helpers.rs and the use super:: form"
else
  echo "MISMATCH: the helper-module build failed for another reason:" >&2
  echo "$out" >&2
  status=1
fi
# An included file with an async test: kunit cannot see it, so plain main!() refuses to start.
set +e
run=$(cd "$roots" && CARGO_TARGET_DIR="$target" cargo test --offline --test async_include 2>&1)
set -e
if grep -qF 'error: kunit cannot see into `include!` at tests/async_include.rs:3' <<<"$run" \
  && ! grep -q '^test result:' <<<"$run"; then
  echo "ok: an included file with an async test makes plain kunit::main!() refuse to start, naming the include!"
else
  echo "MISMATCH: the included async test:" >&2
  echo "$run" >&2
  status=1
fi
exit $status
