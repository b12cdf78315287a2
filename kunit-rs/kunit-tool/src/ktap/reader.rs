//! Reading kernel output: splitting it into lines the way kunit.py does and
//! extracting the KTAP part (`extract_tap_lines`), streaming and in bounded
//! memory.
//!
//! Lines are handed out as slices of the read buffer (no copy per line); only
//! lines that need decoding, over-long lines and lines that must outlive a
//! buffer refill are copied.

use std::io::{self, Read};

use crate::ktap::pytext::{self, char_len, skip_chars};
use crate::ktap::scan::{scan_plain, Seen};

/// Longest line kept; the rest of a longer line is dropped.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// Bytes read per `read` call (and the usual size of the read buffer).
const CHUNK: usize = 256 * 1024;

/// What a line handed to the parser is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKind {
    /// A line of KTAP text.
    Text,
    /// A result line written by the runner for a case whose process died:
    /// textually `not ok N name`, but the case is reported as crashed.
    Crashed,
}

/// A source of extracted KTAP lines, read one at a time.
pub trait KtapSource {
    /// Moves to the next line; `None` at the end. After `None`, `line()`
    /// still returns the last line (kunit.py's `LineStream` peeks it again).
    fn advance(&mut self) -> Option<LineKind>;
    /// The current line's KTAP text (a stripped prefix is not part of it).
    fn line(&self) -> &str;
    /// False only if the current line certainly has no '#' (a hint that
    /// spares the classifier a search).
    fn may_have_hash(&self) -> bool {
        true
    }
    /// When the current line was printed, in seconds from the start of the
    /// run, if the source knows (the HTML report's durations).
    fn seconds(&self) -> Option<f64> {
        None
    }
}

impl<T: KtapSource + ?Sized> KtapSource for &mut T {
    #[inline(always)]
    fn advance(&mut self) -> Option<LineKind> {
        (**self).advance()
    }
    #[inline(always)]
    fn line(&self) -> &str {
        (**self).line()
    }
    #[inline(always)]
    fn may_have_hash(&self) -> bool {
        (**self).may_have_hash()
    }
    #[inline(always)]
    fn seconds(&self) -> Option<f64> {
        (**self).seconds()
    }
}

/// Where a line's text is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Span {
    None,
    /// `buf[start..end]`, checked to be plain ASCII.
    Buf(usize, usize),
    /// One of the two `owned` strings.
    Owned(usize),
}

/// Splits a byte stream like `str.splitlines()`, decodes it like
/// `errors='backslashreplace'` and `rstrip()`s every line. The current line
/// and the one before it stay readable until the next `advance`.
pub struct RawLines<R> {
    r: R,
    buf: Vec<u8>,
    /// Unread input is `buf[start..end]`; breaks were searched up to `scan`.
    start: usize,
    scan: usize,
    end: usize,
    eof: bool,
    cur: Span,
    prev: Span,
    /// Decoded lines, and lines kept across a refill.
    owned: [String; 2],
    /// Head of an over-long line while its tail is being skipped.
    long_head: Option<Vec<u8>>,
    error: Option<io::Error>,
    /// Which of ':' and '#' the current line may contain (exact for plain
    /// lines; both for others).
    seen: Seen,
}

enum Scan {
    /// Separator at index, of this many bytes.
    Found(usize, usize),
    /// Can't decide at index without more input.
    NeedMore(usize),
    NotFound,
}

/// Bytes that start a `splitlines()` boundary: `\n \r \v \f \x1c \x1d \x1e`
/// and the lead bytes of U+0085 (C2 85) and U+2028/U+2029 (E2 80 A8/A9).
static BREAK_START: [bool; 256] = {
    let mut t = [false; 256];
    t[b'\n' as usize] = true;
    t[b'\r' as usize] = true;
    t[0x0b] = true;
    t[0x0c] = true;
    t[0x1c] = true;
    t[0x1d] = true;
    t[0x1e] = true;
    t[0xc2] = true;
    t[0xe2] = true;
    t
};

impl<R: Read> RawLines<R> {
    /// Reads lines from `r`.
    pub fn new(r: R) -> Self {
        RawLines {
            r,
            buf: vec![0; CHUNK],
            start: 0,
            scan: 0,
            end: 0,
            eof: false,
            cur: Span::None,
            prev: Span::None,
            owned: [String::new(), String::new()],
            long_head: None,
            error: None,
            seen: Seen {
                colon: true,
                hash: true,
            },
        }
    }

