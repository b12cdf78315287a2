#!/usr/bin/env bash
# The project's test command (README): formatting, lints, every test target, and the
# cross-checks that need more than one build. It first installs what it needs
# (scripts/setup.sh), then runs its named steps, several at a time.
#
#   scripts/test.sh                  set-up, then every step
#   scripts/test.sh --list           the steps, one a line: name, tools it needs, what it checks
#   scripts/test.sh STEP...          set-up, then only these steps
#   scripts/test.sh --skip STEP ...  every step but these (repeatable)
#   scripts/test.sh -j N             at most N steps at a time (default: the CPUs, nproc)
#   scripts/test.sh --setup-only     the set-up alone
#
# Steps run in parallel (cargo's lock on the target directory orders their builds); a step
# marked `alone` runs with no other (the irq stress saturates the CPUs on purpose). Each step's
# output is printed whole when it ends, then a table of step, seconds and result; the exit
# status is 1 when a step failed. A step whose tool is missing (after the set-up) is skipped
# with one line naming it; a missing or non-executable script fails its step.
set -euo pipefail
cd "$(dirname "$0")/.."

# The cross-checks of harness binaries are Rust tests (xtask/tests/harness_binaries/, one
# module a step), #[ignore]d so that the test step does not run them; each step runs its own.
xt="cargo test -p xtask --test harness_binaries -- --ignored --timeout 3600"
# name|tools it needs (space-separated, - for none)|alone or -|command|what it checks
# In the order they start: the long ones first, those that build in a target directory of
# their own (libtest-parity, c-install, package, setup-check, asan, fuzz) beside those that
# build in target/, and stress-irq, which runs alone, last.
STEPS=(
  "fmt|-|-|cargo fmt --all --check|cargo fmt --check"
  "codegen|-|-|cargo xtask codegen --check|generated files are up to date (cargo xtask codegen --check)"
  "selftest-listing|python3|-|scripts/check-selftest-listing.sh|one test convention: every *_kunit.rs suite file pulled in once, no other unit tests in src/"
  "layering|-|-|cargo xtask layering|no import cycle between files, declared layers one-way (every crate)"
  "test|-|-|cargo test --workspace|cargo test --workspace"
  "libtest-parity|-|-|$xt libtest_parity::|#[kunit_tests]: one libtest-shaped file counts the same under libtest and under kunit"
  "clippy|-|-|cargo clippy --workspace --all-targets -- -D warnings|cargo clippy, warnings denied"
  "c-install|cc python3|-|scripts/check-c-install.sh|kunit c runs from an installed kunit: cargo install --path, and from the unpacked packages"
  "docs|-|-|scripts/check-docs.sh|rustdoc clean (warnings denied)"
  "package|python3|-|scripts/check-package.sh|the public crates package and verify together"
  "assert-release|-|-|cargo test -p kunit-rs --release --test selftest -- --filter_glob kunit_assert|assertion self-tests with the optimized-build expansion (Copy operands by value)"
  "setup-check|-|-|scripts/check-setup.sh|the set-up installs what a machine with only Rust lacks (bare PATH, throwaway prefix)"
  "parse-bench|-|-|cargo test -p kunit-tool --bench parse|parse bench: the generated log parses to the generated totals"
  "coverage|-|-|scripts/check-coverage-report.sh|--coverage: lcov.info of the code under test (fixtures, examples/c-suite with its build-script C, examples/hello-kunit), and its page in headless Chromium"
  "seed-bugs|-|-|scripts/check-seed-bugs.sh|seed bugs: caught with --features seed-bugs, absent without"
  "asan|-|-|scripts/check-asan.sh --ci|AddressSanitizer over the crates with unsafe code (nightly; skipped with a message without it)"
  "ide-runnables|-|-|$xt ide_runnables::|#[kunit_tests]: rust-analyzer's and RustRover's test command lines run exactly the chosen case"
  "kunit-shards|-|-|$xt kunit_shards::|kunit --partition K/N: every suite in exactly one shard; kunit parse merges the shards"
  "html-report|-|-|scripts/check-html-report.sh|kunit --html: the report in headless Chromium (counts, filter, hostile names stay text)"
  "c-headers|cc|-|scripts/check-c-headers.sh|kunit-c headers compile alone and together under -Wall -Wextra -Werror"
  "kconfig|python3|-|scripts/check-kconfig-differential.sh|Kconfig semantics: random kunitconfigs resolved by kunit-kbuild and by kconfiglib agree"
  "jobs-identical|-|-|$xt jobs_identical::|--jobs 1 and --jobs 2 print the same KTAP"
  "tap-prove|prove|-|$xt tap_prove::|--format tap is accepted by prove"
  "tap14-oracle|-|-|$xt tap14_oracle::|tap_parser agrees with every harness binary's --format tap14"
  "libtest-json|-|-|$xt libtest_json::|a strict libtest schema check and cargo2junit (its case skipped without it) read every harness binary's --format json"
  "compare-kunit-py|python3|-|scripts/compare-kunit-py.py --self-test|compare-kunit-py.py (kunit.py --json vs ours, issue 28's criteria) on its fixtures"
  "doc-outputs|-|-|$xt doc_outputs::|outputs quoted in the docs are what the code prints"
  "nextest-shards|cargo-nextest|-|$xt nextest_shards::|nextest: --partition count:K/2 runs each test once; archives run elsewhere"
  "fuzz|-|-|scripts/check-fuzz.sh|fuzz targets, 25 s each (nightly; skipped with a message without it)"
  "stress-irq|-|alone|scripts/stress-irq.sh|irq suites pass with one and then both CPUs saturated"
)

