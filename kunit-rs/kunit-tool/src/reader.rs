//! Reading kernel output: splitting it into lines the way kunit.py does and
//! extracting the KTAP part (`extract_tap_lines`), streaming and in bounded
//! memory.

use std::io::{self, Read};

use crate::pytext::{self, char_len, skip_chars};

/// Position of the first `\n` (glibc's vectorised memchr).
fn memchr_nl(b: &[u8]) -> Option<usize> {
    if b.is_empty() {
        return None;
    }
    // SAFETY: the pointer and length describe `b`.
    let p = unsafe { libc::memchr(b.as_ptr().cast(), i32::from(b'\n'), b.len()) };
    (!p.is_null()).then(|| p as usize - b.as_ptr() as usize)
}

/// If every byte is in 0x20..0x80 (no line break inside, nothing to
/// decode): whether there is a ':' (which the end-marker check needs).
fn printable_ascii_colon(b: &[u8]) -> Option<bool> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let mut colon = false;
    let mut chunks = b.chunks_exact(8);
    for c in &mut chunks {
        let w = u64::from_le_bytes(c.try_into().expect("8 bytes"));
        if word_may_break(w) {
            return None;
        }
        let x = w ^ (ONES * u64::from(b':'));
        colon |= x.wrapping_sub(ONES) & !x & HI != 0;
    }
    for &c in chunks.remainder() {
        if !(0x20..0x80).contains(&c) {
            return None;
        }
        colon |= c == b':';
    }
    Some(colon)
}

/// True if any byte of the word is below 0x20 or at least 0x80 (so it may be
/// a line break); printable ASCII words are skipped eight bytes at a time.
fn word_may_break(w: u64) -> bool {
    const LO: u64 = 0x2020_2020_2020_2020;
    const HI: u64 = 0x8080_8080_8080_8080;
    (w.wrapping_sub(LO) | w) & HI != 0
}

/// Longest line kept; the rest of a longer line is dropped.
pub const MAX_LINE_BYTES: usize = 1 << 20;

const CHUNK: usize = 64 * 1024;

/// What a line handed to the parser is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKind {
    /// A line of KTAP text.
    Text,
    /// A result line written by the runner for a case whose process died:
    /// textually `not ok N name`, but the case is reported as crashed.
    Crashed,
}

/// A source of extracted KTAP lines.
pub trait KtapSource {
    /// Replaces `line` with the next line; `None` at the end. The KTAP text
    /// starts at the returned byte offset (what precedes it is a stripped
    /// prefix, left in place to save a copy).
    fn next_line(&mut self, line: &mut String) -> Option<(LineKind, usize)>;
}

impl<T: KtapSource + ?Sized> KtapSource for &mut T {
    fn next_line(&mut self, line: &mut String) -> Option<(LineKind, usize)> {
        (**self).next_line(line)
    }
}

/// Splits a byte stream like `str.splitlines()`, decodes it like
/// `errors='backslashreplace'` and `rstrip()`s every line.
pub struct RawLines<R> {
    r: R,
    buf: Vec<u8>,
    start: usize,
    scan: usize,
    end: usize,
    eof: bool,
    /// Head of an over-long line while its tail is being skipped.
    long_head: Option<Vec<u8>>,
    error: Option<io::Error>,
    /// Facts about the last line from the fast path: printable ASCII, and
    /// whether it contains a ':'.
    last_clean: bool,
    last_colon: bool,
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
    pub fn new(r: R) -> Self {
        RawLines {
            r,
            buf: vec![0; CHUNK],
            start: 0,
            scan: 0,
            end: 0,
            eof: false,
            long_head: None,
            error: None,
            last_clean: false,
            last_colon: true,
        }
    }

    /// The read error that ended the input early, if any.
    pub fn take_error(&mut self) -> Option<io::Error> {
        self.error.take()
    }

