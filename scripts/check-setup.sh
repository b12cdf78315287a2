#!/usr/bin/env bash
# README's test command sets itself up on a machine with only the Rust toolchain: runs
# `scripts/test.sh --setup-only` with PATH stripped to a throwaway prefix that holds a shell,
# coreutils and rustup's cargo/rustc/rustup, and RUSTUP_HOME a throwaway one that links only
# the stable toolchain (so no nightly). Asserts what the set-up did:
#   python3, prove, cc, gdb, lcov, valgrind  missing -> apt-get install python3 perl gcc gdb lcov
#                        valgrind. apt-get here is a stand-in
#                        that records its arguments, resolves them with the real `apt-get -s`
#                        (a dry run: the packages are installed already) and links the real
#                        binaries into the prefix, as the install would have put them on PATH;
#   cargo-nextest, cargo2junit  missing -> really built with cargo install, into the prefix
#                        (their build directory is kept in $CARGO_TARGET_DIR/setup-check, so later runs
#                        are quick);
#   rustfmt, clippy      present (components of the linked toolchain);
#   nightly              absent -> one line saying how to enable the steps that need it.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
fail() { echo "FAIL: check-setup: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || { echo "check-setup: not root; skipping (the apt-get path needs root)"; exit 0; }
command -v apt-get >/dev/null || { echo "check-setup: no apt-get; skipping"; exit 0; }
tmp=$(mktemp -d /tmp/kunit-setup-check.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
bin=$tmp/bin
mkdir -p "$bin" "$tmp/cargo/bin"
for t in bash sh env id mkdir ln cat grep sed dirname basename mktemp rm head tail tr printf \
  uname cp chmod ls sort wc touch mv apt-cache; do
  ln -s "$(command -v "$t")" "$bin/$t"
done
for t in cargo rustc rustup; do ln -s "$(command -v "$t")" "$bin/$t"; done
real_path=$PATH
stable=$(rustup run stable rustc --print sysroot)
cat >"$bin/apt-get" <<STUB
#!/bin/bash
echo "apt-get \$*" >>"$tmp/apt.log"
[ "\$1" = update ] && exit 0
args=(); for a in "\$@"; do case "\$a" in install|-y|-qq) ;; *) args+=("\$a");; esac; done
PATH="$real_path" apt-get install -s "\${args[@]}" >"$tmp/apt-sim.log" || exit 100
for pkg in "\${args[@]}"; do
  case "\$pkg" in
    python3) tools="python3" ;; perl) tools="perl prove" ;; gcc) tools="cc gcc as ld ar" ;;
    gdb | lcov | valgrind) tools="\$pkg" ;; llvm-[0-9]*) tools="llvm-cov-\${pkg#llvm-} llvm-profdata-\${pkg#llvm-}" ;;
    *) tools="" ;;
  esac
  for t in \$tools; do ln -sf "\$(PATH="$real_path" command -v "\$t")" "$bin/\$t"; done
done
STUB
chmod +x "$bin/apt-get"
export RUSTUP_HOME=$tmp/rustup
env PATH="$bin" rustup toolchain link kunit-stable "$stable" >/dev/null
env PATH="$bin" rustup default kunit-stable >/dev/null
out=$(env PATH="$tmp/cargo/bin:$bin" CARGO_INSTALL_ROOT="$tmp/cargo" \
  CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$repo/target}/setup-check" RUSTUP_TOOLCHAIN=kunit-stable \
  bash scripts/test.sh --setup-only 2>&1) || { echo "$out"; fail "the set-up failed"; }
echo "$out"
expect() { grep -qxF "$1" <<<"$out" || fail "no line '$1'"; }
# --coverage's LLVM tools come from Debian's llvm-N when apt has it.
major=$(RUSTUP_TOOLCHAIN=kunit-stable rustc -vV | sed -n 's/^LLVM version: \([0-9]*\).*/\1/p')
llvm_pkg=""
apt-cache show "llvm-$major" >/dev/null 2>&1 && llvm_pkg="llvm-$major"
expect "setup: rustfmt: present"
expect "setup: clippy: present"
expect "setup: python3: installed (apt-get install python3 perl gcc gdb lcov valgrind${llvm_pkg:+ $llvm_pkg})"
expect "setup: prove: installed (apt-get install python3 perl gcc gdb lcov valgrind${llvm_pkg:+ $llvm_pkg})"
expect "setup: cc: installed (apt-get install python3 perl gcc gdb lcov valgrind${llvm_pkg:+ $llvm_pkg})"
expect "setup: gdb: installed (apt-get install python3 perl gcc gdb lcov valgrind${llvm_pkg:+ $llvm_pkg})"
expect "setup: lcov: installed (apt-get install python3 perl gcc gdb lcov valgrind${llvm_pkg:+ $llvm_pkg})"
expect "setup: valgrind: installed (apt-get install python3 perl gcc gdb lcov valgrind${llvm_pkg:+ $llvm_pkg})"
expect "setup: cargo-nextest: installed (cargo install --locked cargo-nextest)"
expect "setup: cargo2junit: installed (cargo install --locked cargo2junit)"
expect "setup: nightly: absent; the AddressSanitizer and fuzz steps skip (enable: rustup toolchain install nightly --component rust-src)"
grep -qx "apt-get install -y -qq python3 perl gcc gdb lcov valgrind${llvm_pkg:+ $llvm_pkg}" "$tmp/apt.log" || fail "apt-get was not asked for python3 perl gcc gdb lcov valgrind${llvm_pkg:+ $llvm_pkg}"
[ -x "$tmp/cargo/bin/cargo-nextest" ] && [ -x "$tmp/cargo/bin/cargo2junit" ] || fail "cargo tools not in the prefix"
"$tmp/cargo/bin/cargo-nextest" nextest --version >/dev/null || fail "the installed cargo-nextest does not run"
# A second run finds everything and installs nothing.
again=$(env PATH="$tmp/cargo/bin:$bin" RUSTUP_TOOLCHAIN=kunit-stable bash scripts/setup.sh 2>&1)
[ "$(grep -c ': installed' <<<"$again" || true)" -eq 0 ] || { echo "$again"; fail "a second set-up installed again"; }
echo "check-setup: on a bare PATH the set-up installed python3/prove/cc (apt-get), cargo-nextest and cargo2junit (cargo install), and skipped the nightly steps"
