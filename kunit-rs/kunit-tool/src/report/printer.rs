//! kunit.py's output: `[HH:MM:SS] ` timestamps, colours on terminals only,
//! 60-column dividers, result lines and the summary line
//! (kunit_printer.py and the printing half of kunit_parser.py).

use std::io::Write;

use crate::ktap::output::ParseOutput;
use crate::ktap::pytext::{char_len, common_margin, emit_dedented, for_each_dedented};
use crate::ktap::result_tree::Test;
use crate::ktap::status::TestStatus;

/// The line of 60 `=` that opens and closes a parsed run.
pub const DIVIDER: &str = "============================================================";

const RED: &str = "\x1b[1;31m";
const YELLOW: &str = "\x1b[1;33m";
const GREEN: &str = "\x1b[1;32m";
const RESET: &str = "\x1b[0;0m";

/// Bytes collected before they are written out (unless every line is
/// flushed, as on a terminal).
const OUT_BUF_BYTES: usize = 128 * 1024;

/// Where printed lines go. A disabled printer drops everything (kunit.py's
/// `null_printer`, used while parsing for `--summary` and `--failed`).
/// Lines are composed straight into one output buffer, which is written out
/// when full, at `flush` and on drop.
pub struct Printer {
    out: Option<Box<dyn Write + Send>>,
    buf: Vec<u8>,
    color: bool,
    flush_each_line: bool,
    clock: Clock,
    broken: bool,
    /// Set while a progress line is on screen; the next line erases it.
    progress_shown: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// Reused for composing header and footer messages.
    scratch: String,
}

impl Printer {
    /// A printer writing to `out`, with ANSI colours if `color`, flushing
    /// after every line if `flush_each_line` (for terminals and pipes read
    /// live).
    pub fn new(out: Box<dyn Write + Send>, color: bool, flush_each_line: bool) -> Self {
        Printer {
            out: Some(out),
            buf: Vec::with_capacity(OUT_BUF_BYTES),
            color,
            flush_each_line,
            clock: Clock::default(),
            broken: false,
            progress_shown: None,
            scratch: String::new(),
        }
    }

    /// A printer that prints nothing (e.g. for `--summary` while parsing).
    pub fn null() -> Self {
        Printer {
            out: None,
            buf: Vec::new(),
            color: false,
            flush_each_line: false,
            clock: Clock::default(),
            broken: false,
            progress_shown: None,
            scratch: String::new(),
        }
    }

    /// A printer writing to a buffer, without colours (tests, golden files).
    /// Output reaches the buffer at `flush` or when the printer is dropped.
    pub fn to_vec(buf: std::sync::Arc<std::sync::Mutex<Vec<u8>>>) -> Self {
        Printer::new(Box::new(SharedBuf(buf)), false, false)
    }

    /// Reads the clock for the timestamp once every `lines` printed lines
    /// instead of for each (1, the default). Only for input that never makes
    /// the parser wait, such as a regular file: then those lines are printed
    /// within microseconds of each other and share one stamp anyway.
    pub fn set_clock_check_interval(&mut self, lines: u32) {
        self.clock.interval = lines.max(1);
    }

    /// Shares the flag a progress line sets while it is on screen.
    pub fn set_progress_flag(&mut self, flag: std::sync::Arc<std::sync::atomic::AtomicBool>) {
        self.progress_shown = Some(flag);
    }

    /// Does this printer print anything (not `null`)?
    pub fn is_enabled(&self) -> bool {
        self.out.is_some()
    }

    /// Starts an output line: false (print nothing) when disabled or when
    /// the output is gone. Erases a progress line first.
    #[inline(always)]
    fn begin(&mut self) -> bool {
        if self.out.is_none() || self.broken {
            return false;
        }
        if let Some(flag) = &self.progress_shown {
            if flag.swap(false, std::sync::atomic::Ordering::Relaxed) {
                self.buf.extend_from_slice(b"\r\x1b[K");
            }
        }
        true
    }

    /// Starts a `print_with_timestamp` line (see `begin`).
    #[inline(always)]
    fn begin_stamped(&mut self) -> bool {
        if !self.begin() {
            return false;
        }
        self.buf.extend_from_slice(self.clock.stamp());
        true
    }

    /// Ends a line begun with `begin`/`begin_stamped`.
    #[inline(always)]
    fn end(&mut self) {
        self.buf.push(b'\n');
        if self.flush_each_line {
            self.flush();
        } else if self.buf.len() >= OUT_BUF_BYTES {
            self.write_out();
        }
    }

    /// Writes the buffer out. A closed pipe (`kunit parse | head`) ends
    /// printing, not the run.
    #[inline(never)]
    fn write_out(&mut self) {
        if let (Some(out), false) = (self.out.as_mut(), self.broken) {
            self.broken = out.write_all(&self.buf).is_err();
        }
        self.buf.clear();
    }

