//! x86-64 AVX2 `csum_partial` (no kernel counterpart; selected at run time when the CPU has
//! AVX2).
//!
//! The one's-complement sum of 16-bit words equals their plain sum modulo 0xffff, so the
//! vector loop only has to add words without losing any. `vpmaddwd` against a vector of ones
//! adds adjacent 16-bit words into 32-bit lanes, but it reads them as *signed*; flipping bit
//! 15 first (`x ^ 0x8000 = x - 32768` as i16) makes the signed sum exact, and 32768 per word
//! is added back at the end. That is three instructions per 32 bytes (xor with the load
//! folded in, madd, add), with four independent accumulators per 128 bytes.
//!
//! The tail stays in the vector unit, so a call has one reduction and no scalar tail chain:
//! up to three whole 32-byte blocks, then the last bytes of the even-length prefix as one
//! 32-byte load that ends at the prefix end, with the bytes already counted masked off.
//! An odd length leaves one byte, the low byte of a last word, added as a scalar.
//!
//! As kernel SIMD code must, it runs only where `may_use_simd()` allows (not in hardirq, not
//! inside another SIMD section) and brackets the vector code with `kernel_fpu_begin()`;
//! otherwise it takes the kernel's `adcq` code. Below `MIN_LEN` bytes a short `adcq`
//! sequence, inlined into the caller, is faster than paying for the gate and the section.

use core::arch::x86_64::*;

use run_in_irq::{kernel_fpu_begin, may_use_simd};

use super::types::Wsum;
use super::x86_64;

/// Below this length the short `adcq` sequence is faster: the vector path has a fixed cost
/// (SIMD gate, FPU section, horizontal sum) of about 11 ns, and the two break even at about
/// 450-500 bytes on the project machine. At least 32, which the tail window needs.
pub(crate) const MIN_LEN: usize = 512;

/// Iterations of 128 bytes before the i32 lanes are widened: each lane of each accumulator
/// moves by at most 65536 per 32-byte block, and the four accumulators are added together
/// before widening, so 4 * 65536 * (8191 + 1) <= 2^31 keeps every sum exact (the final
/// chunk adds at most one tail block per accumulator after at most 8191 iterations; the
/// extreme, -2^31, is still an i32).
const FLUSH_ITERS: usize = 8191;

/// 32 zero bytes then 32 0xff bytes: the 32 bytes at offset `t` keep the last `t` bytes.
static TAIL_MASK: [u8; 64] = {
    let mut m = [0u8; 64];
    let mut i = 32;
    while i < 64 {
        m[i] = 0xff;
        i += 1;
    }
    m
};

/// Whether this CPU can run [`csum_partial`].
#[inline]
pub fn available() -> bool {
    std::is_x86_feature_detected!("avx2")
}

/// `csum_partial(buff, len, sum)` with AVX2. Short buffers take a short `adcq` sequence;
/// CPUs without AVX2 and contexts where SIMD is not allowed take the `adcq` path.
#[inline]
pub fn csum_partial(buf: &[u8], sum: Wsum) -> Wsum {
    if buf.len() < MIN_LEN {
        return csum_partial_short(buf, sum);
    }
    if available() {
        // SAFETY: AVX2 is present (checked above) and `buf.len() >= MIN_LEN`.
        return unsafe { csum_partial_simd(buf, sum) };
    }
    x86_64::csum_partial(buf, sum)
}

/// Below `MIN_LEN`: 64-byte steps as two independent 32-byte `adcq` chains, then at most
/// one 32-, 16- and 8-byte step and the trailing bytes. Fewer steps (and a shorter carry
/// chain) than the kernel's 80/40/32/16/8 ladder for these lengths, and small enough to
/// inline into callers, so a short checksum costs no call.
#[inline(always)]
fn csum_partial_short(buf: &[u8], sum: Wsum) -> Wsum {
    let mut a = sum.raw() as u64;
    let mut b = 0u64;
    let mut blocks = buf.chunks_exact(64);
    for m in &mut blocks {
        a = x86_64::update_csum_32b(a, x86_64::first::<32>(m));
        b = x86_64::update_csum_32b(b, x86_64::first::<32>(&m[32..]));
    }
    let mut rest = blocks.remainder();
    if rest.len() & 32 != 0 {
        a = x86_64::update_csum_32b(a, x86_64::first::<32>(rest));
        rest = &rest[32..];
    }
    if rest.len() & 16 != 0 {
        b = x86_64::update_csum_16b(b, x86_64::first::<16>(rest));
        rest = &rest[16..];
    }
    if rest.len() & 8 != 0 {
        a = x86_64::add_with_carry(a, u64::from_le_bytes(*x86_64::first::<8>(rest)));
        rest = &rest[8..];
    }
    if !rest.is_empty() {
        b = x86_64::add_with_carry(b, x86_64::trailing_bytes(buf, rest.len()));
    }
    x86_64::csum_finalize_sum(x86_64::add_with_carry(a, b))
}

