//! x86-64 VPCLMULQDQ on 512-bit registers (AVX-512F + VPCLMULQDQ): the 4-lane [`Lanes`]
//! back-end on `__m512i`, one intrinsic per lane operation, and the entry points.
//!
//! The algorithm itself is `lanes`, which the tests also run on the emulated back-end
//! (`lanes_kunit`: the same operations, one 128-bit intrinsic per lane).

use super::lanes::{self, Lanes};
use super::x86_pclmul as pclmul;
use super::{PolyvalElem, PolyvalKey};
use core::arch::x86_64::*;

/// Proof that the CPU has AVX-512F, VPCLMULQDQ, PCLMULQDQ and AVX: made only by
/// [`Zmm::new`], whose target features a caller must have.
#[derive(Clone, Copy)]
pub(super) struct Zmm(());

impl Zmm {
    #[inline]
    #[target_feature(enable = "pclmulqdq,avx,avx2,avx512f,vpclmulqdq")]
    pub(super) fn new() -> Zmm {
        Zmm(())
    }
}

// SAFETY: a `Zmm` exists only where `Zmm::new` could run, i.e. where the CPU has
// pclmulqdq, avx, avx2, avx512f and vpclmulqdq: every feature used below.
unsafe impl Lanes<4> for Zmm {
    type V = __m512i;

    #[inline(always)]
    fn zero(self) -> __m512i {
        // SAFETY: `self` proves avx512f.
        unsafe { _mm512_setzero_si512() }
    }
    #[inline(always)]
    fn load_blocks(self, blocks: &[[u8; 16]; 4]) -> __m512i {
        // SAFETY: `self` proves avx512f; reads the 64 bytes `blocks` covers (unaligned is
        // fine).
        unsafe { _mm512_loadu_si512(blocks.as_ptr().cast()) }
    }
    #[inline(always)]
    fn load_powers(self, powers: &[PolyvalElem; 4]) -> __m512i {
        // SAFETY: `self` proves avx512f; reads the 64 bytes of the four repr(C) elements
        // (unaligned loads are fine).
        unsafe { _mm512_loadu_si512(powers.as_ptr().cast()) }
    }
    #[inline(always)]
    fn lane0_only(self, x: __m128i) -> __m512i {
        // SAFETY: `self` proves avx512f.
        unsafe { _mm512_zextsi128_si512(x) }
    }
    #[inline(always)]
    fn lanes(self, v: __m512i) -> [__m128i; 4] {
        // SAFETY: `self` proves avx512f.
        unsafe {
            [
                _mm512_extracti32x4_epi32::<0>(v),
                _mm512_extracti32x4_epi32::<1>(v),
                _mm512_extracti32x4_epi32::<2>(v),
                _mm512_extracti32x4_epi32::<3>(v),
            ]
        }
    }
    #[inline(always)]
    fn xor(self, a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: `self` proves avx512f.
        unsafe { _mm512_xor_si512(a, b) }
    }
    #[inline(always)]
    fn clmul_lo(self, a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: `self` proves avx512f and vpclmulqdq.
        unsafe { _mm512_clmulepi64_epi128::<0x00>(a, b) }
    }
    #[inline(always)]
    fn clmul_hi(self, a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: `self` proves avx512f and vpclmulqdq.
        unsafe { _mm512_clmulepi64_epi128::<0x11>(a, b) }
    }
    #[inline(always)]
    fn swap_halves(self, a: __m512i) -> __m512i {
        // SAFETY: `self` proves avx512f.
        unsafe { _mm512_shuffle_epi32::<0x4e>(a) }
    }
}

/// For each block X: acc = dot(acc ^ X, H). `data.len()` is a multiple of 16.
#[target_feature(enable = "pclmulqdq,avx,avx2,avx512f,vpclmulqdq")]
pub(super) fn blocks(acc: &mut PolyvalElem, key: &PolyvalKey, data: &[u8]) {
    let a = lanes::blocks_vec(Zmm::new(), pclmul::load_elem(acc), key, data);
    *acc = pclmul::store_elem(a);
}

/// One-shot POLYVAL of `data` into `out`, SIMD rule included, as `x86_pclmul::digest`.
#[target_feature(enable = "pclmulqdq,avx,avx2,avx512f,vpclmulqdq")]
pub(super) fn digest(key: &PolyvalKey, data: &[u8], out: &mut [u8; 16]) -> bool {
    if !run_in_irq::may_use_simd() {
        return false;
    }
    let _fpu = run_in_irq::kernel_fpu_begin();
    lanes::digest(Zmm::new(), key, data, out);
    true
}