    #[inline(always)]
    fn push(&mut self, s: &str) {
        self.buf.extend_from_slice(s.as_bytes());
    }

    #[inline(always)]
    fn push_painted(&mut self, code: &str, text: &str) {
        if self.color {
            self.push(code);
            self.push(text);
            self.push(RESET);
        } else {
            self.push(text);
        }
    }

    /// `print(message)`.
    pub fn raw_line(&mut self, message: &str) {
        if self.begin() {
            self.push(message);
            self.end();
        }
    }

    /// `print_with_timestamp(message)`.
    pub fn line(&mut self, message: &str) {
        if self.begin_stamped() {
            self.push(message);
            self.end();
        }
    }

    /// `print_with_timestamp(format_test_divider(message, len_message))`,
    /// composed in place.
    fn divider_line(&mut self, message: &str, len_message: usize) {
        if self.begin_stamped() {
            let (len_1, len_2) = divider_sides(len_message);
            self.push_equals(len_1);
            self.buf.push(b' ');
            self.push(message);
            self.buf.push(b' ');
            self.push_equals(len_2);
            self.end();
        }
    }

    fn push_equals(&mut self, n: usize) {
        self.buf.resize(self.buf.len() + n, b'=');
    }

    /// Writes out the buffered lines and flushes the output.
    pub fn flush(&mut self) {
        self.write_out();
        if let (Some(out), false) = (self.out.as_mut(), self.broken) {
            self.broken = out.flush().is_err();
        }
    }

    fn paint(&self, code: &str, text: &str) -> String {
        let mut s = String::with_capacity(text.len() + 16);
        self.paint_into(&mut s, code, text);
        s
    }

    fn paint_into(&self, buf: &mut String, code: &str, text: &str) {
        if self.color {
            buf.push_str(code);
            buf.push_str(text);
            buf.push_str(RESET);
        } else {
            buf.push_str(text);
        }
    }

    /// `text` in red (as is without colours).
    pub fn red(&self, text: &str) -> String {
        self.paint(RED, text)
    }

    /// `text` in yellow (as is without colours).
    pub fn yellow(&self, text: &str) -> String {
        self.paint(YELLOW, text)
    }

    /// `text` in green (as is without colours).
    pub fn green(&self, text: &str) -> String {
        self.paint(GREEN, text)
    }

    /// Length of one colour code pair (`len(printer.red(''))`).
    pub fn color_len(&self) -> usize {
        if self.color {
            RED.len() + RESET.len()
        } else {
            0
        }
    }
}

impl Drop for Printer {
    fn drop(&mut self) {
        self.flush();
    }
}

