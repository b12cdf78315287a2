//! `lanes`' tests (suite `arch_polyval_lanes`), with their oracle: the [`Lanes`] back-end on
//! `[__m128i; N]`, each lane operation the 128-bit PCLMULQDQ/SSE intrinsic that the AVX2
//! (N = 2) or AVX-512 (N = 4) back-end's instruction performs per lane. It runs wherever
//! `pclmul` does, so the algorithm (grouping, key powers per lane, the lane sums and
//! reduction, the 128-bit remainder, the partial block) is proven at both widths on CPUs
//! without VPCLMULQDQ; the real back-ends differ only in the lane mapping.

#[kunit::kunit_tests(arch_polyval_lanes)]
mod tests {
    use crate::polyval::generic;
    use crate::polyval::lanes::{self, Lanes};
    use crate::polyval::polyval_kunit::{
        data_lens, hex_fields, rand_bytes_seeded_from_len, testmgr_vectors, vectors,
    };
    use crate::polyval::x86_pclmul as pclmul;
    use crate::polyval::{Implementation, PolyvalElem, PolyvalKey, NUM_POWERS};
    use core::arch::x86_64::*;

    /// Proof that the CPU has PCLMULQDQ and AVX: made only by [`Emulated::new`].
    #[derive(Clone, Copy)]
    struct Emulated<const N: usize>(());

    impl<const N: usize> Emulated<N> {
        /// The back-end, or `None` where the CPU lacks pclmul.
        fn new() -> Option<Emulated<N>> {
            Implementation::Pclmul
                .is_supported()
                .then_some(Emulated(()))
        }
    }

    // SAFETY: `Emulated::new` makes one only after detecting pclmulqdq and avx, the only
    // features used below (besides the x86-64 baseline SSE2).
    unsafe impl<const N: usize> Lanes<N> for Emulated<N> {
        type V = [__m128i; N];

        fn zero(self) -> Self::V {
            // SAFETY: SSE2 is part of the x86-64 baseline.
            [unsafe { _mm_setzero_si128() }; N]
        }
        fn load_blocks(self, blocks: &[[u8; 16]; N]) -> Self::V {
            // SAFETY: `self` proves pclmulqdq and avx; each load reads one 16-byte block.
            core::array::from_fn(|i| unsafe { pclmul::load_block(&blocks[i]) })
        }
        fn load_powers(self, powers: &[PolyvalElem; N]) -> Self::V {
            // SAFETY: `self` proves pclmulqdq and avx.
            core::array::from_fn(|i| unsafe { pclmul::load_elem(&powers[i]) })
        }
        fn lane0_only(self, x: __m128i) -> Self::V {
            let mut v = self.zero();
            v[0] = x;
            v
        }
        fn lanes(self, v: Self::V) -> [__m128i; N] {
            v
        }
        fn xor(self, a: Self::V, b: Self::V) -> Self::V {
            // SAFETY: SSE2 is part of the x86-64 baseline.
            core::array::from_fn(|i| unsafe { _mm_xor_si128(a[i], b[i]) })
        }
        fn clmul_lo(self, a: Self::V, b: Self::V) -> Self::V {
            // SAFETY: `self` proves pclmulqdq.
            core::array::from_fn(|i| unsafe { _mm_clmulepi64_si128::<0x00>(a[i], b[i]) })
        }
        fn clmul_hi(self, a: Self::V, b: Self::V) -> Self::V {
            // SAFETY: `self` proves pclmulqdq.
            core::array::from_fn(|i| unsafe { _mm_clmulepi64_si128::<0x11>(a[i], b[i]) })
        }
        fn swap_halves(self, a: Self::V) -> Self::V {
            // SAFETY: SSE2 is part of the x86-64 baseline.
            a.map(|x| unsafe { _mm_shuffle_epi32::<0x4e>(x) })
        }
    }

    fn digest_lanes<const N: usize>(l: Emulated<N>, key: &PolyvalKey, data: &[u8]) -> [u8; 16] {
        let mut out = [0u8; 16];
        lanes::digest(l, key, data, &mut out);
        out
    }

    /// `blocks_vec` from a given accumulator, as elements.
    fn blocks_lanes<const N: usize>(
        l: Emulated<N>,
        acc: PolyvalElem,
        key: &PolyvalKey,
        data: &[u8],
    ) -> PolyvalElem {
        // SAFETY: `l` proves pclmulqdq and avx.
        unsafe { pclmul::store_elem(lanes::blocks_vec(l, pclmul::load_elem(&acc), key, data)) }
    }

    fn generic_digest(h: PolyvalElem, data: &[u8]) -> [u8; 16] {
        let full = data.len() & !15;
        let mut acc = PolyvalElem::ZERO;
        generic::blocks(&mut acc, h, &data[..full]);
        if full != data.len() {
            let mut last = [0u8; 16];
            last[..data.len() - full].copy_from_slice(&data[full..]);
            generic::blocks(&mut acc, h, &last);
        }
        acc.to_bytes()
    }

    /// A key with all 16 powers (what every SIMD implementation prepares).
    fn simd_key(raw: &[u8; 16]) -> PolyvalKey {
        PolyvalKey::with_implementation(raw, Implementation::Pclmul).expect("pclmul detected")
    }

