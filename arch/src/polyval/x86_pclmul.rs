//! x86-64 PCLMULQDQ (+ AVX encoding) POLYVAL: the kernel's `polyval-pclmul-avx` design.
//!
//! Products are Karatsuba (three carry-less multiplies per block) and are summed
//! unreduced over up to 16 blocks, each multiplied by the matching power of H, so one
//! Montgomery-style reduction serves the whole group:
//! `acc' = dot(acc ^ X_0, H^m) ^ dot(X_1, H^(m-1)) ^ ... ^ dot(X_(m-1), H)`.
//!
//! Every function here needs the `pclmulqdq` and `avx` CPU features; callers check them
//! at run time (see `dispatch`).

use super::{PolyvalElem, PolyvalKey, NUM_POWERS};
use core::arch::x86_64::*;

/// Blocks per reduction in the main loop (the kernel's 8 powers).
const GROUP: usize = 8;

/// x^63 + x^62 + x^57: multiplying a word by it is the part of P that lands one word up.
const POLY_LOW_WORD: i64 = 0xc200_0000_0000_0000_u64 as i64;

/// Unreduced Karatsuba sums: `lo` and `hi` are the low/high 64x64 products, `mid` the
/// product of the folded halves (not yet corrected by `lo ^ hi`).
#[derive(Clone, Copy)]
pub(super) struct Sums {
    pub(super) lo: __m128i,
    pub(super) mid: __m128i,
    pub(super) hi: __m128i,
}

#[inline]
#[target_feature(enable = "pclmulqdq,avx")]
pub(super) fn load_elem(e: &PolyvalElem) -> __m128i {
    // SAFETY: `PolyvalElem` is 16 readable bytes (repr(C) of two u64); loadu has no
    // alignment requirement.
    unsafe { _mm_loadu_si128((e as *const PolyvalElem).cast()) }
}

#[inline]
#[target_feature(enable = "pclmulqdq,avx")]
pub(super) fn store_elem(x: __m128i) -> PolyvalElem {
    let mut e = PolyvalElem::ZERO;
    // SAFETY: `e` is 16 writable bytes; storeu has no alignment requirement.
    unsafe { _mm_storeu_si128((&mut e as *mut PolyvalElem).cast(), x) };
    e
}

/// Loads one 16-byte block. `block` must hold at least 16 bytes (checked).
#[inline]
#[target_feature(enable = "pclmulqdq,avx")]
pub(super) fn load_block(block: &[u8]) -> __m128i {
    assert!(block.len() >= 16);
    // SAFETY: at least 16 bytes are readable (asserted above); no alignment needed.
    unsafe { _mm_loadu_si128(block.as_ptr().cast()) }
}

/// Both 64-bit halves replaced by `lo ^ hi`: the Karatsuba middle operand.
#[inline]
#[target_feature(enable = "pclmulqdq,avx")]
pub(super) fn fold_halves(x: __m128i) -> __m128i {
    _mm_xor_si128(x, _mm_shuffle_epi32::<0x4e>(x))
}

impl Sums {
    #[inline]
    #[target_feature(enable = "pclmulqdq,avx")]
    pub(super) fn zero() -> Self {
        let z = _mm_setzero_si128();
        Sums {
            lo: z,
            mid: z,
            hi: z,
        }
    }

    /// Adds the unreduced product `x * h`; `h_folded` is `fold_halves(h)`.
    #[inline]
    #[target_feature(enable = "pclmulqdq,avx")]
    pub(super) fn add_product(&mut self, x: __m128i, h: __m128i, h_folded: __m128i) {
        self.lo = _mm_xor_si128(self.lo, _mm_clmulepi64_si128::<0x00>(x, h));
        self.hi = _mm_xor_si128(self.hi, _mm_clmulepi64_si128::<0x11>(x, h));
        let m = _mm_clmulepi64_si128::<0x00>(fold_halves(x), h_folded);
        self.mid = _mm_xor_si128(self.mid, m);
    }

    /// The reduced sum: (lo + mid x^64 + hi x^128) * x^-128 mod P.
    #[inline]
    #[target_feature(enable = "pclmulqdq,avx")]
    pub(super) fn reduce(self) -> __m128i {
        let mid = _mm_xor_si128(self.mid, _mm_xor_si128(self.lo, self.hi));
        let lo = _mm_xor_si128(self.lo, _mm_slli_si128::<8>(mid));
        let hi = _mm_xor_si128(self.hi, _mm_srli_si128::<8>(mid));
        // Two steps, each cancelling the lowest word w with w * P and moving down a word:
        // the word swap places w two words up (P's x^128 term), the clmul adds the rest.
        let k = _mm_set_epi64x(0, POLY_LOW_WORD);
        let t = _mm_xor_si128(
            _mm_shuffle_epi32::<0x4e>(lo),
            _mm_clmulepi64_si128::<0x00>(lo, k),
        );
        let t = _mm_xor_si128(
            _mm_shuffle_epi32::<0x4e>(t),
            _mm_clmulepi64_si128::<0x00>(t, k),
        );
        _mm_xor_si128(t, hi)
    }
}

/// dot(a, b) = a * b * x^-128.
#[inline]
#[target_feature(enable = "pclmulqdq,avx")]
pub(super) fn dot(a: __m128i, b: __m128i) -> __m128i {
    let mut s = Sums::zero();
    s.add_product(a, b, fold_halves(b));
    s.reduce()
}

