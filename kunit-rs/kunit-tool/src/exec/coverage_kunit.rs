//! `coverage.rs`'s tests, declared by `coverage.rs` under `cfg(test)` and run by the library's
//! test target (CONTRIBUTING.md, "One test convention").

use crate::exec::coverage::*;
use std::path::PathBuf;

#[kunit::kunit_tests(kunit_tool_coverage)]
mod tests {
    use super::*;

    #[test]
    fn coverage_llvm_major_from_rustc() {
        let vv = "rustc 1.95.0 (59807616e 2026-04-14)\nhost: x86_64-unknown-linux-gnu\nLLVM version: 22.1.2\n";
        assert_eq!(llvm_major(vv), Some(22));
        assert_eq!(llvm_major("rustc 1.95.0\n"), None);
    }

    #[test]
    fn coverage_counts_only_the_code_under_test() {
        let roots = vec![PathBuf::from("/w/app"), PathBuf::from("/w/lib")];
        assert!(is_code_under_test("/w/app/src/lib.rs", &roots));
        assert!(is_code_under_test("/w/lib/src/deep/mod.rs", &roots));
        assert!(!is_code_under_test("/w/app/tests/memory.rs", &roots));
        assert!(!is_code_under_test("/w/app/src/parse_kunit.rs", &roots));
        assert!(!is_code_under_test("/w/app/benches/b.rs", &roots));
        assert!(!is_code_under_test("/w/kunit-rs/kunit/src/lib.rs", &roots));
        assert!(!is_code_under_test(
            "/rustc/abc/library/core/src/ptr/mod.rs",
            &roots
        ));
        // C a build script compiled: the code, not the test files.
        assert!(is_code_under_test("/w/app/src/size.c", &roots));
        assert!(!is_code_under_test("/w/app/tests/size_kunit.c", &roots));
        assert!(!is_code_under_test("/w/app/lib/size_kunit.c", &roots));
    }

    #[test]
    fn coverage_leaves_out_every_package_of_kunit_rs() {
        // This workspace: its examples are code under test, kunit-rs's packages (the C
        // runtime and the protocol crate included) are not.
        let manifest = concat!(env!("CARGO_MANIFEST_DIR"), "/../../Cargo.toml");
        let roots = code_under_test(Some(manifest)).unwrap();
        let root = std::fs::canonicalize(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).unwrap();
        let has = |rel: &str| {
            roots.iter().any(|r| {
                std::fs::canonicalize(r).ok() == std::fs::canonicalize(root.join(rel)).ok()
            })
        };
        assert!(has("examples/c-suite"), "{roots:?}");
        assert!(has("examples/hello-kunit"), "{roots:?}");
        for ours in [
            "kunit-rs/kunit",
            "kunit-rs/kunit-macros",
            "kunit-rs/kunit-protocol",
            "kunit-rs/kunit-c",
            "kunit-rs/kunit-c-runtime",
            "run-in-irq",
        ] {
            assert!(!has(ours), "{ours} counted: {roots:?}");
        }
    }
}
