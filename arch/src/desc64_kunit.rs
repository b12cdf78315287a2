//! `desc64.rs`'s tests (suite `arch_desc64`): the layout, the fixed and the pre-fix base
//! getter, `set_base`; `desc64.rs` declares this module under cfg(test), as kunit-arch's other
//! modules do theirs.

#[kunit::kunit_tests(arch_desc64)]
mod tests {
    use crate::desc64::*;

    /// The field values of the layout example (suites.md §D, checked with GCC).
    fn example() -> Desc64 {
        Desc64 {
            limit0: 0x1234,
            base0: 0x5000,
            base1: 0xd6,
            type_: 0xb,
            s: 0,
            dpl: 3,
            p: 1,
            limit1: 0xf,
            avl: 1,
            l: 1,
            db: 0,
            g: 1,
            base2: 0xf8,
            base3: 0xfffffe7c,
            zero1: 0,
        }
    }

    const EXAMPLE_BYTES: [u8; 16] = [
        0x34, 0x12, 0x00, 0x50, 0xd6, 0xeb, 0xbf, 0xf8, 0x7c, 0xfe, 0xff, 0xff, 0, 0, 0, 0,
    ];

    #[test]
    fn layout_example_round_trips() {
        assert_eq!(example().to_bytes(), EXAMPLE_BYTES);
        assert_eq!(Desc64::from_bytes(&EXAMPLE_BYTES), example());
    }

    #[test]
    fn worked_example_fixed_and_buggy() {
        let d = example();
        assert_eq!(get_desc64_base_fixed(&d), 0xfffffe7cf8d65000);
        assert_eq!(get_desc64_base_buggy(&d), 0xfffffffff8d65000);
    }

    #[test]
    fn bug_is_visible_exactly_when_base2_has_bit_7() {
        let mut d = example();
        for base2 in 0..=255u8 {
            d.base2 = base2;
            let same = get_desc64_base_fixed(&d) == get_desc64_base_buggy(&d);
            assert_eq!(same, base2 < 0x80, "base2 {base2:#x}");
        }
    }

    #[test]
    fn set_base_then_get_round_trips() {
        let mut d = Desc64::default();
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..10_000 {
            x = x.rotate_left(17).wrapping_mul(0x2545_f491_4f6c_dd1d);
            d.set_base(x);
            assert_eq!(get_desc64_base_fixed(&d), x);
            assert_eq!(get_desc64_base_fixed(&Desc64::from_bytes(&d.to_bytes())), x);
        }
    }

    #[test]
    fn every_single_bit_lands_in_its_field() {
        for bit in 0..128 {
            let mut bytes = [0u8; 16];
            bytes[bit / 8] = 1 << (bit % 8);
            let d = Desc64::from_bytes(&bytes);
            assert_eq!(d.to_bytes(), bytes, "bit {bit}");
            assert_ne!(d, Desc64::default(), "bit {bit} is in no field");
        }
    }

    #[test]
    fn bit_fields_truncate_like_c() {
        let d = Desc64 {
            type_: 0xff,
            dpl: 0xff,
            limit1: 0x3f,
            ..Desc64::default()
        };
        let b = d.to_bytes();
        assert_eq!((b[5], b[6]), (0x6f, 0x0f));
        let mut d = Desc64::default();
        d.set_limit(0xabcde);
        assert_eq!((d.limit0, d.limit1, d.limit()), (0xbcde, 0xa, 0xabcde));
    }
}