/// The SIMD rule and the vector code in one function (one call per checksum): the vector
/// code where `may_use_simd()` allows it, inside a kernel-FPU section; else the `adcq` code.
///
/// # Safety
/// The CPU must support AVX2, and `buf.len() >= 32`.
#[target_feature(enable = "avx2")]
unsafe fn csum_partial_simd(buf: &[u8], sum: Wsum) -> Wsum {
    if !may_use_simd() {
        return x86_64::csum_partial(buf, sum);
    }
    let _fpu = kernel_fpu_begin();
    // SAFETY: as for this function.
    unsafe { csum_partial_vec(buf, sum) }
}

/// The whole `csum_partial` in the vector unit.
///
/// # Safety
/// The CPU must support AVX2, and `buf.len() >= 32`.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn csum_partial_vec(buf: &[u8], sum: Wsum) -> Wsum {
    debug_assert!(buf.len() >= 32);
    let even = buf.len() & !1;
    let bias = _mm256_set1_epi16(i16::MIN);
    let ones = _mm256_set1_epi16(1);
    // Biased words -> pairwise i32 sums.
    let madd = |v: __m256i| _mm256_madd_epi16(_mm256_xor_si256(v, bias), ones);
    let load = |p: *const u8| {
        // SAFETY: every caller passes a pointer with 32 readable bytes of `buf`; loadu has
        // no alignment requirement.
        unsafe { _mm256_loadu_si256(p.cast()) }
    };

    let mut wide = _mm256_setzero_si256(); // i64 lanes
    let mut acc = [_mm256_setzero_si256(); 4];
    let mut p = buf.as_ptr();
    let mut iters = even / 128;
    loop {
        let n = iters.min(FLUSH_ITERS);
        iters -= n;
        for _ in 0..n {
            for (k, a) in acc.iter_mut().enumerate() {
                // SAFETY: fewer than `even / 128` iterations ran, so p..p+128 is in `buf`.
                *a = _mm256_add_epi32(*a, madd(load(unsafe { p.add(32 * k) })));
            }
            // SAFETY: stays within (or one past the end of) `buf`.
            p = unsafe { p.add(128) };
        }
        if iters == 0 {
            break;
        }
        wide = _mm256_add_epi64(wide, widen(sum4(&acc)));
        acc = [_mm256_setzero_si256(); 4];
    }
    // Whole 32-byte blocks left (at most 3), one per accumulator.
    // SAFETY: `p` is within `buf` or one past its end, at or before `buf + even`.
    let rest = even - unsafe { p.offset_from(buf.as_ptr()) } as usize;
    for (k, a) in acc.iter_mut().take(rest / 32).enumerate() {
        // SAFETY: block k of the `rest` bytes from `p` is in `buf`.
        *a = _mm256_add_epi32(*a, madd(load(unsafe { p.add(32 * k) })));
    }
    // The last `t < 32` bytes of the even prefix: the 32 bytes ending at `even` (`even - 32`
    // is even, so words stay paired by their offset from the start), the first 32 - t
    // masked to zero *after* the bias, so they add nothing.
    let t = rest % 32;
    if t != 0 {
        // SAFETY: `even >= 32`, so even-32..even is in `buf`; TAIL_MASK[t..t + 32] is in
        // bounds for t < 32.
        let (v, mask) = unsafe {
            (
                load(buf.as_ptr().add(even - 32)),
                load(TAIL_MASK.as_ptr().add(t)),
            )
        };
        let x = _mm256_and_si256(_mm256_xor_si256(v, bias), mask);
        acc[3] = _mm256_add_epi32(acc[3], _mm256_madd_epi16(x, ones));
    }
    wide = _mm256_add_epi64(wide, widen(sum4(&acc)));
    let lanes = _mm_add_epi64(
        _mm256_castsi256_si128(wide),
        _mm256_extracti128_si256::<1>(wide),
    );
    let biased = _mm_cvtsi128_si64(lanes).wrapping_add(_mm_extract_epi64::<1>(lanes));
    // Undo the bias (32768 per word), then add the odd trailing byte and the initial sum.
    // The result is the exact word sum plus `sum`, far below 2^63.
    let mut total = (biased as u64).wrapping_add(32768 * (even as u64 / 2)) + sum.raw() as u64;
    if even != buf.len() {
        total += buf[even] as u64;
    }
    x86_64::csum_finalize_sum(total)
}

/// The four accumulators added lane-wise (exact by the `FLUSH_ITERS` bound).
#[inline]
#[target_feature(enable = "avx2")]
fn sum4(acc: &[__m256i; 4]) -> __m256i {
    _mm256_add_epi32(
        _mm256_add_epi32(acc[0], acc[1]),
        _mm256_add_epi32(acc[2], acc[3]),
    )
}

/// Pairs of i32 lanes widened and added into four i64 lanes.
#[inline]
#[target_feature(enable = "avx2")]
fn widen(v: __m256i) -> __m256i {
    let lo = _mm256_cvtepi32_epi64(_mm256_castsi256_si128(v));
    let hi = _mm256_cvtepi32_epi64(_mm256_extracti128_si256::<1>(v));
    _mm256_add_epi64(lo, hi)
}
