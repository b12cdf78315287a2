#!/usr/bin/env bash
# The API documentation of the whole workspace builds clean: rustdoc with warnings denied. missing_docs is `warn`
# in kunit-rs, kunit-rs-macros and run-in-irq, so an undocumented public item fails here, as do
# broken or ambiguous intra-doc links; run-in-irq is built twice so that its `kunit`
# feature (kunit_run_irq_test) is covered. The doc examples, and the user guide's Rust
# samples (docs/src/*.md, hello-kunit's doctests), run with `cargo test`.
set -euo pipefail
cd "$(dirname "$0")/.."
export RUSTDOCFLAGS="-D warnings"
cargo doc --no-deps --workspace
cargo doc --no-deps -p run-in-irq --features kunit
echo "docs: rustdoc clean with warnings denied"
