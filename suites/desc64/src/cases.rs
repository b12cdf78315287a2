//! The desc64 cases: the seed's worked example, every base2 value, seeded round trips, the
//! packed layout, and the JSON vectors.

use kunit::prelude::*;
use kunit_arch::desc64::{
    get_desc64_base, get_desc64_base_buggy, get_desc64_base_fixed, Desc64, DESC64_SIZE,
};

use crate::vectors::vectors;

/// The commit message's example: base0 0x5000, base1 0xd6, base2 0xf8, base3 0xfffffe7c.
fn worked_example() -> Desc64 {
    Desc64 {
        base0: 0x5000,
        base1: 0xd6,
        base2: 0xf8,
        base3: 0xfffffe7c,
        ..Desc64::default()
    }
}

/// The base as the CPU assembles it: bytes 2, 3, 4, 7, 8..12 of the image, in order, are
/// the little-endian bytes 0..8 of the base (independent of the field arithmetic).
fn base_from_image(b: &[u8; DESC64_SIZE]) -> u64 {
    u64::from_le_bytes([b[2], b[3], b[4], b[7], b[8], b[9], b[10], b[11]])
}

pub fn test_get_desc64_base_worked_example(test: &mut Kunit) {
    let d = worked_example();
    kunit_expect_eq!(test, get_desc64_base(&d), 0xfffffe7cf8d65000);
    // The same descriptor read back from its packed image.
    let image = d.to_bytes();
    let d = Desc64::from_bytes(&image);
    kunit_expect_eq!(test, get_desc64_base(&d), 0xfffffe7cf8d65000);
}

pub fn test_get_desc64_base_every_base2(test: &mut Kunit) {
    const BASE3: [u32; 7] = [
        0,
        1,
        0x7fff_ffff,
        0x8000_0000,
        0xffff_fe7c,
        0xffff_ffff,
        0x1234_5678,
    ];
    const BASE1: [u8; 5] = [0, 0x7f, 0x80, 0xd6, 0xff];
    const BASE0: [u16; 4] = [0, 0x5000, 0x8000, 0xffff];
    for base2 in 0..=255u8 {
        for base3 in BASE3 {
            for base1 in BASE1 {
                for base0 in BASE0 {
                    let d = Desc64 {
                        base0,
                        base1,
                        base2,
                        base3,
                        ..Desc64::default()
                    };
                    let expected = base_from_image(&d.to_bytes());
                    kunit_assert_eq_msg!(
                        test,
                        get_desc64_base(&d),
                        expected,
                        "base0={:#x} base1={:#x} base2={:#x} base3={:#x}",
                        base0,
                        base1,
                        base2,
                        base3
                    );
                }
            }
        }
    }
}

/// xorshift64: a fixed seed makes every run check the same descriptors.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

pub fn test_desc64_set_get_round_trips(test: &mut Kunit) {
    const SEED: u64 = 0x6465_7363_3634; // "desc64"
    let mut rng = SEED;
    for i in 0..10_000 {
        let r = next(&mut rng);
        let mut d = Desc64 {
            type_: (r & 0xf) as u8,
            s: (r >> 4 & 1) as u8,
            dpl: (r >> 5 & 3) as u8,
            p: (r >> 7 & 1) as u8,
            avl: (r >> 8 & 1) as u8,
            l: (r >> 9 & 1) as u8,
            db: (r >> 10 & 1) as u8,
            g: (r >> 11 & 1) as u8,
            ..Desc64::default()
        };
        let base = next(&mut rng);
        let limit = (r >> 12) as u32 & 0xf_ffff;
        d.set_base(base);
        d.set_limit(limit);
        let image = d.to_bytes();
        let back = Desc64::from_bytes(&image);
        kunit_assert_eq_msg!(test, back, d, "seed {:#x} iteration {}", SEED, i);
        kunit_assert_eq_msg!(
            test,
            base_from_image(&image),
            base,
            "seed {:#x} iteration {}",
            SEED,
            i
        );
        kunit_assert_eq_msg!(
            test,
            get_desc64_base(&back),
            base,
            "seed {:#x} iteration {}",
            SEED,
            i
        );
        kunit_assert_eq_msg!(
            test,
            back.limit(),
            limit,
            "seed {:#x} iteration {}",
            SEED,
            i
        );
    }
}

/// One member set to all ones, and the image bytes it must produce (SDM Vol. 3 Figure 3-8).
struct FieldImage {
    name: &'static str,
    set: fn(&mut Desc64),
    image: [u8; DESC64_SIZE],
}

/// One row of `FIELD_IMAGES`.
const fn field(name: &'static str, set: fn(&mut Desc64), image: [u8; DESC64_SIZE]) -> FieldImage {
    FieldImage { name, set, image }
}

