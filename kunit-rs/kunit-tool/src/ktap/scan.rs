//! The reader's inner loop: finding where a run of plain text ends.
//!
//! Almost every byte of a KTAP log is printable ASCII or a tab, and almost
//! every line ends in `\n`. `scan_plain` skips such bytes 16 at a time and
//! notes whether a ':' or a '#' went by: all the end-marker check needs to
//! know about an ordinary line, and whether a result line can carry a
//! directive. Each block is tested without branches, which the compiler turns
//! into vector compares (SSE2 on x86_64); single bytes are found with the
//! `memchr` crate.

/// What `scan_plain` saw in the bytes it skipped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Seen {
    pub colon: bool,
    pub hash: bool,
}

/// Whether `c` is neither printable ASCII (0x20..=0x7f) nor a tab.
#[inline(always)]
fn is_special(c: u8) -> bool {
    (c < 0x20 && c != b'\t') || c >= 0x80
}

const BLOCK: usize = 16;

/// From `from`, the index of the first byte that is not printable ASCII or a
/// tab (`b.len()` if none), and which of ':' and '#' occur before it.
#[inline(always)]
pub fn scan_plain(b: &[u8], from: usize) -> (usize, Seen) {
    let mut i = from;
    let mut seen = Seen::default();
    for block in b[from..].chunks_exact(BLOCK) {
        // `fold` over `|`, not `any`: no early exit, so each is one vector compare.
        if block.iter().fold(false, |a, &c| a | is_special(c)) {
            break;
        }
        seen.colon |= block.iter().fold(false, |a, &c| a | (c == b':'));
        seen.hash |= block.iter().fold(false, |a, &c| a | (c == b'#'));
        i += BLOCK;
    }
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

#[cfg(test)]
#[path = "scan_kunit.rs"]
mod scan_kunit;