    /// The read error that ended the input early, if any.
    pub fn take_error(&mut self) -> Option<io::Error> {
        self.error.take()
    }

    #[inline]
    fn text(&self, span: Span) -> &str {
        match span {
            Span::None => "",
            // SAFETY: `Buf` spans are only made over bytes `scan_plain`
            // found to be ASCII, which is valid UTF-8.
            Span::Buf(a, z) => unsafe { std::str::from_utf8_unchecked(&self.buf[a..z]) },
            Span::Owned(k) => &self.owned[k],
        }
    }

    /// The current line.
    pub fn line(&self) -> &str {
        self.text(self.cur)
    }

    /// The line before the current one.
    pub fn prev_line(&self) -> &str {
        self.text(self.prev)
    }

    /// Whether the current line is plain ASCII (no decoding was needed).
    pub fn is_plain(&self) -> bool {
        matches!(self.cur, Span::Buf(..))
    }

    /// Where the current line lies in the buffer, if it is a plain line
    /// there; valid until the next `advance` (see `plain_text`).
    fn plain_span(&self) -> Option<(usize, usize)> {
        match self.cur {
            Span::Buf(a, z) => Some((a, z)),
            _ => None,
        }
    }

    /// Text of a span from `plain_span` (or a part of it).
    #[inline]
    fn plain_text(&self, a: usize, z: usize) -> &str {
        // SAFETY: `plain_span` only gives out ranges `scan_plain` found to be
        // ASCII, valid UTF-8 from any offset.
        unsafe { std::str::from_utf8_unchecked(&self.buf[a..z]) }
    }

    /// False only if the current line certainly has no ':'.
    pub fn may_have_colon(&self) -> bool {
        self.seen.colon
    }

    /// False only if the current line certainly has no '#'.
    pub fn may_have_hash(&self) -> bool {
        self.seen.hash
    }

    /// The owned string a new decoded line goes to (not the one `prev` uses).
    fn free_slot(&self) -> usize {
        match self.prev {
            Span::Owned(k) => 1 - k,
            _ => 0,
        }
    }

    fn find_break(&self) -> Scan {
        let b = &self.buf[..self.end];
        let mut i = self.scan;
        loop {
            // Every break starts with a byte `scan_plain` stops at.
            i = scan_plain(b, i).0;
            if i >= b.len() {
                break;
            }
            if !BREAK_START[b[i] as usize] {
                i += 1;
                continue;
            }
            let need = |n: usize| i + n > b.len() && !self.eof;
            match b[i] {
                b'\r' => {
                    if need(2) {
                        return Scan::NeedMore(i);
                    }
                    let crlf = b.get(i + 1) == Some(&b'\n');
                    return Scan::Found(i, if crlf { 2 } else { 1 });
                }
                0xc2 => {
                    if need(2) {
                        return Scan::NeedMore(i);
                    }
                    if b.get(i + 1) == Some(&0x85) {
                        return Scan::Found(i, 2);
                    }
                }
                0xe2 => {
                    if need(3) {
                        return Scan::NeedMore(i);
                    }
                    if b.get(i + 1) == Some(&0x80) && matches!(b.get(i + 2), Some(0xa8 | 0xa9)) {
                        return Scan::Found(i, 3);
                    }
                }
                _ => return Scan::Found(i, 1),
            }
            i += 1;
        }
        Scan::NotFound
    }

    /// Reads more input, first moving the unread part to the front of the
    /// buffer (the previous line is copied out if it lives there).
    fn fill(&mut self) {
        if let Span::Buf(a, z) = self.prev {
            let k = self.free_slot();
            let s = &mut self.owned[k];
            s.clear();
            // SAFETY: as in `text`, `Buf` spans are ASCII.
            s.push_str(unsafe { std::str::from_utf8_unchecked(&self.buf[a..z]) });
            self.prev = Span::Owned(k);
        }
        if self.start > 0 {
            self.buf.copy_within(self.start..self.end, 0);
            self.end -= self.start;
            self.scan -= self.start;
            self.start = 0;
        }
        if self.buf.len() < self.end + CHUNK {
            self.buf.resize(self.end + CHUNK, 0);
        }
        loop {
            match self.r.read(&mut self.buf[self.end..]) {
                Ok(0) => {
                    self.eof = true;
                    return;
                }
                Ok(n) => {
                    self.end += n;
                    return;
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.error = Some(e);
                    self.eof = true;
                    return;
                }
            }
        }
    }

