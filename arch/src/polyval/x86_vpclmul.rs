//! x86-64 VPCLMULQDQ on 256-bit registers (AVX2 + VPCLMULQDQ, no AVX-512 needed).
//!
//! Each instruction multiplies two blocks at once. A group of 16 blocks (8 registers) is
//! multiplied by H^16 .. H^1 (the key's powers, loaded pairwise) and summed unreduced;
//! the two 128-bit lanes are then added and reduced once. Shorter tails go through the
//! 128-bit code with the matching lower powers.

use super::x86_pclmul::{self as pclmul, Sums};
use super::{PolyvalElem, PolyvalKey, NUM_POWERS};
use core::arch::x86_64::*;

/// Blocks per reduction: all key powers, two per register.
const GROUP: usize = NUM_POWERS;
const REGS: usize = GROUP / 2;

#[inline]
#[target_feature(enable = "pclmulqdq,avx,avx2,vpclmulqdq")]
fn load_pair(bytes: &[u8]) -> __m256i {
    assert!(bytes.len() >= 32);
    // SAFETY: at least 32 bytes are readable (asserted above); no alignment needed.
    unsafe { _mm256_loadu_si256(bytes.as_ptr().cast()) }
}

#[inline]
#[target_feature(enable = "pclmulqdq,avx,avx2,vpclmulqdq")]
fn load_powers(pair: &[PolyvalElem; 2]) -> __m256i {
    // SAFETY: two `PolyvalElem`s are 32 readable bytes; no alignment needed.
    unsafe { _mm256_loadu_si256((pair as *const [PolyvalElem; 2]).cast()) }
}

/// `lo ^ hi` in both halves of each lane.
#[inline]
#[target_feature(enable = "pclmulqdq,avx,avx2,vpclmulqdq")]
fn fold_halves(x: __m256i) -> __m256i {
    _mm256_xor_si256(x, _mm256_shuffle_epi32::<0x4e>(x))
}

#[inline]
#[target_feature(enable = "pclmulqdq,avx,avx2,vpclmulqdq")]
fn add_lanes(x: __m256i) -> __m128i {
    _mm_xor_si128(_mm256_castsi256_si128(x), _mm256_extracti128_si256::<1>(x))
}

/// For each block X: acc = dot(acc ^ X, H). `data.len()` is a multiple of 16.
#[target_feature(enable = "pclmulqdq,avx,avx2,vpclmulqdq")]
pub(super) fn blocks(acc: &mut PolyvalElem, key: &PolyvalKey, data: &[u8]) {
    *acc = pclmul::store_elem(blocks_vec(pclmul::load_elem(acc), key, data));
}

/// One-shot POLYVAL of `data` into `out`, SIMD rule included, as `x86_pclmul::digest`.
#[target_feature(enable = "pclmulqdq,avx,avx2,vpclmulqdq")]
pub(super) fn digest(key: &PolyvalKey, data: &[u8], out: &mut [u8; 16]) -> bool {
    if !run_in_irq::may_use_simd() {
        return false;
    }
    let _fpu = run_in_irq::kernel_fpu_begin();
    let full = data.len() & !15;
    let a = blocks_vec(_mm_setzero_si128(), key, &data[..full]);
    pclmul::store_digest(pclmul::absorb_partial(a, key, &data[full..]), out);
    true
}

/// [`blocks`] on a register accumulator. Small, so the common short case inlines.
#[inline]
#[target_feature(enable = "pclmulqdq,avx,avx2,vpclmulqdq")]
fn blocks_vec(a: __m128i, key: &PolyvalKey, data: &[u8]) -> __m128i {
    debug_assert_eq!(data.len() % 16, 0);
    match data.len() {
        0 => a,
        // One reduction for the whole message; no point loading all the powers.
        n if n < 16 * GROUP => pclmul::fold_group(a, key, data),
        _ => blocks_grouped(a, key, data),
    }
}

/// At least [`GROUP`] blocks: groups of 16, then the rest in one reduction.
#[target_feature(enable = "pclmulqdq,avx,avx2,vpclmulqdq")]
fn blocks_grouped(mut a: __m128i, key: &PolyvalKey, data: &[u8]) -> __m128i {
    let h: [__m256i; REGS] = core::array::from_fn(|i| {
        load_powers(key.h_powers[2 * i..2 * i + 2].try_into().expect("pair"))
    });
    let hf: [__m256i; REGS] = core::array::from_fn(|i| fold_halves(h[i]));
    let mut groups = data.chunks_exact(16 * GROUP);
    for group in &mut groups {
        let z = _mm256_setzero_si256();
        let (mut lo, mut mid, mut hi) = (z, z, z);
        for i in 0..REGS {
            let mut x = load_pair(&group[32 * i..]);
            if i == 0 {
                x = _mm256_xor_si256(x, _mm256_set_m128i(_mm_setzero_si128(), a));
            }
            lo = _mm256_xor_si256(lo, _mm256_clmulepi64_epi128::<0x00>(x, h[i]));
            hi = _mm256_xor_si256(hi, _mm256_clmulepi64_epi128::<0x11>(x, h[i]));
            let m = _mm256_clmulepi64_epi128::<0x00>(fold_halves(x), hf[i]);
            mid = _mm256_xor_si256(mid, m);
        }
        let sums = Sums {
            lo: add_lanes(lo),
            mid: add_lanes(mid),
            hi: add_lanes(hi),
        };
        a = sums.reduce();
    }
    let tail = groups.remainder();
    if !tail.is_empty() {
        a = pclmul::fold_group(a, key, tail);
    }
    a
}
