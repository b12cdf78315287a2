//! `checksum`'s tests (suite `arch_checksum`): every implementation against a deliberately
//! simple model, the plain sum of little-endian 16-bit words in a u64, reduced modulo 0xffff
//! only at the end.

#[kunit::kunit_tests(arch_checksum)]
mod tests {
    use crate::checksum::*;

    /// One's-complement fold of an exact sum: 0 stays 0, a non-zero multiple of 0xffff is
    /// 0xffff (end-around carry never reaches 0 from a non-zero sum).
    fn model_fold16(x: u64) -> u16 {
        match x {
            0 => 0,
            _ if x.is_multiple_of(0xffff) => 0xffff,
            _ => (x % 0xffff) as u16,
        }
    }

    fn model_words(buf: &[u8]) -> u64 {
        let mut words = buf.chunks_exact(2);
        let mut s: u64 = words
            .by_ref()
            .map(|w| u16::from_le_bytes([w[0], w[1]]) as u64)
            .sum();
        if let [b] = words.remainder() {
            s += *b as u64;
        }
        s
    }

    /// `csum_fold(csum_partial(buf, sum))` of the model.
    fn model_full_csum(buf: &[u8], sum: u32) -> u16 {
        !model_fold16(model_words(buf) + sum as u64)
    }

