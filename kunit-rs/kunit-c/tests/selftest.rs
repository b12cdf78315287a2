//! kunit-c's self-tests, run with kunit.

// The Kconfig reader is plain Rust: compiled here as a module of its own, with its suite.
#[allow(dead_code)]
#[path = "../src/build/kconfig.rs"]
mod kconfig;
#[path = "../src/build/kconfig_kunit.rs"]
mod kconfig_kunit;
// FNV-1a, plain Rust too.
#[path = "../src/build/digest.rs"]
mod digest;
#[path = "../src/build/digest_kunit.rs"]
mod digest_kunit;

// What a tree's Makefiles and private headers mean for a file, plain Rust too.
#[allow(dead_code)]
#[path = "../src/build/tree.rs"]
mod tree;
#[path = "../src/build/tree_kunit.rs"]
mod tree_kunit;

// The instrumented builds' flags, with the configuration they read.
#[allow(dead_code)]
#[path = "../src/build/instrument.rs"]
mod instrument;
#[path = "../src/build/instrument_kunit.rs"]
mod instrument_kunit;
#[allow(dead_code)]
#[path = "../src/build/spec.rs"]
mod spec;

kunit::main!();
