//! A `harness = false` target with a `#[kunit_tests]` module: its cases answer libtest-style
//! names (`tests::overflow_is_none`) as well as KUnit's (`lib_layout_harness.overflow_is_none`).

#[kunit::kunit_tests(lib_layout_harness)]
mod tests {
    use lib_layout::parse_size;

    #[test]
    fn overflow_is_none() {
        assert_eq!(parse_size("18446744073709551615M"), None);
    }

    #[test]
    fn plain_bytes() {
        assert_eq!(parse_size("17"), Some(17));
    }
}

kunit::main!();