    fn xorshift(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    fn random_bytes(n: usize, seed: u64) -> Vec<u8> {
        let mut s = seed;
        (0..n).map(|_| xorshift(&mut s) as u8).collect()
    }

    /// A copy of `data` at `align` bytes past a 64-byte boundary, so `buf.as_ptr() % 64 == align`.
    struct Aligned {
        storage: Vec<u8>,
        start: usize,
        len: usize,
    }

    impl Aligned {
        fn new(data: &[u8], align: usize) -> Self {
            let mut storage = vec![0u8; data.len() + align + 64];
            let start = (64 - storage.as_ptr() as usize % 64) % 64 + align;
            storage[start..start + data.len()].copy_from_slice(data);
            Aligned {
                storage,
                start,
                len: data.len(),
            }
        }

        fn bytes(&self) -> &[u8] {
            &self.storage[self.start..self.start + self.len]
        }
    }

    fn available() -> impl Iterator<Item = Impl> {
        Impl::all().iter().copied().filter(|i| i.is_available())
    }

    fn check_all_impls(data: &[u8], aligns: &[usize], sums: &[u32]) {
        for &align in aligns {
            let buf = Aligned::new(data, align);
            assert_eq!(buf.bytes().as_ptr() as usize % 64, align % 64);
            for len in 0..=data.len().min(300) {
                check_prefix(&buf.bytes()[..len], align, sums);
            }
            check_prefix(buf.bytes(), align, sums);
        }
    }

    fn check_prefix(b: &[u8], align: usize, sums: &[u32]) {
        for &sum in sums {
            let want = model_full_csum(b, sum);
            for imp in available() {
                let got = generic::csum_fold(imp.csum_partial(b, Wsum::from_raw(sum)));
                assert_eq!(
                    got.raw(),
                    want,
                    "{} align {align} len {} sum {sum:#x}",
                    imp.name(),
                    b.len()
                );
            }
        }
    }

    const SUMS: [u32; 4] = [0, 0xffff_ffff, 0x0284_7aab, 0x8000_0001];

    #[test]
    fn csum_partial_random_every_alignment_and_short_length() {
        let aligns: Vec<usize> = (0..8).chain([31, 33, 63]).collect();
        check_all_impls(&random_bytes(300, 1), &aligns, &SUMS);
    }

    #[test]
    fn csum_partial_all_ones_and_all_zeros() {
        for fill in [0xffu8, 0x00, 0x04] {
            check_all_impls(&[fill; 300], &[0, 1, 2, 3, 5], &SUMS);
        }
    }

    #[test]
    fn csum_partial_long_buffers() {
        // Covers the 80-byte loop, the AVX2 blocks, its 1-3 tail blocks, and its lane flush
        // (every 8191 * 128 bytes), with the largest (0xff) and most negative (0x00) lanes.
        let flush = 8191 * 128;
        let lens = [
            (383, 2),
            (1500, 3),
            (4099, 4),
            (65536 + 7, 5),
            (flush + 101, 6),
            (3 << 20 | 5, 7),
        ];
        for (n, seed) in lens {
            let mut data = random_bytes(n, seed);
            check_all_impls(&data, &[0, 1, 3], &[0, 0xffff_ffff]);
            for fill in [0xff, 0x00] {
                data.fill(fill);
                check_all_impls(&data, &[0, 1], &[0, 0xffff_ffff]);
            }
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn avx2_every_tail_above_its_threshold() {
        // Every count of trailing 32-byte blocks (0-3) and every tail window (0-31 bytes, odd
        // and even) of the vector path, at two alignments.
        let data = random_bytes(avx2::MIN_LEN + 3 * 128, 15);
        for align in [0, 1] {
            let buf = Aligned::new(&data, align);
            for len in avx2::MIN_LEN..=data.len() {
                check_prefix(&buf.bytes()[..len], align, &SUMS);
            }
        }
    }

    #[test]
    fn csum_fold_forms_agree() {
        let mut s = 7u64;
        let edges = [
            0u32,
            1,
            0xffff,
            0x1_0000,
            0xffff_0000,
            0xffff_ffff,
            0xfffe_0001,
            0x8000_8000,
        ];
        let values = edges
            .into_iter()
            .chain((0..100_000).map(|_| xorshift(&mut s) as u32));
        for v in values {
            let want = !model_fold16(v as u64);
            for imp in Impl::all() {
                assert_eq!(
                    imp.csum_fold(Wsum::from_raw(v)).raw(),
                    want,
                    "{} {v:#x}",
                    imp.name()
                );
            }
        }
    }

    #[test]
    fn ip_fast_csum_matches_model() {
        let data = random_bytes(80, 9);
        for off in 0..8 {
            for ihl in 5..=15u32 {
                let iph = &data[off..off + ihl as usize * 4];
                let want = !model_fold16(model_words(iph));
                for imp in Impl::all() {
                    assert_eq!(
                        imp.ip_fast_csum(iph, ihl).raw(),
                        want,
                        "{} ihl {ihl}",
                        imp.name()
                    );
                }
            }
        }
    }

    #[test]
    fn ip_fast_csum_of_a_valid_header_is_zero() {
        // An IPv4 header with its checksum field filled in sums to 0xffff, so it folds to 0.
        let mut hdr: [u8; 20] = random_bytes(20, 10).try_into().unwrap();
        hdr[10..12].fill(0);
        let c = generic::ip_fast_csum(&hdr, 5);
        hdr[10..12].copy_from_slice(&c.to_ne_bytes());
        for imp in Impl::all() {
            assert_eq!(imp.ip_fast_csum(&hdr, 5).raw(), 0, "{}", imp.name());
        }
    }

    #[test]
    fn csum_ipv6_magic_matches_model() {
        let mut s = 11u64;
        for _ in 0..2000 {
            let saddr: [u8; 16] = random_bytes(16, xorshift(&mut s)).try_into().unwrap();
            let daddr: [u8; 16] = random_bytes(16, xorshift(&mut s)).try_into().unwrap();
            let (len, proto, sum) = (
                xorshift(&mut s) as u32,
                xorshift(&mut s) as u8,
                xorshift(&mut s) as u32,
            );
            let pseudo = [
                &saddr[..],
                &daddr[..],
                &len.to_be_bytes(),
                &(proto as u32).to_be_bytes(),
            ]
            .concat();
            let want = model_full_csum(&pseudo, sum);
            for imp in Impl::all() {
                let got = imp.csum_ipv6_magic(&saddr, &daddr, len, proto, Wsum::from_raw(sum));
                assert_eq!(got.raw(), want, "{}", imp.name());
            }
        }
    }

    #[test]
    fn csum_tcpudp_magic_matches_model() {
        let mut s = 12u64;
        for _ in 0..2000 {
            let saddr = (xorshift(&mut s) as u32).to_ne_bytes();
            let daddr = (xorshift(&mut s) as u32).to_ne_bytes();
            let (len, proto, sum) = (
                xorshift(&mut s) as u16 as u32,
                xorshift(&mut s) as u8,
                xorshift(&mut s) as u32,
            );
            let pseudo = [
                &saddr[..],
                &daddr[..],
                &[0, proto],
                &(len as u16).to_be_bytes(),
            ]
            .concat();
            assert_eq!(
                csum_tcpudp_magic(saddr, daddr, len, proto, Wsum::from_raw(sum)).raw(),
                model_full_csum(&pseudo, sum)
            );
        }
    }

    #[test]
    fn best_is_available_and_free_functions_use_it() {
        let best = Impl::best();
        assert!(best.is_available());
        let data = random_bytes(1000, 13);
        let sum = Wsum::from_raw(0x1234_5678);
        assert_eq!(csum_partial(&data, sum), best.csum_partial(&data, sum));
        assert_eq!(csum_fold(sum), best.csum_fold(sum));
    }

    /// The kernel's all-carry case (0xff bytes, sums 0xffffffff and 0) over 576 alignments:
    /// returns the first failing (align, len, result, expected) and the number of failing pairs.
    fn all_carry_failures(carry_fix: bool) -> (Option<(usize, usize, u16, u16)>, usize) {
        let buf = Aligned::new(&[0xff; 576], 0);
        let (mut first, mut count) = (None, 0);
        for align in 0..576 {
            for len in (0..512).take_while(|len| align + len < 576) {
                let b = &buf.bytes()[align..align + len];
                let fails = [0xffff_ffffu32, 0].into_iter().find_map(|sum| {
                    let got = generic::csum_fold(Wsum::from_raw(i386::csum_partial_model(
                        b, sum, carry_fix,
                    )))
                    .raw();
                    let want = match (len & 1, len, sum) {
                        (1, _, _) => 0xff00,
                        (_, 0, 0) => 0xffff,
                        _ => 0,
                    };
                    (got != want).then_some((got, want))
                });
                if let Some((got, want)) = fails {
                    first.get_or_insert((align, len, got, want));
                    count += 1;
                }
            }
        }
        (first, count)
    }

    #[test]
    fn i386_model_reproduces_the_carry_bug_and_its_fix() {
        assert_eq!(all_carry_failures(true), (None, 0));
        let (first, count) = all_carry_failures(false);
        // The patch's KUnit output: result 0xff01, expected 0xff00 on the first odd address.
        assert_eq!(first, Some((1, 1, 0xff01, 0xff00)));
        // The independent emulation in the porting notes (suites.md §B.5) counted 81632 pairs.
        assert_eq!(count, 81632);
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn avx2_inside_a_simd_section_falls_back_without_a_violation() {
        let data = random_bytes(4096, 14);
        let want = model_full_csum(&data, 0);
        let _ = run_in_irq::take_violations();
        {
            let _fpu = run_in_irq::kernel_fpu_begin();
            assert!(!run_in_irq::may_use_simd());
            let got = generic::csum_fold(avx2::csum_partial(&data, Wsum::from_raw(0)));
            assert_eq!(got.raw(), want);
        }
        // Opening a nested SIMD section would have been reported as FpuNotUsable.
        assert_eq!(run_in_irq::take_violations().len(), 0);
    }
}
