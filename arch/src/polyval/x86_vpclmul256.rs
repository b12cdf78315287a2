//! x86-64 VPCLMULQDQ on 256-bit registers (AVX2 + VPCLMULQDQ, no AVX-512 needed): the
//! 2-lane [`Lanes`] back-end on `__m256i`, one intrinsic per lane operation, and the
//! entry points.
//!
//! The algorithm itself is `lanes`, which the tests also run on the emulated back-end
//! (`lanes_kunit`: the same operations, one 128-bit intrinsic per lane).

use super::lanes::{self, Lanes};
use super::x86_pclmul as pclmul;
use super::{PolyvalElem, PolyvalKey};
use core::arch::x86_64::*;

/// Proof that the CPU has AVX2, VPCLMULQDQ, PCLMULQDQ and AVX: made only by
/// [`Ymm::new`], whose target features a caller must have.
#[derive(Clone, Copy)]
pub(super) struct Ymm(());

impl Ymm {
    #[inline]
    #[target_feature(enable = "pclmulqdq,avx,avx2,vpclmulqdq")]
    pub(super) fn new() -> Ymm {
        Ymm(())
    }
}

// SAFETY: a `Ymm` exists only where `Ymm::new` could run, i.e. where the CPU has
// pclmulqdq, avx, avx2 and vpclmulqdq: every feature used below.
unsafe impl Lanes<2> for Ymm {
    type V = __m256i;

    #[inline(always)]
    fn zero(self) -> __m256i {
        // SAFETY: `self` proves avx.
        unsafe { _mm256_setzero_si256() }
    }
    #[inline(always)]
    fn load_blocks(self, blocks: &[[u8; 16]; 2]) -> __m256i {
        // SAFETY: `self` proves avx; reads the 32 bytes `blocks` covers (unaligned is
        // fine).
        unsafe { _mm256_loadu_si256(blocks.as_ptr().cast()) }
    }
    #[inline(always)]
    fn load_powers(self, powers: &[PolyvalElem; 2]) -> __m256i {
        // SAFETY: `self` proves avx; reads the 32 bytes of the two repr(C) elements
        // (unaligned loads are fine).
        unsafe { _mm256_loadu_si256(powers.as_ptr().cast()) }
    }
    #[inline(always)]
    fn lane0_only(self, x: __m128i) -> __m256i {
        // SAFETY: `self` proves avx.
        unsafe { _mm256_zextsi128_si256(x) }
    }
    #[inline(always)]
    fn lanes(self, v: __m256i) -> [__m128i; 2] {
        // SAFETY: `self` proves avx and avx2.
        unsafe { [_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v)] }
    }
    #[inline(always)]
    fn xor(self, a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: `self` proves avx2.
        unsafe { _mm256_xor_si256(a, b) }
    }
    #[inline(always)]
    fn clmul_lo(self, a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: `self` proves avx and vpclmulqdq.
        unsafe { _mm256_clmulepi64_epi128::<0x00>(a, b) }
    }
    #[inline(always)]
    fn clmul_hi(self, a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: `self` proves avx and vpclmulqdq.
        unsafe { _mm256_clmulepi64_epi128::<0x11>(a, b) }
    }
    #[inline(always)]
    fn swap_halves(self, a: __m256i) -> __m256i {
        // SAFETY: `self` proves avx2.
        unsafe { _mm256_shuffle_epi32::<0x4e>(a) }
    }
}

/// For each block X: acc = dot(acc ^ X, H). `data.len()` is a multiple of 16.
#[target_feature(enable = "pclmulqdq,avx,avx2,vpclmulqdq")]
pub(super) fn blocks(acc: &mut PolyvalElem, key: &PolyvalKey, data: &[u8]) {
    let a = lanes::blocks_vec(Ymm::new(), pclmul::load_elem(acc), key, data);
    *acc = pclmul::store_elem(a);
}

/// One-shot POLYVAL of `data` into `out`, SIMD rule included, as `x86_pclmul::digest`.
#[target_feature(enable = "pclmulqdq,avx,avx2,vpclmulqdq")]
pub(super) fn digest(key: &PolyvalKey, data: &[u8], out: &mut [u8; 16]) -> bool {
    if !run_in_irq::may_use_simd() {
        return false;
    }
    let _fpu = run_in_irq::kernel_fpu_begin();
    lanes::digest(Ymm::new(), key, data, out);
    true
}
