//! The VPCLMULQDQ POLYVAL algorithm, written once over [`Lanes`]: a vector of `N` 128-bit
//! lanes (2 in a 256-bit register, 4 in a 512-bit one) with a handful of lane-wise
//! operations.
//!
//! Back-ends: `x86_vpclmul256` and `x86_vpclmul512` map each operation to one AVX2 or
//! AVX-512 intrinsic on a `__m256i` or `__m512i`; `lanes_kunit` (tests only) maps it
//! to the same 128-bit PCLMULQDQ/SSE intrinsic on each element of a `[__m128i; N]`, so
//! the algorithm is proven on CPUs without VPCLMULQDQ.
//!
//! A group of up to 16 blocks is multiplied by the matching key powers, `N` blocks (and
//! `N` powers) per vector, Karatsuba style, and summed unreduced; the lanes of each sum
//! are then added and the 128-bit code reduces the total once:
//! `acc' = dot(acc ^ X_0, H^m) ^ dot(X_1, H^(m-1)) ^ ... ^ dot(X_(m-1), H)`.
//! Blocks beyond the last multiple of `N` in a group go through the 128-bit code with
//! their powers, into the same unreduced sum; a group of fewer than `N` blocks (the tail
//! of a message) is the 128-bit code's alone.

use super::x86_pclmul::{self as pclmul, Sums};
use super::{PolyvalElem, PolyvalKey, NUM_POWERS};
use core::arch::x86_64::*;

/// `N` 128-bit lanes and the lane-wise operations the algorithm needs. Lane `i` holds
/// block `i` of an `N`-block load or power `i` of an `N`-power load.
///
/// # Safety
/// A value of the implementing type may exist only on a CPU that has `pclmulqdq`, `avx`
/// and every feature its operations use (so construct it only in code that runs after
/// detection); the algorithm relies on that to call the 128-bit PCLMULQDQ code.
pub(super) unsafe trait Lanes<const N: usize>: Copy {
    /// The vector of `N` lanes.
    type V: Copy;
    /// All lanes zero.
    fn zero(self) -> Self::V;
    /// `N` consecutive blocks (no alignment needed).
    fn load_blocks(self, blocks: &[[u8; 16]; N]) -> Self::V;
    /// `N` consecutive key powers (the key needs only its own 8-byte alignment).
    fn load_powers(self, powers: &[PolyvalElem; N]) -> Self::V;
    /// `x` in lane 0, zeroes in the other lanes.
    fn lane0_only(self, x: __m128i) -> Self::V;
    /// The lanes, lane 0 first.
    fn lanes(self, v: Self::V) -> [__m128i; N];
    /// Lane-wise XOR.
    fn xor(self, a: Self::V, b: Self::V) -> Self::V;
    /// Per lane: carry-less product of the low 64-bit halves (PCLMULQDQ imm 0x00).
    fn clmul_lo(self, a: Self::V, b: Self::V) -> Self::V;
    /// Per lane: carry-less product of the high 64-bit halves (PCLMULQDQ imm 0x11).
    fn clmul_hi(self, a: Self::V, b: Self::V) -> Self::V;
    /// Per lane: the two 64-bit halves swapped (PSHUFD imm 0x4e).
    fn swap_halves(self, a: Self::V) -> Self::V;
}

/// Blocks per reduction: every key power.
const GROUP: usize = NUM_POWERS;

/// For each block X of `data` (a multiple of 16 bytes long): a = dot(a ^ X, H).
#[inline(always)]
pub(super) fn blocks_vec<const N: usize, L: Lanes<N>>(
    l: L,
    mut a: __m128i,
    key: &PolyvalKey,
    data: &[u8],
) -> __m128i {
    debug_assert_eq!(data.len() % 16, 0);
    let mut groups = data.chunks_exact(16 * GROUP);
    for group in &mut groups {
        a = fold_group(l, a, key, group);
    }
    let tail = groups.remainder();
    if !tail.is_empty() {
        a = fold_group(l, a, key, tail);
    }
    a
}

