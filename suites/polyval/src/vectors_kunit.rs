//! `vectors.rs`'s tests (suite `polyval_vectors`, the vectors' loader), run by the package's test target
//! `tests/polyval.rs` beside the kernel suites (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(polyval_vectors)]
mod tests {
    use polyval_kunit::vectors::{load, KUNIT_TESTVECS};

    #[test]
    fn loads_the_file_and_names_damage() {
        let v = load(KUNIT_TESTVECS).expect("the shipped file loads");
        assert_eq!(v.hash_testvecs[1].data_len, 1);
        assert_eq!(v.test_raw_key[0], 0xce);
        let truncated = &KUNIT_TESTVECS[..KUNIT_TESTVECS.len() / 2];
        let e = load(truncated).err().expect("truncated file");
        assert!(e.starts_with("invalid JSON: EOF while parsing"), "{e}");
        let renamed = KUNIT_TESTVECS.replacen("\"raw_key\"", "\"key\"", 1);
        assert_eq!(
            load(&renamed).err().as_deref(),
            Some("missing key /test_key/raw_key")
        );
        let odd = KUNIT_TESTVECS.replacen("ce2efa8a", "ce2efa8", 1);
        let e = load(&odd).err().expect("odd-length hex");
        assert!(e.starts_with("/test_key/raw_key: not a hex string"), "{e}");
    }
}
