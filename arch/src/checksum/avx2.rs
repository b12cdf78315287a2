//! x86-64 AVX2 `csum_partial` (no kernel counterpart; selected at run time when the CPU has
//! AVX2).
//!
//! The one's-complement sum of 16-bit words equals their plain sum modulo 0xffff, so the
//! vector loop only has to add words without losing any. `vpmaddwd` against a vector of ones
//! adds adjacent 16-bit words into 32-bit lanes, but it reads them as *signed*; flipping bit
//! 15 first (`x ^ 0x8000 = x - 32768` as i16) makes the signed sum exact, and 32768 per word
//! is added back at the end. That is three instructions per 32 bytes (xor with the load
//! folded in, madd, add), with four independent accumulators per 128 bytes. Lengths below
//! `MIN_LEN` and the tail after the last full 32-byte block go through the `adcq` code.
//!
//! As kernel SIMD code must, it runs only where `may_use_simd()` allows (not in hardirq, not
//! inside another SIMD section) and brackets the vector loop with `kernel_fpu_begin()`;
//! otherwise it takes the `adcq` path.

use core::arch::x86_64::*;

use run_in_irq::{kernel_fpu_begin, may_use_simd};

use super::types::Wsum;
use super::x86_64;

/// Below this length the setup and the horizontal sum cost more than they save.
const MIN_LEN: usize = 256;

/// Iterations of 128 bytes before the i32 lanes are flushed: each lane of each accumulator
/// grows by at most 65536 per 32-byte block, and the four accumulators are added together
/// before widening, so 4 * 65536 * 8191 < 2^31 keeps every sum exact (the final chunk adds
/// at most one tail block per accumulator after fewer than 8191 iterations).
const FLUSH_ITERS: usize = 8191;

/// Whether this CPU can run [`csum_partial`].
pub fn available() -> bool {
    std::is_x86_feature_detected!("avx2")
}

/// `csum_partial(buff, len, sum)` with AVX2. Short buffers, CPUs without AVX2 and contexts
/// where SIMD is not allowed take the `adcq` path.
pub fn csum_partial(buf: &[u8], sum: Wsum) -> Wsum {
    if buf.len() < MIN_LEN || !available() || !may_use_simd() {
        return x86_64::csum_partial(buf, sum);
    }
    let (words_sum, done) = {
        let _fpu = kernel_fpu_begin();
        // SAFETY: AVX2 is present (checked above).
        unsafe { sum_blocks(buf) }
    };
    // Both terms are far below 2^63, so the u64 add is exact; the adcq code continues
    // from the 64-bit value and folds it at the end.
    x86_64::csum_partial_u64(&buf[done..], words_sum + sum.raw() as u64)
}

/// The exact sum of the little-endian 16-bit words in the leading 32-byte blocks of `buf`,
/// and how many bytes that covers.
///
/// # Safety
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
unsafe fn sum_blocks(buf: &[u8]) -> (u64, usize) {
    let bias = _mm256_set1_epi16(i16::MIN);
    let ones = _mm256_set1_epi16(1);
    let mut total: i64 = 0;
    let mut blocks = buf.chunks_exact(128);
    loop {
        let mut acc = [_mm256_setzero_si256(); 4];
        let mut iters = 0;
        for b in blocks.by_ref() {
            for (k, a) in acc.iter_mut().enumerate() {
                // SAFETY: `b` is 128 readable bytes, so bytes 32k..32k+32 are in bounds;
                // loadu has no alignment requirement.
                let v = unsafe { _mm256_loadu_si256(b.as_ptr().add(32 * k).cast()) };
                *a = _mm256_add_epi32(*a, _mm256_madd_epi16(_mm256_xor_si256(v, bias), ones));
            }
            iters += 1;
            if iters == FLUSH_ITERS {
                break;
            }
        }
        let last = iters < FLUSH_ITERS;
        if last {
            // The whole 32-byte blocks after the last 128 (at most 3), one per accumulator,
            // which keeps the bound: after fewer than FLUSH_ITERS iterations there is room.
            for (b, a) in blocks.remainder().chunks_exact(32).zip(acc.iter_mut()) {
                // SAFETY: `b` is 32 readable bytes.
                let v = unsafe { _mm256_loadu_si256(b.as_ptr().cast()) };
                *a = _mm256_add_epi32(*a, _mm256_madd_epi16(_mm256_xor_si256(v, bias), ones));
            }
        }
        let sum = _mm256_add_epi32(
            _mm256_add_epi32(acc[0], acc[1]),
            _mm256_add_epi32(acc[2], acc[3]),
        );
        total += horizontal_sum_i32(sum);
        if last {
            break;
        }
    }
    let done = buf.len() - buf.len() % 32;
    // Undo the bias: every word was counted 32768 low.
    let words = (done / 2) as i64;
    ((total + 32768 * words) as u64, done)
}

/// Sum of the eight i32 lanes, widened to i64 first.
#[target_feature(enable = "avx2")]
fn horizontal_sum_i32(v: __m256i) -> i64 {
    let lo = _mm256_cvtepi32_epi64(_mm256_castsi256_si128(v));
    let hi = _mm256_cvtepi32_epi64(_mm256_extracti128_si256::<1>(v));
    let s = _mm256_add_epi64(lo, hi);
    let s = _mm_add_epi64(_mm256_castsi256_si128(s), _mm256_extracti128_si256::<1>(s));
    _mm_cvtsi128_si64(s) + _mm_extract_epi64::<1>(s)
}
