//! The reader's inner loop: finding where a run of plain text ends.
//!
//! Almost every byte of a KTAP log is printable ASCII or a tab, and almost
//! every line ends in `\n`. `scan_plain` skips such bytes 16 at a time (SSE2,
//! part of every x86_64 CPU) and notes whether a ':' or a '#' went by: all
//! the end-marker check needs to know about an ordinary line, and whether a
//! result line can carry a directive. (A portable, branch-free version that the
//! compiler vectorizes measured slower in `kunit parse`; no crate scans for a
//! byte class while counting two bytes.) Single bytes are found with `memchr`.

/// What `scan_plain` saw in the bytes it skipped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Seen {
    pub colon: bool,
    pub hash: bool,
}

/// Whether `c` is neither printable ASCII (0x20..=0x7f) nor a tab.
#[inline]
fn is_special(c: u8) -> bool {
    (c < 0x20 && c != b'\t') || c >= 0x80
}

/// From `from`, the index of the first byte that is not printable ASCII or a
/// tab (`b.len()` if none), and which of ':' and '#' occur before it.
#[inline(always)]
pub fn scan_plain(b: &[u8], from: usize) -> (usize, Seen) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE2 is part of the x86_64 baseline, so every x86_64 CPU has it.
    let (i, mut seen) = match unsafe { scan_blocks_sse2(b, from) } {
        Ok(found) => return found,
        Err(tail) => tail,
    };
    #[cfg(not(target_arch = "x86_64"))]
    let (i, mut seen) = (from, Seen::default());
    for (k, &c) in b[i..].iter().enumerate() {
        if is_special(c) {
            return (i + k, seen);
        }
        seen.colon |= c == b':';
        seen.hash |= c == b'#';
    }
    (b.len(), seen)
}

/// Position of the first `needle` in `b`.
pub fn find_byte(b: &[u8], needle: u8) -> Option<usize> {
    memchr::memchr(needle, b)
}

/// `Seen` from ':' positions in the low 16 bits, '#' in the high ones.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn seen_in(marks: u32) -> Seen {
    Seen {
        colon: marks & 0xffff != 0,
        hash: marks >> 16 != 0,
    }
}

/// `scan_plain` over whole 16-byte blocks: `Ok` with the answer when a
/// special byte was found, else `Err` with where the unscanned tail starts
/// and what went by.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
#[inline]
fn scan_blocks_sse2(b: &[u8], from: usize) -> Result<(usize, Seen), (usize, Seen)> {
    use std::arch::x86_64::{
        __m128i, _mm_andnot_si128, _mm_cmpeq_epi8, _mm_cmplt_epi8, _mm_loadu_si128,
        _mm_movemask_epi8, _mm_set1_epi8,
    };
    let mut i = from;
    // Positions of ':' (low 16 bits) and '#' (high 16 bits), OR-ed over the
    // blocks.
    let mut marks = 0u32;
    let space = _mm_set1_epi8(0x20);
    let tab = _mm_set1_epi8(b'\t' as i8);
    let colon = _mm_set1_epi8(b':' as i8);
    let hash = _mm_set1_epi8(b'#' as i8);
    while i + 16 <= b.len() {
        // SAFETY: `i + 16 <= b.len()`, so the 16 bytes read are inside `b`;
        // the load has no alignment requirement.
        let v = unsafe { _mm_loadu_si128(b.as_ptr().add(i).cast::<__m128i>()) };
        // A signed compare: bytes >= 0x80 are negative, so they count as
        // "below 0x20" along with the control characters.
        let special = _mm_andnot_si128(_mm_cmpeq_epi8(v, tab), _mm_cmplt_epi8(v, space));
        let m = _mm_movemask_epi8(special) as u32;
        let c = _mm_movemask_epi8(_mm_cmpeq_epi8(v, colon)) as u32;
        let h = _mm_movemask_epi8(_mm_cmpeq_epi8(v, hash)) as u32;
        let block = c | (h << 16);
        if m != 0 {
            // Only what lies before the special byte counts.
            let before = !(u32::MAX << m.trailing_zeros()) & 0xffff;
            return Ok((
                i + m.trailing_zeros() as usize,
                seen_in(marks | (block & (before | before << 16))),
            ));
        }
        marks |= block;
        i += 16;
    }
    Err((i, seen_in(marks)))
}

#[cfg(test)]
#[path = "scan_kunit.rs"]
mod scan_kunit;
