#!/usr/bin/env bash
# The test command's set-up (./scripts/test.sh runs it first; `test.sh --setup-only` runs only
# it): on a machine with only the Rust toolchain, installs what the tests need, one line each.
#   rustfmt, clippy         rustup component add
#   python3, prove, cc, gdb apt-get install python3 perl gcc gdb (as root; else says what to install)
#   lcov, valgrind          apt-get install lcov valgrind: check-coverage-report.sh's cross-check of
#                           lcov.info, --debugger=valgrind's test (each skips with one line without)
#   llvm-cov                llvm-profdata/llvm-cov of rustc's LLVM for --coverage: apt-get install
#                           llvm-N (N: rustc -vV's LLVM major), when apt has it
#   cargo-nextest, cargo2junit  cargo install --locked
#   nightly                 never installed: the AddressSanitizer and fuzz steps skip without it
# With TOOL arguments, only those (e.g. `scripts/setup.sh cargo2junit`).
set -euo pipefail
say() { printf 'setup: %s\n' "$*"; }
have() { command -v "$1" >/dev/null 2>&1; }
tools=("$@")
[ ${#tools[@]} -gt 0 ] || tools=(rustfmt clippy python3 prove cc gdb lcov valgrind llvm-cov cargo-nextest cargo2junit nightly)

# The pinned toolchain (rust-toolchain.toml; unless RUSTUP_TOOLCHAIN overrides it) first: every
# cargo call below runs under it.
# rustup installs it where the network allows; a machine whose `stable` already is that
# version (and no network to rustup's servers) gets it by name, as an alias of `stable`.
channel=$(sed -n 's/^channel = "\(.*\)"/\1/p' "$(dirname "$0")/../rust-toolchain.toml" 2>/dev/null || true)
if [ -n "$channel" ] && [ -z "${RUSTUP_TOOLCHAIN:-}" ] &&
  ! rustup run "$channel" rustc --version >/dev/null 2>&1; then
  host=$(rustup show 2>/dev/null | sed -n 's/^Default host: //p')
  stable_dir="$(rustup run stable rustc --print sysroot 2>/dev/null || true)"
  if [ -n "$stable_dir" ] && [ -n "$host" ] &&
    rustup run stable rustc --version 2>/dev/null | grep -q "^rustc $channel "; then
    ln -s "$stable_dir" "$(dirname "$stable_dir")/$channel-$host"
    say "toolchain $channel: the installed stable, named $channel-$host"
  else
    rustup toolchain install "$channel" --profile minimal --component rustfmt,clippy
    say "toolchain $channel: installed (rustup toolchain install $channel)"
  fi
fi

apt_tools=()
apt_pkgs=()
for tool in "${tools[@]}"; do
  case "$tool" in
    rustfmt | clippy)
      sub=${tool/rustfmt/fmt}
      if cargo "$sub" --version >/dev/null 2>&1; then
        say "$tool: present"
      else
        rustup component add "$tool"
        say "$tool: installed (rustup component add $tool)"
      fi
      ;;
    python3 | prove | cc | gdb | lcov | valgrind)
      if have "$tool"; then
        say "$tool: present"
      else
        apt_tools+=("$tool")
        case "$tool" in python3) apt_pkgs+=(python3) ;; prove) apt_pkgs+=(perl) ;; cc) apt_pkgs+=(gcc) ;; *) apt_pkgs+=("$tool") ;; esac
      fi
      ;;
    llvm-cov)
      # --coverage needs the LLVM tools of rustc's own LLVM version.
      major=$(rustc -vV | sed -n 's/^LLVM version: \([0-9]*\).*/\1/p')
      if have "llvm-cov-$major" && have "llvm-profdata-$major"; then
        say "llvm-cov: present (llvm-cov-$major)"
      elif have apt-get && apt-cache show "llvm-$major" >/dev/null 2>&1; then
        apt_tools+=("llvm-cov-$major")
        apt_pkgs+=("llvm-$major")
      else
        say "llvm-cov: no llvm-$major package; the --coverage check skips (rustup component add llvm-tools, or apt-get install llvm-$major)"
      fi
      ;;
    cargo-nextest | cargo2junit) ;; # after the C compiler: their builds may need one
    nightly)
      if rustup run nightly rustc --version >/dev/null 2>&1; then
        say "nightly: present (AddressSanitizer and fuzz steps run)"
      else
        say "nightly: absent; the AddressSanitizer and fuzz steps skip (enable: rustup toolchain install nightly --component rust-src)"
      fi
      ;;
    *)
      echo "setup: unknown tool '$tool'" >&2
      exit 2
      ;;
  esac
done

if [ ${#apt_pkgs[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ] || ! have apt-get; then
    echo "setup: missing ${apt_tools[*]}: install the packages ${apt_pkgs[*]} (as root: apt-get install ${apt_pkgs[*]})" >&2
    exit 1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${apt_pkgs[@]}"
  for tool in "${apt_tools[@]}"; do
    have "$tool" || { echo "setup: apt-get installed ${apt_pkgs[*]} but '$tool' is still missing" >&2; exit 1; }
    say "$tool: installed (apt-get install ${apt_pkgs[*]})"
  done
fi

for tool in "${tools[@]}"; do
  case "$tool" in
    cargo-nextest | cargo2junit)
      if have "$tool"; then
        say "$tool: present"
      else
        cargo install --locked --quiet "$tool"
        have "$tool" || { echo "setup: cargo installed $tool but it is not on PATH (add \$CARGO_HOME/bin)" >&2; exit 1; }
        say "$tool: installed (cargo install --locked $tool)"
      fi
      ;;
  esac
done
