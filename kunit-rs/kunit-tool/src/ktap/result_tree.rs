//! The result tree: one `Test` per KTAP test, as kunit_parser.py's `Test`.

use crate::ktap::status::{TestCounts, TestStatus};

/// Bytes of log kept per test; the rest is counted and summarised in one line,
/// so a test that prints gigabytes cannot exhaust memory.
pub const MAX_LOG_BYTES: usize = 1 << 20;

/// The diagnostic lines attached to a test, stored joined by `\n`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Log {
    text: String,
    lines: usize,
    dropped_lines: u64,
    dropped_bytes: u64,
}

impl Log {
    /// Appends a line (counted but not kept past `MAX_LOG_BYTES`).
    pub fn push(&mut self, line: &str) {
        if self.text.len() + line.len() > MAX_LOG_BYTES {
            self.dropped_lines += 1;
            self.dropped_bytes += line.len() as u64 + 1;
            return;
        }
        if self.lines > 0 {
            self.text.push('\n');
        }
        self.text.push_str(line);
        self.lines += 1;
    }

    /// Moves the lines of `other` to the end of this log, leaving `other`
    /// empty (its buffer is kept for reuse).
    pub fn append(&mut self, other: &mut Log) {
        if other.lines == 0 && other.dropped_lines == 0 {
            return;
        }
        if self.lines == 0 && self.dropped_lines == 0 {
            std::mem::swap(self, other);
            other.clear();
            return;
        }
        for l in other.iter() {
            self.push(l);
        }
        self.dropped_lines += other.dropped_lines;
        self.dropped_bytes += other.dropped_bytes;
        other.clear();
    }

    /// Adds the note about dropped lines (once, when the test is complete).
    #[inline]
    pub fn seal(&mut self) {
        if self.dropped_lines > 0 {
            self.add_dropped_note();
        }
    }

    #[inline(never)]
    fn add_dropped_note(&mut self) {
        let note = format!(
            "[kunit: {} more log lines ({} bytes) not kept]",
            self.dropped_lines, self.dropped_bytes
        );
        if self.lines > 0 {
            self.text.push('\n');
        }
        self.text.push_str(&note);
        self.lines += 1;
        self.dropped_lines = 0;
        self.dropped_bytes = 0;
    }

    /// Releases unused buffer space.
    pub fn shrink_to_fit(&mut self) {
        self.text.shrink_to_fit();
    }

    /// Are there no lines?
    pub fn is_empty(&self) -> bool {
        self.lines == 0
    }

    /// Empties the log, keeping its buffer.
    pub fn clear(&mut self) {
        self.text.clear();
        self.lines = 0;
        self.dropped_lines = 0;
        self.dropped_bytes = 0;
    }

    /// Number of lines kept.
    pub fn len(&self) -> usize {
        self.lines
    }

    /// `'\n'.join(log)`.
    pub fn joined(&self) -> &str {
        &self.text
    }

    /// The lines (`text.split('\n')`, at most `len()` of them).
    pub fn iter(&self) -> impl Iterator<Item = &str> + Clone {
        LogLines {
            text: &self.text,
            pos: 0,
            left: self.lines,
        }
    }
}

/// `Log::iter`: finds each `\n` with the reader's block scan.
#[derive(Clone)]
struct LogLines<'a> {
    text: &'a str,
    /// Start of the next line; past the end once the last one was returned.
    pos: usize,
    left: usize,
}

impl<'a> Iterator for LogLines<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        if self.left == 0 || self.pos > self.text.len() {
            return None;
        }
        self.left -= 1;
        let b = self.text.as_bytes();
        let mut i = self.pos;
        let end = loop {
            let j = crate::ktap::scan::scan_plain(b, i).0;
            match b.get(j) {
                None => break b.len(),
                Some(b'\n') => break j,
                Some(_) => i = j + 1,
            }
        };
        let line = &self.text[self.pos..end];
        self.pos = end + 1;
        Some(line)
    }
}

/// One test: a leaf case, a suite, or the top-level `main`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Test {
    /// The test's name.
    pub name: String,
    /// Its result.
    pub status: TestStatus,
    /// Plan count: `Some(0)` when never parsed (kunit.py's default), `None`
    /// when the test had no plan line.
    pub expected_count: Option<u64>,
    /// Children; empty when the parser ran without keeping the tree.
    pub subtests: Vec<Test>,
    /// Number of children seen (equals `subtests.len()` when kept).
    pub n_subtests: usize,
    /// Diagnostic lines printed before its result.
    pub log: Log,
    /// Leaf results below it (itself, for a leaf) and parse errors.
    pub counts: TestCounts,
    /// The reason after `# SKIP`, if skipped.
    pub skip_reason: String,
    /// From its first line to its result line, when the source timed its
    /// lines (`kunit run`/`exec`) and the tree is kept.
    pub duration: Option<std::time::Duration>,
}

impl Default for Test {
    fn default() -> Self {
        Test {
            name: String::new(),
            status: TestStatus::TestCrashed,
            expected_count: Some(0),
            subtests: Vec::new(),
            n_subtests: 0,
            log: Log::default(),
            counts: TestCounts::default(),
            skip_reason: String::new(),
            duration: None,
        }
    }
}

impl Test {
    /// `Test.ok_status()`: passed or skipped.
    pub fn ok_status(&self) -> bool {
        self.status.is_ok()
    }
}