/// One-shot POLYVAL of `data` into `out` (a partial last block counts zero-padded). The
/// caller applies the SIMD rule.
#[inline(always)]
pub(super) fn digest<const N: usize, L: Lanes<N>>(
    l: L,
    key: &PolyvalKey,
    data: &[u8],
    out: &mut [u8; 16],
) {
    let full = data.len() & !15;
    // SAFETY: `L: Lanes` exists only where pclmulqdq and avx do (the trait's contract).
    unsafe {
        let a = blocks_vec(l, _mm_setzero_si128(), key, &data[..full]);
        pclmul::store_digest(pclmul::absorb_partial(a, key, &data[full..]), out);
    }
}

/// `lo ^ hi` in both halves of each lane: the Karatsuba middle operand.
#[inline(always)]
fn fold_halves<const N: usize, L: Lanes<N>>(l: L, x: L::V) -> L::V {
    l.xor(x, l.swap_halves(x))
}

/// The XOR of the lanes.
#[inline(always)]
fn sum_lanes<const N: usize, L: Lanes<N>>(l: L, v: L::V) -> __m128i {
    let lanes = l.lanes(v);
    let mut sum = lanes[0];
    for x in &lanes[1..] {
        // SAFETY: SSE2 is part of the x86-64 baseline.
        sum = unsafe { _mm_xor_si128(sum, *x) };
    }
    sum
}

/// Folds the `m = blocks.len() / 16` blocks (1 <= m <= 16) into `acc` with one
/// reduction, block j multiplied by H^(m-j) (`h_powers[16 - m + j]`).
#[inline(always)]
fn fold_group<const N: usize, L: Lanes<N>>(
    l: L,
    acc: __m128i,
    key: &PolyvalKey,
    blocks: &[u8],
) -> __m128i {
    let m = blocks.len() / 16;
    debug_assert!((1..=NUM_POWERS).contains(&m) && blocks.len().is_multiple_of(16));
    if m < N {
        // No vector to fill: the 128-bit code alone (short messages stay short).
        // SAFETY: `L: Lanes` exists only where pclmulqdq and avx do (the trait's contract).
        return unsafe { pclmul::fold_group(acc, key, blocks) };
    }
    let (blocks, _) = blocks.as_chunks::<16>();
    let powers = &key.h_powers[NUM_POWERS - m..];
    let whole = m - m % N;
    let (vec_blocks, rest_blocks) = blocks.split_at(whole);
    let (vec_powers, rest_powers) = powers.split_at(whole);

    // The accumulator joins the first block: lane 0 of the first vector.
    let z = l.zero();
    let (mut lo, mut mid, mut hi) = (z, z, z);
    let mut first = l.lane0_only(acc);
    for (x, h) in vec_blocks.chunks_exact(N).zip(vec_powers.chunks_exact(N)) {
        let x = l.xor(l.load_blocks(x.try_into().expect("N blocks")), first);
        let h = l.load_powers(h.try_into().expect("N powers"));
        first = z;
        lo = l.xor(lo, l.clmul_lo(x, h));
        hi = l.xor(hi, l.clmul_hi(x, h));
        mid = l.xor(mid, l.clmul_lo(fold_halves(l, x), fold_halves(l, h)));
    }
    let mut sums = Sums {
        lo: sum_lanes(l, lo),
        mid: sum_lanes(l, mid),
        hi: sum_lanes(l, hi),
    };
    // The last m mod N blocks, one at a time, into the same unreduced sums.
    // SAFETY: `L: Lanes` exists only where pclmulqdq and avx do (the trait's contract).
    unsafe {
        for (x, p) in rest_blocks.iter().zip(rest_powers) {
            let h = pclmul::load_elem(p);
            sums.add_product(pclmul::load_block(x), h, pclmul::fold_halves(h));
        }
        sums.reduce()
    }
}
