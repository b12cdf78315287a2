//! `digest.rs`'s tests (suite `kunit_c_digest`), listed in `tests/selftest.rs`.

#[kunit::kunit_tests(kunit_c_digest)]
mod tests {
    use crate::digest::*;

    #[test]
    fn fnv1a_matches_the_published_vectors() {
        // The FNV reference's test vectors (64-bit FNV-1a).
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn digests_separate_their_parts() {
        assert_ne!(digest(&[b"ab", b"c"]), digest(&[b"a", b"bc"]));
        assert_ne!(digest(&[b"ab"]), digest(&[b"ab", b""]));
        assert_eq!(digest(&[b"ab", b"c"]), digest(&[b"ab", b"c"]));
    }
}