# Field $2 (from 1) of step line $1; bash alone, since the set-up runs before any tool is sure.
field() {
  local IFS='|' f
  read -r -a f <<<"$1"
  printf '%s' "${f[$2 - 1]}"
}
names=()
declare -A step_of=()
for s in "${STEPS[@]}"; do
  n=$(field "$s" 1)
  names+=("$n")
  step_of[$n]=$s
done

usage() {
  echo "usage: scripts/test.sh [--list | --setup-only | [-j N] [--skip STEP]... [STEP...]]" >&2
  exit 2
}
unknown() {
  echo "test.sh: no step named '$1' (scripts/test.sh --list names them)" >&2
  exit 2
}

jobs=$(nproc 2>/dev/null || echo 2)
chosen=()
declare -A skipped=()
setup_only=false
while [ $# -gt 0 ]; do
  case "$1" in
    --list)
      for n in "${names[@]}"; do
        s=${step_of[$n]}
        printf '%-18s %-22s %s\n' "$n" "$(field "$s" 2)" "$(field "$s" 5)"
      done
      exit 0
      ;;
    --setup-only) setup_only=true ;;
    --skip)
      [ $# -ge 2 ] || usage
      [ -n "${step_of[$2]+x}" ] || unknown "$2"
      skipped[$2]=1
      shift
      ;;
    -j)
      [ $# -ge 2 ] && [[ $2 =~ ^[1-9][0-9]*$ ]] || usage
      jobs=$2
      shift
      ;;
    -*) usage ;;
    *)
      [ -n "${step_of[$1]+x}" ] || unknown "$1"
      chosen+=("$1")
      ;;
  esac
  shift
done
[ ${#chosen[@]} -gt 0 ] || chosen=("${names[@]}")

printf '==> set-up: what the tests need beyond the Rust toolchain (scripts/setup.sh)\n'
scripts/setup.sh
if $setup_only; then exit 0; fi

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
declare -A pid_of=() started=() result=() took=()
running=0

# Starts step $1 in the background, its output in $logs/$1.
start() {
  local n=$1 s=${step_of[$1]} tool cmd script
  cmd=$(field "$s" 4)
  for tool in $(field "$s" 2); do
    if [ "$tool" != - ] && ! command -v "$tool" >/dev/null 2>&1; then
      printf '\n==> %s: skipped, %s is not installed\n' "$n" "$tool"
      result[$n]="skipped ($tool missing)"
      took[$n]=0
      return
    fi
  done
  script=${cmd%% *}
  if [[ $script == scripts/* ]] && [ ! -x "$script" ]; then
    printf '\n==> %s: FAILED, %s is missing or not executable\n' "$n" "$script"
    result[$n]="FAILED (no $script)"
    took[$n]=0
    return
  fi
  started[$n]=$(date +%s)
  bash -c "$cmd" >"$logs/$n" 2>&1 </dev/null &
  pid_of[$!]=$n
  running=$((running + 1))
}

# Waits for one running step to end and prints its output.
reap() {
  local pid rc=0 n
  wait -n -p pid || rc=$?
  n=${pid_of[$pid]}
  unset "pid_of[$pid]"
  running=$((running - 1))
  took[$n]=$(($(date +%s) - started[$n]))
  if [ "$rc" -eq 0 ]; then result[$n]=ok; else result[$n]="FAILED (exit $rc)"; fi
  printf '\n==> %s: %s\n$ %s\n' "$n" "$(field "${step_of[$n]}" 5)" "$(field "${step_of[$n]}" 4)"
  cat "$logs/$n"
  printf '<== %s: %s in %ss\n' "$n" "${result[$n]}" "${took[$n]}"
}

todo=()
for n in "${chosen[@]}"; do
  if [ -n "${skipped[$n]+x}" ]; then
    result[$n]="skipped (--skip)"
    took[$n]=0
  else
    todo+=("$n")
  fi
done
for n in "${todo[@]}"; do
  if [ "$(field "${step_of[$n]}" 3)" = alone ]; then
    while [ "$running" -gt 0 ]; do reap; done
    start "$n"
    while [ "$running" -gt 0 ]; do reap; done
    continue
  fi
  while [ "$running" -ge "$jobs" ]; do reap; done
  start "$n"
done
while [ "$running" -gt 0 ]; do reap; done

failed=0
printf '\n%-18s %8s  %s\n' step seconds result
for n in "${chosen[@]}"; do
  printf '%-18s %8s  %s\n' "$n" "${took[$n]}" "${result[$n]}"
  [[ ${result[$n]} != FAILED* ]] || failed=$((failed + 1))
done
if [ "$failed" -gt 0 ]; then
  echo "test.sh: $failed step(s) failed"
  exit 1
fi