    fn find_break(&self) -> Scan {
        let b = &self.buf[..self.end];
        let mut i = self.scan;
        while i < b.len() {
            if let Some(w) = b.get(i..i + 8) {
                let w = u64::from_le_bytes(w.try_into().expect("8 bytes"));
                if !word_may_break(w) {
                    i += 8;
                    continue;
                }
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

    fn fill(&mut self) {
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

    fn emit(&mut self, upto: usize, out: &mut String) {
        out.clear();
        match self.long_head.take() {
            Some(head) => decode_rstripped(&head, out),
            None => decode_rstripped(&self.buf[self.start..upto], out),
        }
    }

    /// The common case: the next `\n` is in the buffer and the line before
    /// it is printable ASCII (no other break, nothing to decode).
    fn next_clean_line(&mut self, out: &mut String) -> bool {
        if self.long_head.is_some() || self.scan != self.start {
            return false;
        }
        let b = &self.buf[self.start..self.end];
        let Some(nl) = memchr_nl(b) else { return false };
        let line = &b[..nl];
        let Some(colon) = printable_ascii_colon(line) else {
            return false;
        };
        self.last_clean = true;
        self.last_colon = colon;
        let n = line.iter().rposition(|&c| c != b' ').map_or(0, |p| p + 1);
        out.clear();
        // SAFETY: checked to be printable ASCII, which is valid UTF-8.
        out.push_str(unsafe { std::str::from_utf8_unchecked(&line[..n]) });
        self.start += nl + 1;
        self.scan = self.start;
        true
    }

    /// Replaces `out` with the next line; false at the end of input.
    pub fn next_line(&mut self, out: &mut String) -> bool {
        if self.next_clean_line(out) {
            return true;
        }
        self.last_clean = false;
        self.last_colon = true;
        loop {
            match self.find_break() {
                Scan::Found(i, len) => {
                    self.emit(i, out);
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
                            self.emit(self.end, out);
                            self.start = self.end;
                            return true;
                        }
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

const KTAP_END: [&str; 3] = [
    "List of all partitions:",
    "Kernel panic - not syncing: VFS:",
    "reboot: System halted",
];

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
}

impl<R: Read> Extractor<R> {
    pub fn new(r: R) -> Self {
        Extractor {
            raw: RawLines::new(r),
            prefix_len: None,
            stopped: false,
        }
    }

    pub fn take_error(&mut self) -> Option<io::Error> {
        self.raw.take_error()
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
    fn next_line(&mut self, out: &mut String) -> Option<(LineKind, usize)> {
        while !self.stopped {
            if !self.raw.next_line(out) {
                self.stopped = true;
                break;
            }
            let line = out.as_str();
            match self.prefix_len {
                None => {
                    let found = version_prefix(line, "KTAP version")
                        .or_else(|| version_prefix(line, "TAP version"));
                    if let Some(p) = found {
                        self.prefix_len = Some(p);
                        return Some((LineKind::Text, prefix_offset(line, p, false)));
                    }
                    if line.contains("kunit executor: ") {
                        return Some((LineKind::Text, 0));
                    }
                }
                Some(p) => {
                    let colon = self.raw.last_colon
                        && (self.raw.last_clean || line.as_bytes().contains(&b':'));
                    if colon && KTAP_END.iter().any(|m| line.contains(m)) {
                        self.stopped = true;
                        break;
                    }
                    return Some((LineKind::Text, prefix_offset(line, p, self.raw.last_clean)));
                }
            }
        }
        None
    }
}

/// Already-extracted lines (the runner's merged stream, or tests).
pub struct PlainLines<R>(pub RawLines<R>);

impl<R: Read> KtapSource for PlainLines<R> {
    fn next_line(&mut self, out: &mut String) -> Option<(LineKind, usize)> {
        self.0.next_line(out).then_some((LineKind::Text, 0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(input: &[u8]) -> Vec<String> {
        let mut r = RawLines::new(input);
        let mut v = Vec::new();
        let mut s = String::new();
        while r.next_line(&mut s) {
            v.push(s.clone());
        }
        v
    }

    fn extract(input: &str) -> Vec<String> {
        let mut e = Extractor::new(input.as_bytes());
        let mut v = Vec::new();
        let mut s = String::new();
        while let Some((_, off)) = e.next_line(&mut s) {
            v.push(s[off..].to_string());
        }
        v
    }

    #[test]
    fn splits_like_splitlines() {
        assert_eq!(
            raw(b"a  \r\nb\rc\x0bd\xc2\x85e\xe2\x80\xa8f\n"),
            ["a", "b", "c", "d", "e", "f"]
        );
        assert_eq!(raw(b"x\xff \n\ny"), ["x\\xff", "", "y"]);
        assert_eq!(raw(b""), Vec::<String>::new());
    }

    /// A reader returning one byte per call exercises every chunk boundary.
    struct OneByte<'a>(&'a [u8]);
    impl Read for OneByte<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            match self.0.split_first() {
                Some((b, rest)) if !buf.is_empty() => {
                    buf[0] = *b;
                    self.0 = rest;
                    Ok(1)
                }
                _ => Ok(0),
            }
        }
    }

    #[test]
    fn boundaries_across_reads() {
        let input = b"a\r\nb\xe2\x80\xa9c\xc2\x85d\re";
        let mut r = RawLines::new(OneByte(input));
        let mut v = Vec::new();
        let mut s = String::new();
        while r.next_line(&mut s) {
            v.push(s.clone());
        }
        assert_eq!(v, ["a", "b", "c", "d", "e"]);
    }

    #[test]
    fn long_lines_are_truncated() {
        let mut input = vec![b'x'; MAX_LINE_BYTES * 3];
        input.extend_from_slice(b"\nnext\n");
        let v = raw(&input);
        assert_eq!(v.len(), 2);
        assert!(v[0].len() >= MAX_LINE_BYTES && v[0].len() < MAX_LINE_BYTES + 2 * CHUNK);
        assert_eq!(v[1], "next");
    }

    #[test]
    fn extraction_strips_prefix_and_stops() {
        let log = "noise\n[ 1.0] kunit executor: bad\n[  0.1] TAP version 14\n[  0.1] 1..1\n[  0.1] \tok 1 - x\n[0.1] short\nreboot: System halted\n[  0.1] after\n";
        assert_eq!(
            extract(log),
            [
                "[ 1.0] kunit executor: bad",
                "TAP version 14",
                "1..1",
                "\tok 1 - x",
                "ort"
            ]
        );
    }

    #[test]
    fn version_prefix_uses_first_marker() {
        assert_eq!(version_prefix("ab KTAP version 1", "KTAP version"), Some(3));
        assert_eq!(
            version_prefix("KTAP version x KTAP version 1", "KTAP version"),
            Some(0)
        );
        assert_eq!(version_prefix("KTAP version 1x", "KTAP version"), None);
        assert_eq!(version_prefix("é KTAP version 1", "KTAP version"), Some(2));
    }
}
