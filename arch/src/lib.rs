//! Code under test for the kunit-rs suites: the kernel's Internet checksum, POLYVAL and
//! the KVM selftests' `struct desc64`, each as generic code plus x86_64 SIMD paths.
//!
//! This crate does not depend on the test framework (as in the kernel, where
//! `may_use_simd()` is core code and KUnit is a client); it uses only `run-in-irq`'s
//! context model to decide whether SIMD may be used.

#[cfg(feature = "c-abi")]
pub mod c_abi;
pub mod checksum;
pub mod desc64;
pub mod polyval;

// The test target's harness: runs the `*_kunit.rs` suites the modules declare under cfg(test).
#[cfg(test)]
kunit::main!();