/// dot(a, b) on elements (key preparation and the partial-block multiply).
#[target_feature(enable = "pclmulqdq,avx")]
pub(super) fn dot_elem(a: PolyvalElem, b: PolyvalElem) -> PolyvalElem {
    store_elem(dot(load_elem(&a), load_elem(&b)))
}

/// All key powers from `h` (see `PolyvalKey`), computed with PCLMULQDQ.
#[target_feature(enable = "pclmulqdq,avx")]
pub(super) fn key_powers(h: PolyvalElem, out: &mut [PolyvalElem; NUM_POWERS]) {
    super::powers::compute(load_elem(&h), |a, b| dot(a, b), |x| store_elem(x), out);
}

/// Folds `m = blocks.len() / 16` blocks (m <= NUM_POWERS) into `acc` with one
/// reduction, multiplying block j by H^(m-j) from the key.
#[inline]
#[target_feature(enable = "pclmulqdq,avx")]
pub(super) fn fold_group(acc: __m128i, key: &PolyvalKey, blocks: &[u8]) -> __m128i {
    let m = blocks.len() / 16;
    debug_assert!(m <= NUM_POWERS && blocks.len().is_multiple_of(16));
    let powers = &key.h_powers[NUM_POWERS - m..];
    let mut s = Sums::zero();
    let mut x0 = acc;
    for (block, p) in blocks.chunks_exact(16).zip(powers) {
        let h = load_elem(p);
        s.add_product(_mm_xor_si128(x0, load_block(block)), h, fold_halves(h));
        x0 = _mm_setzero_si128();
    }
    s.reduce()
}

/// For each block X: acc = dot(acc ^ X, H). `data.len()` is a multiple of 16.
#[target_feature(enable = "pclmulqdq,avx")]
pub(super) fn blocks(acc: &mut PolyvalElem, key: &PolyvalKey, data: &[u8]) {
    *acc = store_elem(blocks_vec(load_elem(acc), key, data));
}

/// One-shot POLYVAL of `data` into `out` (kernel `polyval()`: a partial last block counts
/// zero-padded), kept in registers from the first load to the one 16-byte store. Applies
/// the SIMD rule itself, so that a one-shot hash is a single call: where `may_use_simd()`
/// says no it returns false and writes nothing; otherwise it hashes inside a kernel-FPU
/// section and returns true.
#[target_feature(enable = "pclmulqdq,avx")]
pub(super) fn digest(key: &PolyvalKey, data: &[u8], out: &mut [u8; 16]) -> bool {
    if !run_in_irq::may_use_simd() {
        return false;
    }
    let _fpu = run_in_irq::kernel_fpu_begin();
    let full = data.len() & !15;
    let a = blocks_vec(_mm_setzero_si128(), key, &data[..full]);
    store_digest(absorb_partial(a, key, &data[full..]), out);
    true
}

/// acc = dot(acc ^ X, H) for the zero-padded partial block X (`tail.len() < 16`; an empty
/// tail leaves `acc` alone).
#[inline]
#[target_feature(enable = "pclmulqdq,avx")]
pub(super) fn absorb_partial(acc: __m128i, key: &PolyvalKey, tail: &[u8]) -> __m128i {
    if tail.is_empty() {
        return acc;
    }
    let mut block = [0u8; 16];
    block[..tail.len()].copy_from_slice(tail);
    dot(
        _mm_xor_si128(acc, load_block(&block)),
        load_elem(&key.h_powers[NUM_POWERS - 1]),
    )
}

#[inline]
#[target_feature(enable = "pclmulqdq,avx")]
pub(super) fn store_digest(x: __m128i, out: &mut [u8; 16]) {
    // SAFETY: `out` is 16 writable bytes; storeu has no alignment requirement.
    unsafe { _mm_storeu_si128(out.as_mut_ptr().cast(), x) };
}

/// [`blocks`] on a register accumulator. Small, so the common short case inlines.
#[inline]
#[target_feature(enable = "pclmulqdq,avx")]
fn blocks_vec(a: __m128i, key: &PolyvalKey, data: &[u8]) -> __m128i {
    debug_assert_eq!(data.len() % 16, 0);
    match data.len() {
        0 => a,
        // Up to 16 blocks: one reduction with the matching powers.
        n if n <= 16 * NUM_POWERS => fold_group(a, key, data),
        _ => blocks_grouped(a, key, data),
    }
}

/// More than 16 blocks: groups of [`GROUP`], then the rest in one reduction.
#[target_feature(enable = "pclmulqdq,avx")]
fn blocks_grouped(mut a: __m128i, key: &PolyvalKey, data: &[u8]) -> __m128i {
    let h: [__m128i; GROUP] =
        core::array::from_fn(|j| load_elem(&key.h_powers[NUM_POWERS - GROUP + j]));
    let hf: [__m128i; GROUP] = core::array::from_fn(|j| fold_halves(h[j]));
    let mut groups = data.chunks_exact(16 * GROUP);
    for group in &mut groups {
        let mut s = Sums::zero();
        let mut x0 = a;
        for j in 0..GROUP {
            let x = _mm_xor_si128(x0, load_block(&group[16 * j..]));
            s.add_product(x, h[j], hf[j]);
            x0 = _mm_setzero_si128();
        }
        a = s.reduce();
    }
    let tail = groups.remainder();
    if !tail.is_empty() {
        a = fold_group(a, key, tail);
    }
    a
}
