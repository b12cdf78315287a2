//! `json.rs`'s tests (suite `report_json`), declared by `json.rs` under `cfg(test)` and run
//! by the library's test target (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(report_json)]
mod tests {
    use crate::report::json::*;

    #[test]
    fn strings_are_ascii_escaped() {
        let mut s = String::new();
        push_json_string(&mut s, "a\"\\\n\t\u{1}é😀\u{7f}");
        assert_eq!(s, r#""a\"\\\n\t\u0001\u00e9\ud83d\ude00\u007f""#);
    }
}
