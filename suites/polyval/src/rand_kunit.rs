//! `rand.rs`'s tests (suite `polyval_rand`, `TestRng`), run by the package's test target
//! `tests/polyval.rs` beside the kernel suites (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(polyval_rand)]
mod tests {
    use polyval_kunit::rand::*;

    #[test]
    fn matches_the_kernel_generator() {
        // test_key.raw_key in kernel_kunit_polyval_testvecs.json is
        // rand_bytes_seeded_from_len(16).
        let mut raw = [0u8; 16];
        TestRng::default().rand_bytes_seeded_from_len(&mut raw);
        let hex: String = raw.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(hex, "ce2efa8a4802b6f4bf0e7e6fdec76641");
        let mut r = TestRng { seed: 0 };
        // seed_1 = 11, rand32 = 11 >> 16 = 0; seed_2 = 11 * 25214903917 + 11.
        assert_eq!(r.rand32(), 0);
        assert_eq!(r.rand32(), ((11u64 * 25214903917 + 11) >> 16) as u32);
        for max in [0, 1, 5, 4096] {
            assert!((0..200).all(|_| r.rand_length(max) <= max));
            assert!((0..200).all(|_| r.rand_offset(max) <= max.min(127)));
        }
    }
}
