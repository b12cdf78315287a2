#!/usr/bin/env bash
# The project's test command (README): formatting, lints, every test target, and the
# cross-checks that need more than one build (seed bugs, --jobs identity, prove, nextest).
# It first installs what it needs (scripts/setup.sh); `--setup-only` stops after that.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n==> %s\n' "$*"; }

step "set-up: what the tests need beyond the Rust toolchain (scripts/setup.sh)"
scripts/setup.sh
if [ "${1:-}" = --setup-only ]; then exit 0; fi
step "cargo fmt --check"
cargo fmt --all --check
step "generated files are up to date (cargo xtask codegen --check)"
cargo xtask codegen --check

step "cargo clippy"
cargo clippy --workspace --all-targets -- -D warnings
step "rustdoc clean (warnings denied)"
scripts/check-docs.sh
step "cargo test --workspace"
cargo test --workspace
step "assertion self-tests with the optimized-build expansion (Copy operands by value)"
cargo test -p kunit-rs --release --test selftest -- --filter_glob 'kunit_assert'
step "parse bench: the generated log parses to the generated totals"
cargo test -p kunit-tool --bench parse
if [ -x scripts/check-seed-bugs.sh ]; then
  step "seed bugs: caught with --features seed-bugs, absent without"
  scripts/check-seed-bugs.sh
fi
step "#[kunit_tests]: one libtest-shaped file counts the same under libtest and under kunit"
scripts/check-libtest-parity.sh
step "#[kunit_tests]: rust-analyzer's and RustRover's test command lines run exactly the chosen case"
scripts/check-ide-runnables.sh
step "kunit --partition K/N: every suite in exactly one shard; kunit parse merges the shards"
scripts/check-kunit-shards.sh 2
step "kunit --html: the report in headless Chromium (counts, filter, hostile names stay text)"
scripts/check-html-report.sh
step "kunit-c headers compile alone and together under -Wall -Wextra -Werror"
scripts/check-c-headers.sh
step "Kconfig semantics: random kunitconfigs resolved by kunit-kbuild and by kconfiglib agree"
scripts/check-kconfig-differential.sh
step "one test convention: every *_kunit.rs suite file pulled in once, no other unit tests in src/"
scripts/check-selftest-listing.sh
step "no import cycle between files, declared layers one-way (every crate; cargo xtask layering)"
cargo xtask layering
step "irq suites pass with one and then both CPUs saturated"
scripts/stress-irq.sh
step "--jobs 1 and --jobs 2 print the same KTAP"
scripts/check-jobs-identical.sh
step "--format tap is accepted by prove"
scripts/check-tap-prove.sh
step "the seven public crates package and verify together"
scripts/check-package.sh
step "kunit c runs from an installed kunit: cargo install --path, and from the unpacked packages"
scripts/check-c-install.sh
step "tap_parser agrees with every harness binary's --format tap14"
scripts/check-tap14-oracle.sh
step "cargo2junit and a strict libtest schema check read every harness binary's --format json"
scripts/check-libtest-json.sh
step "compare-kunit-py.py (kunit.py --json vs ours, issue 28's criteria) on its fixtures"
python3 scripts/compare-kunit-py.py --self-test
step "outputs quoted in the docs are what the code prints"
scripts/check-doc-outputs.sh
step "the set-up installs what a machine with only Rust lacks (bare PATH, throwaway prefix)"
scripts/check-setup.sh
step "nextest: --partition count:K/2 runs each test once; archives run elsewhere"
scripts/check-nextest-shards.sh
step "--coverage: lcov.info of the code under test, and its page in headless Chromium"
scripts/check-coverage-report.sh
step "AddressSanitizer over the crates with unsafe code (nightly; skipped with a message without it)"
scripts/check-asan.sh --ci

step "fuzz targets, 25 s each (nightly; skipped with a message without it)"
scripts/check-fuzz.sh

step "kernel test files beyond lib/ against a kernel tree (\$KUNIT_KERNEL_TREE; skipped with a message without it)"
if [[ -n ${KUNIT_KERNEL_TREE:-} ]]; then
  scripts/check-kernel-c-beyond-lib.sh "$KUNIT_KERNEL_TREE"
else
  echo "skipped: KUNIT_KERNEL_TREE is not set (a Linux 6.12 tree, e.g. Debian's linux-source-6.12)"
fi