struct SharedBuf(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl Write for SharedBuf {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Local wall-clock `[HH:MM:SS] `, formatted again only when the second
/// changes (and the clock read only every `interval` lines).
struct Clock {
    last_sec: Option<i64>,
    text: [u8; 11],
    interval: u32,
    /// Lines left before the clock is read again.
    left: u32,
    /// The system's time zone, looked up at the first stamp.
    tz: Option<jiff::tz::TimeZone>,
}

impl Default for Clock {
    fn default() -> Self {
        Clock {
            last_sec: None,
            text: *b"[00:00:00] ",
            interval: 1,
            left: 0,
            tz: None,
        }
    }
}

impl Clock {
    #[inline(always)]
    fn stamp(&mut self) -> &[u8; 11] {
        if self.left > 0 {
            self.left -= 1;
        } else {
            self.read();
        }
        &self.text
    }

    #[inline(never)]
    fn read(&mut self) {
        self.left = self.interval - 1;
        let now = std::time::SystemTime::now();
        let sec = now
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64);
        if self.last_sec != Some(sec) {
            self.last_sec = Some(sec);
            let tz = self.tz.get_or_insert_with(jiff::tz::TimeZone::system);
            let (h, m, s) = local_hms(tz, now);
            let two = |n: i32| [b'0' + (n / 10 % 10) as u8, b'0' + (n % 10) as u8];
            let [h0, h1] = two(h);
            let [m0, m1] = two(m);
            let [s0, s1] = two(s);
            self.text = [b'[', h0, h1, b':', m0, m1, b':', s0, s1, b']', b' '];
        }
    }
}

/// The local time of day, as kunit.py's `datetime.now()` gives it: the wall clock from
/// `std::time`, the zone from the system's (`TZ`, else `/etc/localtime`, through jiff).
fn local_hms(tz: &jiff::tz::TimeZone, now: std::time::SystemTime) -> (i32, i32, i32) {
    match jiff::Timestamp::try_from(now) {
        Ok(t) => {
            let dt = tz.to_datetime(t);
            (dt.hour().into(), dt.minute().into(), dt.second().into())
        }
        Err(_) => (0, 0, 0),
    }
}

/// `format_test_divider`: `message` centred in a 60-column `=` line;
/// `len_message` excludes colour codes.
pub fn format_test_divider(message: &str, len_message: usize) -> String {
    let (len_1, len_2) = divider_sides(len_message);
    let mut s = String::with_capacity(message.len() + len_1 + len_2 + 2);
    s.extend(std::iter::repeat_n('=', len_1));
    s.push(' ');
    s.push_str(message);
    s.push(' ');
    s.extend(std::iter::repeat_n('=', len_2));
    s
}

/// The number of '=' before and after the message in a divider.
fn divider_sides(len_message: usize) -> (usize, usize) {
    let difference = DIVIDER.len() as i64 - len_message as i64 - 2;
    if difference > 0 {
        let len_1 = (difference / 2) as usize;
        (len_1, difference as usize - len_1)
    } else {
        (3, 3)
    }
}

/// `print_test_header`: `name (N subtests)`.
pub fn print_test_header(p: &mut Printer, test: &Test) {
    use std::fmt::Write as _;
    if !p.is_enabled() {
        return;
    }
    let mut message = std::mem::take(&mut p.scratch);
    message.clear();
    message.push_str(&test.name);
    if !message.is_empty() {
        message.push(' ');
    }
    match test.expected_count {
        Some(1) => message.push_str("(1 subtest)"),
        Some(n) if n > 0 => {
            let _ = write!(message, "({n} subtests)");
        }
        _ => {}
    }
    p.divider_line(&message, char_len(&message));
    p.scratch = message;
}

/// `print_log`: the log, dedented, in yellow.
pub fn print_log(p: &mut Printer, test: &Test) {
    if !p.is_enabled() || test.log.is_empty() {
        return;
    }
    let emit = |line: &str| {
        if p.begin_stamped() {
            p.push_painted(YELLOW, line);
            p.end();
        }
    };
    let mut few = [""; FEW_LOG_LINES];
    let mut indents = [0usize; FEW_LOG_LINES];
    if let Some(n) = split_plain_log(&test.log, &mut few, &mut indents) {
        let lines = &few[..n];
        // A plain line is blank when it is all indentation.
        let margin = common_margin(
            lines
                .iter()
                .zip(&indents)
                .filter(|&(l, &ws)| ws < l.len())
                .map(|(l, &ws)| &l.as_bytes()[..ws]),
        );
        emit_dedented(lines, margin, emit);
        return;
    }
    let lines: Vec<&str> = test.log.iter().collect();
    for_each_dedented(&lines, emit);
}

/// Logs up to this many lines are printed without allocating.
const FEW_LOG_LINES: usize = 16;

/// Splits a short log whose lines are all printable ASCII and tabs (what
/// kernel logs are) in one scan, noting each line's indentation; `None` for
/// any other log. Such lines hold no line break and are blank only when they
/// are all spaces and tabs.
fn split_plain_log<'a>(
    log: &'a crate::ktap::result_tree::Log,
    lines: &mut [&'a str; FEW_LOG_LINES],
    indents: &mut [usize; FEW_LOG_LINES],
) -> Option<usize> {
    if log.len() > FEW_LOG_LINES {
        return None;
    }
    let text = log.joined();
    let b = text.as_bytes();
    let (mut n, mut pos) = (0, 0);
    // The lines are `text.split('\n')`, at most `log.len()` of them.
    while n < log.len() {
        let end = crate::ktap::scan::scan_plain(b, pos).0;
        if end < b.len() && b[end] != b'\n' {
            return None;
        }
        lines[n] = &text[pos..end];
        indents[n] = b[pos..end]
            .iter()
            .take_while(|&&c| c == b' ' || c == b'\t')
            .count();
        n += 1;
        if end == b.len() {
            break;
        }
        pos = end + 1;
    }
    Some(n)
}

/// The label of a result line; prints the log of failed and crashed tests
/// first (as `format_test_result` does).
fn result_label(p: &mut Printer, test: &Test) -> (&'static str, &'static str) {
    match test.status {
        TestStatus::Success => (GREEN, "[PASSED] "),
        TestStatus::Skipped => (YELLOW, "[SKIPPED] "),
        TestStatus::NoTests => (YELLOW, "[NO TESTS RUN] "),
        TestStatus::TestCrashed => {
            print_log(p, test);
            (RED, "[CRASHED] ")
        }
        TestStatus::Failure | TestStatus::FailureToParseTests => {
            print_log(p, test);
            (RED, "[FAILED] ")
        }
    }
}

/// The ` (reason)` a skipped test's result line ends with, if any.
fn skip_suffix(test: &Test) -> Option<&str> {
    (test.status == TestStatus::Skipped && !test.skip_reason.is_empty())
        .then_some(test.skip_reason.as_str())
}

/// `format_test_result`, appended to `s`.
fn format_test_result_into(p: &mut Printer, test: &Test, s: &mut String) {
    let (code, label) = result_label(p, test);
    p.paint_into(s, code, label);
    s.push_str(&test.name);
    if let Some(reason) = skip_suffix(test) {
        s.push_str(" (");
        s.push_str(reason);
        s.push(')');
    }
}

/// `print_with_timestamp(format_test_result(test))`, composed in place.
pub fn print_test_result(p: &mut Printer, test: &Test) {
    if !p.is_enabled() {
        return;
    }
    let (code, label) = result_label(p, test);
    if p.begin_stamped() {
        p.push_painted(code, label);
        p.push(&test.name);
        if let Some(reason) = skip_suffix(test) {
            p.push(" (");
            p.push(reason);
            p.push(")");
        }
        p.end();
    }
}

/// `print_test_result` for a passed test called `name`.
#[inline]
pub fn print_passed(p: &mut Printer, name: &str) {
    if p.begin_stamped() {
        p.push_painted(GREEN, "[PASSED] ");
        p.push(name);
        p.end();
    }
}

/// `print_test_footer`: the divider with a test's result after its
/// subtests.
pub fn print_test_footer(p: &mut Printer, test: &Test) {
    if !p.is_enabled() {
        return;
    }
    let mut message = std::mem::take(&mut p.scratch);
    message.clear();
    format_test_result_into(p, test, &mut message);
    let len = char_len(&message).saturating_sub(p.color_len());
    p.divider_line(&message, len);
    p.scratch = message;
}

/// `print_test`: a whole (kept) tree, optionally only its failures.
pub fn print_test(p: &mut Printer, test: &Test, failed_only: bool) {
    if test.name == "main" {
        p.line(DIVIDER);
        for t in &test.subtests {
            print_test(p, t, failed_only);
        }
        p.line(DIVIDER);
    } else if !test.subtests.is_empty() {
        if !failed_only || !test.ok_status() {
            print_test_header(p, test);
            for t in &test.subtests {
                print_test(p, t, failed_only);
            }
            print_test_footer(p, test);
        }
    } else if !failed_only || !test.ok_status() {
        print_test_result(p, test);
    }
}

/// Full names of failed tests from the parser's failure paths (leaf first)
/// as `_summarize_failed_tests` builds them: a parent named `main` or ``
/// adds no prefix.
pub fn failure_names(paths: &[Vec<String>]) -> Vec<String> {
    paths
        .iter()
        .map(|path| {
            let mut full = String::from("main");
            for seg in path.iter().rev() {
                if full.is_empty() || full == "main" {
                    full = seg.clone();
                } else {
                    full.push('.');
                    full.push_str(seg);
                }
            }
            full
        })
        .collect()
}

/// `print_summary_line`, plus the `Failures:` line for large failing runs.
pub fn print_summary_line(p: &mut Printer, test: &Test, failure_paths: &[Vec<String>]) {
    let paint = |p: &Printer, s: &str| match test.status {
        TestStatus::Success => p.green(s),
        TestStatus::Skipped | TestStatus::NoTests => p.yellow(s),
        _ => p.red(s),
    };
    let line = paint(p, &format!("Testing complete. {}", test.counts));
    p.line(&line);
    if test.ok_status() || test.counts.total() < 100 {
        return;
    }
    if failure_paths.len() > 10 {
        return;
    }
    let names = failure_names(failure_paths);
    let line = paint(p, &format!("Failures: {}", names.join(", ")));
    p.line(&line);
}

/// The parser prints through this: kunit.py's console lines.
impl ParseOutput for Printer {
    #[inline(always)]
    fn is_enabled(&self) -> bool {
        Printer::is_enabled(self)
    }
    fn line(&mut self, text: &str) {
        Printer::line(self, text)
    }
    fn red(&self, text: &str) -> String {
        Printer::red(self, text)
    }
    fn divider(&mut self) {
        Printer::line(self, DIVIDER)
    }
    fn test_header(&mut self, test: &Test) {
        print_test_header(self, test)
    }
    fn test_result(&mut self, test: &Test) {
        print_test_result(self, test)
    }
    #[inline(always)]
    fn passed(&mut self, name: &str) {
        print_passed(self, name)
    }
    fn log(&mut self, test: &Test) {
        print_log(self, test)
    }
    fn test_footer(&mut self, test: &Test) {
        print_test_footer(self, test)
    }
}

#[cfg(test)]
#[path = "printer_kunit.rs"]
mod printer_kunit;
