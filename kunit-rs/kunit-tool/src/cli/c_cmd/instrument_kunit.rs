//! `instrument.rs`'s tests (suite `c_instrument`), declared by `instrument.rs` under
//! `cfg(test)` and run by the library's test target (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(c_instrument)]
mod tests {
    use crate::cli::c_cmd::instrument::*;
    use std::path::{Path, PathBuf};

    #[test]
    fn the_test_file_and_kunit_cs_headers_are_not_the_code_under_test() {
        let tests = vec![PathBuf::from("/src/t/foo_kunit.c")];
        let skip = vec![PathBuf::from("/cache/headers-1")];
        assert!(is_code_under_test(Path::new("/src/foo.c"), &tests, &skip));
        assert!(is_code_under_test(
            Path::new("/tree/include/linux/x.h"),
            &tests,
            &skip
        ));
        assert!(!is_code_under_test(
            Path::new("/src/t/foo_kunit.c"),
            &tests,
            &skip
        ));
        assert!(!is_code_under_test(
            Path::new("/cache/headers-1/include/kunit/test.h"),
            &tests,
            &skip
        ));
    }

    #[test]
    fn the_default_folder_is_kunit_runs() {
        assert!(default_dir().ends_with("kunit-coverage"));
    }
}