    fn check_lengths_to_4096_at_unaligned_offsets<const N: usize>(l: Emulated<N>) {
        let raw: [u8; 16] = core::array::from_fn(|i| (i as u8).wrapping_mul(0x3b) ^ 0xa5);
        let key = simd_key(&raw);
        let h = PolyvalElem::from_bytes(&raw);
        let buf = rand_bytes_seeded_from_len(4096 + 64);
        for len in 0..=4096 {
            let want = generic_digest(h, &buf[..len]);
            // Many start offsets (the vector loads' alignment) for short messages; a few for
            // the rest, so the test stays quick.
            let offsets: &[usize] = if len <= 300 {
                &[0, 1, 7, 8, 15, 16, 33, 63]
            } else {
                &[0, 5, 40]
            };
            for &off in offsets {
                let data = &buf[off..off + len];
                let want = if off == 0 {
                    want
                } else {
                    generic_digest(h, data)
                };
                assert_eq!(digest_lanes(l, &key, data), want, "len {len} offset {off}");
            }
        }
    }

    fn check_every_group_size_from_nonzero_acc<const N: usize>(l: Emulated<N>) {
        let raw = [0x5au8; 16];
        let key = simd_key(&raw);
        let h = PolyvalElem::from_bytes(&raw);
        let data = rand_bytes_seeded_from_len(16 * (5 * NUM_POWERS + 15));
        let acc = PolyvalElem {
            lo: 0x0123_4567_89ab_cdef,
            hi: 0xfedc_ba98_7654_3210,
        };
        // 0..=5 whole groups plus every remainder (0..16 blocks: whole vectors and 0..N
        // single blocks).
        for blocks in 0..=5 * NUM_POWERS + 15 {
            let d = &data[..16 * blocks];
            let mut want = acc;
            generic::blocks(&mut want, h, d);
            assert_eq!(blocks_lanes(l, acc, &key, d), want, "{blocks} blocks");
        }
    }

    fn check_all_ones_and_long_messages<const N: usize>(l: Emulated<N>) {
        let ones = [0xffu8; 16];
        let key = simd_key(&ones);
        let h = PolyvalElem::from_bytes(&ones);
        let all_ones = vec![0xffu8; 20000];
        let random = rand_bytes_seeded_from_len(70000);
        for len in [4095, 4096, 4097, 8192 + 48, 20000] {
            assert_eq!(
                digest_lanes(l, &key, &all_ones[..len]),
                generic_digest(h, &all_ones[..len]),
                "all ones, len {len}"
            );
        }
        let key = simd_key(&[0x11; 16]);
        let h = PolyvalElem::from_bytes(&[0x11; 16]);
        for len in [65536, 65536 + 255, 70000] {
            assert_eq!(
                digest_lanes(l, &key, &random[..len]),
                generic_digest(h, &random[..len]),
                "len {len}"
            );
        }
    }

    fn check_shared_vectors<const N: usize>(l: Emulated<N>) {
        // RFC 8452 Appendix A.
        let j = vectors("rfc8452.json");
        let h: [u8; 16] = hex_fields(&j, "H")[0].as_slice().try_into().expect("16");
        let msg = [
            hex_fields(&j, "X_1")[0].clone(),
            hex_fields(&j, "X_2")[0].clone(),
        ]
        .concat();
        let want = hex_fields(&j, "POLYVAL_H_X1_X2")[0].clone();
        assert_eq!(digest_lanes(l, &simd_key(&h), &msg).to_vec(), want);

        // The kernel's testmgr vectors.
        let (ks, ms, ds) = testmgr_vectors();
        assert_eq!(ks.len(), 9);
        for ((k, m), d) in ks.iter().zip(&ms).zip(&ds) {
            let key = simd_key(k.as_slice().try_into().expect("16"));
            assert_eq!(digest_lanes(l, &key, m).to_vec(), *d, "len {}", m.len());
        }

        // The kernel KUnit vectors: one digest per length, and the hash of the digests of
        // every length 0..=4096.
        let j = vectors("kernel_kunit_polyval_testvecs.json");
        let raw: [u8; 16] = hex_fields(&j, "raw_key")[0]
            .as_slice()
            .try_into()
            .expect("16");
        let key = simd_key(&raw);
        let digests = hex_fields(&j, "digest");
        let lens = data_lens(&j);
        assert_eq!(lens.len(), 24);
        for (len, want) in lens.iter().zip(&digests) {
            let got = digest_lanes(l, &key, &rand_bytes_seeded_from_len(*len));
            assert_eq!(got.to_vec(), *want, "len {len}");
        }
        let data = rand_bytes_seeded_from_len(4096);
        let hashes: Vec<u8> = (0..=4096)
            .flat_map(|len| digest_lanes(l, &key, &data[..len]))
            .collect();
        let consolidated = hex_fields(&j, "value")[0].clone();
        assert_eq!(digest_lanes(l, &key, &hashes).to_vec(), consolidated);
    }

    /// `#[test]`s running each check on both widths: 2 lanes (the AVX2 back-end's) and 4
    /// (the AVX-512 back-end's).
    macro_rules! at_both_widths {
        ($($test:ident: $check:ident;)*) => {$(
            #[test]
            fn $test(test: &mut kunit::Kunit) {
                let (Some(two), Some(four)) = (Emulated::<2>::new(), Emulated::<4>::new()) else {
                    return kunit::kunit_skip!(test, "CPU lacks pclmulqdq/avx");
                };
                $check(two);
                $check(four);
            }
        )*};
    }

    at_both_widths! {
        lengths_to_4096_at_unaligned_offsets_match_generic: check_lengths_to_4096_at_unaligned_offsets;
        every_group_size_from_a_nonzero_acc_matches_generic: check_every_group_size_from_nonzero_acc;
        all_ones_and_long_messages_match_generic: check_all_ones_and_long_messages;
        shared_vectors: check_shared_vectors;
    }
}