/// `image` with `mask` at byte `at` and zeros elsewhere.
const fn at(at: usize, mask: u8) -> [u8; DESC64_SIZE] {
    let mut b = [0; DESC64_SIZE];
    b[at] = mask;
    b
}

const fn range(from: usize, to: usize) -> [u8; DESC64_SIZE] {
    let mut b = [0; DESC64_SIZE];
    let mut i = from;
    while i < to {
        b[i] = 0xff;
        i += 1;
    }
    b
}

static FIELD_IMAGES: [FieldImage; 15] = [
    field("limit0", |d| d.limit0 = !0, range(0, 2)),
    field("base0", |d| d.base0 = !0, range(2, 4)),
    field("base1", |d| d.base1 = !0, at(4, 0xff)),
    field("type", |d| d.type_ = 0xf, at(5, 0x0f)),
    field("s", |d| d.s = 1, at(5, 0x10)),
    field("dpl", |d| d.dpl = 3, at(5, 0x60)),
    field("p", |d| d.p = 1, at(5, 0x80)),
    field("limit1", |d| d.limit1 = 0xf, at(6, 0x0f)),
    field("avl", |d| d.avl = 1, at(6, 0x10)),
    field("l", |d| d.l = 1, at(6, 0x20)),
    field("db", |d| d.db = 1, at(6, 0x40)),
    field("g", |d| d.g = 1, at(6, 0x80)),
    field("base2", |d| d.base2 = !0, at(7, 0xff)),
    field("base3", |d| d.base3 = !0, range(8, 12)),
    field("zero1", |d| d.zero1 = !0, range(12, 16)),
];

pub fn test_desc64_layout(test: &mut Kunit) {
    kunit_expect_eq!(test, DESC64_SIZE, 16);
    kunit_expect_eq!(test, Desc64::default().to_bytes(), [0u8; 16]);
    let mut covered = [0u8; DESC64_SIZE];
    for f in &FIELD_IMAGES {
        let mut d = Desc64::default();
        (f.set)(&mut d);
        let image = d.to_bytes();
        kunit_expect_memeq_msg!(test, &image, &f.image, DESC64_SIZE, "field {}", f.name);
        kunit_expect_eq_msg!(test, Desc64::from_bytes(&f.image), d, "field {}", f.name);
        for (c, b) in covered.iter_mut().zip(f.image) {
            kunit_expect_eq_msg!(test, *c & b, 0, "field {} overlaps another", f.name);
            *c |= b;
        }
    }
    // Every one of the 128 bits belongs to exactly one member.
    kunit_expect_eq!(test, covered, [0xffu8; 16]);
}

pub fn test_desc64_layout_example(test: &mut Kunit) {
    let v = match vectors() {
        Ok(v) => v,
        Err(e) => kunit_fail_and_abort!(test, "{}", e),
    };
    let image = v.layout_fields.to_bytes();
    kunit_expect_memeq!(test, &image, &v.layout_bytes, DESC64_SIZE);
    kunit_expect_eq!(test, Desc64::from_bytes(&v.layout_bytes), v.layout_fields);
}

/// One parameter per JSON case, described by its name; a load error yields a single
/// parameter so the case runs and reports it.
fn base_case_params(_: &mut Kunit, prev: Option<&Param>, desc: &mut String) -> Option<Param> {
    let index = prev.map_or(0, |p| p.index() + 1);
    match vectors() {
        Ok(v) => desc.push_str(&v.cases.get(index)?.name),
        Err(_) if index == 0 => desc.push_str("unreadable vectors"),
        Err(_) => return None,
    }
    Some(Param::new(index))
}

pub fn test_get_desc64_base_vectors(test: &mut Kunit) {
    let v = match vectors() {
        Ok(v) => v,
        Err(e) => kunit_fail_and_abort!(test, "{}", e),
    };
    let c = &v.cases[*test.param::<usize>()];
    let d = c.desc;
    let expected_fixed = c.expected_fixed;
    let buggy_result = c.buggy_result;
    // The vectors' two formulas, against both models...
    kunit_expect_eq!(test, get_desc64_base_fixed(&d), expected_fixed);
    kunit_expect_eq!(test, get_desc64_base_buggy(&d), buggy_result);
    kunit_expect_eq!(test, c.bug_visible, expected_fixed != buggy_result);
    // ...and the function under test.
    kunit_expect_eq!(test, get_desc64_base(&d), expected_fixed);
}

pub static DESC64_CASES: &[Case] = &[
    kunit_case!(test_get_desc64_base_worked_example),
    kunit_case!(test_get_desc64_base_every_base2),
    kunit_case!(test_desc64_set_get_round_trips),
    kunit_case!(test_desc64_layout),
    kunit_case!(test_desc64_layout_example),
    kunit_case_param!(test_get_desc64_base_vectors, base_case_params),
];
