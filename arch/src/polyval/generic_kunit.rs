//! `generic.rs`'s tests (suite `arch_polyval_generic`): the carry-less multiply against
//! shift-and-XOR. It reaches the private `Holes` split, so `generic.rs` declares this module
//! under cfg(test).

#[kunit::kunit_tests(arch_polyval_generic)]
mod tests {
    use crate::polyval::generic::*;

    /// [`clmul64_holes`] with `b` split on the spot.
    fn clmul64(a: u64, b: u64) -> u128 {
        clmul64_holes(a, &Holes::of(b))
    }

    #[test]
    fn clmul64_matches_shift_and_xor_including_all_ones() {
        let naive = |a: u64, b: u64| {
            (0..64).fold(0u128, |r, i| {
                if (a >> i) & 1 == 1 {
                    r ^ (u128::from(b) << i)
                } else {
                    r
                }
            })
        };
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut cases = vec![(u64::MAX, u64::MAX), (u64::MAX, 1), (0xf, u64::MAX), (0, 5)];
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            cases.push((x, x.rotate_left(29) ^ 0x5555));
        }
        for (a, b) in cases {
            assert_eq!(clmul64(a, b), naive(a, b), "a={a:#x} b={b:#x}");
        }
    }
}
