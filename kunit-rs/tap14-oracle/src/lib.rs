//! `tap14-oracle`: an independent check of kunit's `--format tap14`.
//!
//! [`tap_parser`], a TAP 14 parser written by others (it cannot read KTAP), parses what a
//! harness binary prints with `--format tap14`; the tree, the counts and the `# SKIP`
//! directives must agree with the harness's own report ([`check::HarnessReport`]). The binary
//! runs each harness given on its command line (`xtask/tests/harness_binaries/tap14_oracle.rs` checks every
//! kunit harness binary of the workspace through the library).

#![deny(missing_docs)]

pub mod check;
pub mod harness;