    /// Makes `buf[start..upto]` (or the kept head of a long line) the
    /// current line, decoded and right-stripped.
    fn emit_decoded(&mut self, upto: usize) {
        let k = self.free_slot();
        let mut s = std::mem::take(&mut self.owned[k]);
        s.clear();
        match self.long_head.take() {
            Some(head) => decode_rstripped(&head, &mut s),
            None => decode_rstripped(&self.buf[self.start..upto], &mut s),
        }
        self.owned[k] = s;
        self.cur = Span::Owned(k);
        self.seen = Seen {
            colon: true,
            hash: true,
        };
    }

    /// Moves to the next line; false at the end of input (the current line
    /// is then the last one again).
    #[inline(always)]
    pub fn advance(&mut self) -> bool {
        // Every call leaves all input before `start` split and nothing half
        // scanned, so the scan starts at the line.
        debug_assert!(self.long_head.is_none() && self.scan == self.start);
        self.prev = self.cur;
        // The common case: a plain ASCII line ending in `\n`.
        let (i, seen) = scan_plain(&self.buf[..self.end], self.start);
        if i < self.end && self.buf[i] == b'\n' {
            let mut z = i;
            while z > self.start && matches!(self.buf[z - 1], b' ' | b'\t') {
                z -= 1;
            }
            self.cur = Span::Buf(self.start, z);
            self.seen = seen;
            self.start = i + 1;
            self.scan = self.start;
            return true;
        }
        // Nothing before `i` can start a line break.
        self.scan = i;
        self.cur = Span::None;
        self.advance_slow()
    }

    /// `advance` for lines that need decoding, more input or truncation.
    #[inline(never)]
    fn advance_slow(&mut self) -> bool {
        loop {
            match self.find_break() {
                Scan::Found(i, len) => {
                    self.emit_decoded(i);
                    self.start = i + len;
                    self.scan = self.start;
                    return true;
                }
                Scan::NeedMore(i) => {
                    self.scan = i;
                    self.fill();
                }
                Scan::NotFound => {
                    self.scan = self.end;
                    if self.eof {
                        if self.start < self.end || self.long_head.is_some() {
                            self.emit_decoded(self.end);
                            self.start = self.end;
                            return true;
                        }
                        self.cur = self.prev;
                        return false;
                    }
                    if self.scan - self.start > MAX_LINE_BYTES {
                        if self.long_head.is_none() {
                            self.long_head =
                                Some(self.buf[self.start..self.start + MAX_LINE_BYTES].to_vec());
                        }
                        self.start = self.scan;
                    }
                    self.fill();
                }
            }
        }
    }

    /// `advance` and `line` in one call, for simple loops.
    pub fn next_line(&mut self) -> Option<&str> {
        if self.advance() {
            Some(self.line())
        } else {
            None
        }
    }
}

fn decode_rstripped(bytes: &[u8], out: &mut String) {
    if bytes.is_ascii() {
        let n = bytes
            .iter()
            .rposition(|&b| {
                !(b == b' ' || (0x09..=0x0d).contains(&b) || (0x1c..=0x1f).contains(&b))
            })
            .map_or(0, |p| p + 1);
        // SAFETY: ASCII bytes are valid UTF-8.
        out.push_str(unsafe { std::str::from_utf8_unchecked(&bytes[..n]) });
    } else {
        pytext::decode_backslashreplace(bytes, out);
        let n = pytext::rstrip(out).len();
        out.truncate(n);
    }
}

/// The kernel's end-of-tests markers, each with the offset of its first ':'.
const KTAP_END: [(&str, usize); 3] = [
    ("List of all partitions:", 22),
    ("Kernel panic - not syncing: VFS:", 26),
    ("reboot: System halted", 6),
];

/// `any(m in line for m in KTAP_END)`: every occurrence of a marker has its
/// first ':' at a fixed offset, so only the colons need looking at (and of
/// those, only the ones after the letter the marker has there).
fn has_end_marker(line: &str) -> bool {
    let b = line.as_bytes();
    let mut from = 0;
    while let Some(i) = crate::ktap::scan::find_byte(&b[from..], b':') {
        let at = from + i;
        if at > 0 && matches!(b[at - 1], b's' | b'g' | b't') {
            for (m, off) in KTAP_END {
                if at >= off && b[at - off..].starts_with(m.as_bytes()) {
                    return true;
                }
            }
        }
        from = at + 1;
    }
    false
}

