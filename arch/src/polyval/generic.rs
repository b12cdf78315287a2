//! Portable, constant-time POLYVAL field arithmetic (the kernel's `polyval_mul_generic`).
//!
//! No branch and no memory index depends on key or data: the carry-less multiply uses
//! integer multiplies on operands with "holes" (every 4th bit kept), and the reduction is
//! shifts and XORs only.

use super::PolyvalElem;

const HOLES: u64 = 0x1111_1111_1111_1111;
const HOLES128: u128 = 0x1111_1111_1111_1111_1111_1111_1111_1111;

/// An operand split into its four bit classes (a fixed multiplier's, e.g. H's, is reused).
#[derive(Clone, Copy)]
struct Holes([u64; 4]);

impl Holes {
    #[inline]
    fn of(b: u64) -> Holes {
        Holes([
            b & HOLES,
            b & (HOLES << 1),
            b & (HOLES << 2),
            b & (HOLES << 3),
        ])
    }
}

/// Carry-less 64 x 64 -> 128-bit multiply, constant time.
///
/// Integer multiplication adds where GF(2) XORs. Splitting each operand into four classes
/// of bits 4 apart makes every product bit of a class pair a *count* of at most 15
/// contributions, which fits in the 3-bit hole above it, so bit 0 of the count (the XOR)
/// lands undisturbed. `a` keeps its top 60 bits for that (15 per class). Its low 4 bits
/// times one class of `b` is carry-free as an integer product (the four shifted copies
/// of that class never share a bit position), so those four products are exact.
#[inline]
fn clmul64_holes(a: u64, b: &Holes) -> u128 {
    let bm = &b.0;
    let am = Holes::of(a & !0xf).0;
    let m = |i: usize, j: usize| u128::from(am[i]) * u128::from(bm[j]);
    // Products whose classes add up to k (mod 4) contribute to result class k.
    let z0 = m(0, 0) ^ m(1, 3) ^ m(2, 2) ^ m(3, 1);
    let z1 = m(0, 1) ^ m(1, 0) ^ m(2, 3) ^ m(3, 2);
    let z2 = m(0, 2) ^ m(1, 1) ^ m(2, 0) ^ m(3, 3);
    let z3 = m(0, 3) ^ m(1, 2) ^ m(2, 1) ^ m(3, 0);
    let r =
        (z0 & HOLES128) | (z1 & (HOLES128 << 1)) | (z2 & (HOLES128 << 2)) | (z3 & (HOLES128 << 3));
    let a_low = u128::from(a & 0xf);
    let low = (a_low * u128::from(bm[0]))
        ^ (a_low * u128::from(bm[1]))
        ^ (a_low * u128::from(bm[2]))
        ^ (a_low * u128::from(bm[3]));
    r ^ low
}

/// The multiplier of a Karatsuba product, split once: low half, high half, their XOR.
#[derive(Clone, Copy)]
struct SplitElem {
    lo: Holes,
    hi: Holes,
    mid: Holes,
}

impl SplitElem {
    #[inline]
    fn of(b: PolyvalElem) -> SplitElem {
        SplitElem {
            lo: Holes::of(b.lo),
            hi: Holes::of(b.hi),
            mid: Holes::of(b.lo ^ b.hi),
        }
    }
}

/// The 256-bit carry-less product `a * b` as four 64-bit words, low first (Karatsuba).
#[inline]
fn clmul128(a: PolyvalElem, b: &SplitElem) -> [u64; 4] {
    let lo = clmul64_holes(a.lo, &b.lo);
    let hi = clmul64_holes(a.hi, &b.hi);
    let mid = clmul64_holes(a.lo ^ a.hi, &b.mid) ^ lo ^ hi;
    [
        lo as u64,
        ((lo >> 64) as u64) ^ (mid as u64),
        (hi as u64) ^ ((mid >> 64) as u64),
        (hi >> 64) as u64,
    ]
}

/// `c * x^-128 mod P` for a 256-bit `c`, with P = x^128 + x^127 + x^126 + x^121 + 1.
///
/// Each step adds `w * P` to cancel the lowest word `w` (P's x^0 term), which adds
/// `w * (x^63 + x^62 + x^57)` one word up and `w` two words up, then drops that word.
#[inline]
fn reduce(c: [u64; 4]) -> PolyvalElem {
    let [c0, mut c1, mut c2, mut c3] = c;
    c1 ^= (c0 << 63) ^ (c0 << 62) ^ (c0 << 57);
    c2 ^= c0 ^ (c0 >> 1) ^ (c0 >> 2) ^ (c0 >> 7);
    c2 ^= (c1 << 63) ^ (c1 << 62) ^ (c1 << 57);
    c3 ^= c1 ^ (c1 >> 1) ^ (c1 >> 2) ^ (c1 >> 7);
    PolyvalElem { lo: c2, hi: c3 }
}

/// The POLYVAL product dot(a, b) = a * b * x^-128.
#[inline]
pub(super) fn dot(a: PolyvalElem, b: PolyvalElem) -> PolyvalElem {
    reduce(clmul128(a, &SplitElem::of(b)))
}

/// For each 16-byte block X of `data`: acc = dot(acc ^ X, h). `data.len()` is a multiple
/// of 16.
pub(super) fn blocks(acc: &mut PolyvalElem, h: PolyvalElem, data: &[u8]) {
    debug_assert_eq!(data.len() % 16, 0);
    let h = SplitElem::of(h);
    let mut a = *acc;
    for block in data.chunks_exact(16) {
        let x = PolyvalElem::from_bytes(block.try_into().expect("16-byte chunk"));
        a = reduce(clmul128(a.xor(x), &h));
    }
    *acc = a;
}

#[cfg(test)]
#[path = "generic_kunit.rs"]
mod generic_kunit;