/// If the line contains `<marker> [0-9]+` at its end, the number of characters
/// before the first occurrence of `marker` (`len(line.split(marker)[0])`).
fn version_prefix(line: &str, marker: &str) -> Option<usize> {
    let body = line.trim_end_matches(|c: char| c.is_ascii_digit());
    if body.len() == line.len() || !body.strip_suffix(' ')?.ends_with(marker) {
        return None;
    }
    let first = line.find(marker)?;
    Some(char_len(&line[..first]))
}

/// `kunit_parser.extract_tap_lines`: drops everything before the first
/// `KTAP version N` / `TAP version N` line (except `kunit executor:` errors),
/// strips as many characters from every later line as preceded that version
/// line, and stops at the kernel's end markers.
pub struct Extractor<R> {
    raw: RawLines<R>,
    prefix_len: Option<usize>,
    stopped: bool,
    /// Where the KTAP text starts in the raw line.
    offset: usize,
    /// The last line handed out is the raw reader's current line; otherwise
    /// (lines were dropped after it) it is kept in `held`.
    in_raw: bool,
    held: String,
    /// Where the last line handed out lies in the raw reader's buffer, when
    /// it is a plain line there (the common case, read without a `match`).
    plain: Option<(usize, usize)>,
}

impl<R: Read> Extractor<R> {
    /// Extracts the KTAP lines of `r`.
    pub fn new(r: R) -> Self {
        Extractor {
            raw: RawLines::new(r),
            prefix_len: None,
            stopped: false,
            offset: 0,
            in_raw: false,
            held: String::new(),
            plain: None,
        }
    }

    /// The read error that ended the input early, if any (once).
    pub fn take_error(&mut self) -> Option<io::Error> {
        self.raw.take_error()
    }

    /// The raw reader moved past the last line handed out without handing
    /// out its line: keep a copy of the last one.
    fn dropped_line(&mut self) {
        if self.in_raw {
            self.held.clear();
            self.held.push_str(&self.raw.prev_line()[self.offset..]);
            self.in_raw = false;
            self.plain = None;
        }
    }

    fn hand_out(&mut self, offset: usize) -> Option<LineKind> {
        self.offset = offset;
        self.in_raw = true;
        self.plain = self.raw.plain_span().map(|(a, z)| (a + offset, z));
        Some(LineKind::Text)
    }
}

/// Byte offset after the first `n` characters of `line` (`line[n:]`).
fn prefix_offset(line: &str, n: usize, ascii: bool) -> usize {
    match line.as_bytes().get(..n) {
        Some(_) if ascii => n,
        Some(head) if head.is_ascii() => n,
        _ => line.len() - skip_chars(line, n).len(),
    }
}

impl<R: Read> KtapSource for Extractor<R> {
    #[inline(always)]
    fn advance(&mut self) -> Option<LineKind> {
        while !self.stopped {
            if !self.raw.advance() {
                // The raw reader is back on its last line, which may have
                // moved out of the buffer.
                if self.in_raw {
                    self.plain = self.raw.plain_span().map(|(a, z)| (a + self.offset, z));
                }
                self.stopped = true;
                break;
            }
            let line = self.raw.line();
            match self.prefix_len {
                None => {
                    let found = version_prefix(line, "KTAP version")
                        .or_else(|| version_prefix(line, "TAP version"));
                    if let Some(p) = found {
                        self.prefix_len = Some(p);
                        let off = prefix_offset(line, p, false);
                        return self.hand_out(off);
                    }
                    if line.contains("kunit executor: ") {
                        return self.hand_out(0);
                    }
                }
                Some(p) => {
                    if self.raw.may_have_colon() && has_end_marker(line) {
                        self.dropped_line();
                        self.stopped = true;
                        break;
                    }
                    let off = prefix_offset(line, p, self.raw.is_plain());
                    return self.hand_out(off);
                }
            }
            self.dropped_line();
        }
        None
    }

    #[inline(always)]
    fn may_have_hash(&self) -> bool {
        // Only a line still in the raw reader has a fresh hint.
        !self.in_raw || self.raw.may_have_hash()
    }

    #[inline(always)]
    fn line(&self) -> &str {
        match self.plain {
            Some((a, z)) => self.raw.plain_text(a, z),
            None if self.in_raw => &self.raw.line()[self.offset..],
            None => &self.held,
        }
    }
}

#[cfg(test)]
#[path = "reader_kunit.rs"]
mod reader_kunit;
