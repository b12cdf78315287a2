//! kunit.py's output: `[HH:MM:SS] ` timestamps, colours on terminals only,
//! 60-column dividers, result lines and the summary line
//! (kunit_printer.py and the printing half of kunit_parser.py).

use std::io::Write;

use crate::pytext::{char_len, dedent_joined, splitlines};
use crate::status::TestStatus;
use crate::test::Test;

pub const DIVIDER: &str = "============================================================";

const RED: &str = "\x1b[1;31m";
const YELLOW: &str = "\x1b[1;33m";
const GREEN: &str = "\x1b[1;32m";
const RESET: &str = "\x1b[0;0m";

/// Where printed lines go. A disabled printer drops everything (kunit.py's
/// `null_printer`, used while parsing for `--summary` and `--failed`).
pub struct Printer {
    out: Option<Box<dyn Write + Send>>,
    color: bool,
    flush_each_line: bool,
    clock: Clock,
    broken: bool,
    /// Set while a progress line is on screen; the next line erases it.
    progress_shown: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    scratch: Vec<u8>,
    /// Reused for composing result lines.
    message: String,
}

impl Printer {
    pub fn new(out: Box<dyn Write + Send>, color: bool, flush_each_line: bool) -> Self {
        Printer {
            out: Some(out),
            color,
            flush_each_line,
            clock: Clock::default(),
            broken: false,
            progress_shown: None,
            scratch: Vec::new(),
            message: String::new(),
        }
    }

    pub fn null() -> Self {
        Printer {
            out: None,
            color: false,
            flush_each_line: false,
            clock: Clock::default(),
            broken: false,
            progress_shown: None,
            scratch: Vec::new(),
            message: String::new(),
        }
    }

    /// A printer writing to a buffer, without colours (tests, golden files).
    pub fn to_vec(buf: std::sync::Arc<std::sync::Mutex<Vec<u8>>>) -> Self {
        Printer::new(Box::new(SharedBuf(buf)), false, false)
    }

    /// Shares the flag a progress line sets while it is on screen.
    pub fn set_progress_flag(&mut self, flag: std::sync::Arc<std::sync::atomic::AtomicBool>) {
        self.progress_shown = Some(flag);
    }

    fn clear_progress(&mut self) {
        if let (Some(flag), Some(out)) = (&self.progress_shown, self.out.as_mut()) {
            if flag.swap(false, std::sync::atomic::Ordering::Relaxed) {
                let _ = out.write_all(b"\r\x1b[K");
            }
        }
    }

    pub fn is_enabled(&self) -> bool {
        self.out.is_some()
    }

    pub fn uses_color(&self) -> bool {
        self.color
    }

    /// `print(message)`.
    pub fn raw_line(&mut self, message: &str) {
        if self.broken {
            return;
        }
        self.clear_progress();
        if let Some(out) = self.out.as_mut() {
            let mut r = out
                .write_all(message.as_bytes())
                .and_then(|_| out.write_all(b"\n"));
            if self.flush_each_line {
                r = r.and_then(|_| out.flush());
            }
            // A closed pipe (`kunit parse | head`) ends printing, not the run.
            self.broken = r.is_err();
        }
    }

    /// `print_with_timestamp(message)`.
    pub fn line(&mut self, message: &str) {
        if self.out.is_none() || self.broken {
            return;
        }
        self.clear_progress();
        let ts = self.clock.stamp();
        let mut buf = std::mem::take(&mut self.scratch);
        buf.clear();
        buf.extend_from_slice(ts.as_bytes());
        buf.extend_from_slice(message.as_bytes());
        buf.push(b'\n');
        let out = self.out.as_mut().expect("checked above");
        let mut r = out.write_all(&buf);
        self.scratch = buf;
        if self.flush_each_line {
            r = r.and_then(|_| out.flush());
        }
        self.broken = r.is_err();
    }

    /// Writes raw bytes (progress lines, documents).
    pub fn write_raw(&mut self, bytes: &[u8]) {
        if let (Some(out), false) = (self.out.as_mut(), self.broken) {
            self.broken = out.write_all(bytes).and_then(|_| out.flush()).is_err();
        }
    }

    pub fn flush(&mut self) {
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

    pub fn red(&self, text: &str) -> String {
        self.paint(RED, text)
    }

    pub fn yellow(&self, text: &str) -> String {
        self.paint(YELLOW, text)
    }

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

/// Local wall-clock `[HH:MM:SS] `, recomputed once per second.
#[derive(Default)]
struct Clock {
    last_sec: i64,
    text: String,
}

impl Clock {
    fn stamp(&mut self) -> &str {
        let now = coarse_now();
        if now != self.last_sec || self.text.is_empty() {
            self.last_sec = now;
            let (h, m, s) = local_hms(now);
            self.text = format!("[{h:02}:{m:02}:{s:02}] ");
        }
        &self.text
    }
}

fn coarse_now() -> i64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_REALTIME_COARSE, &mut ts) };
    if rc == 0 {
        ts.tv_sec
    } else {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64)
    }
}

fn local_hms(t: i64) -> (i32, i32, i32) {
    // SAFETY: an all-zero `tm` is a valid value for localtime_r to overwrite.
    let mut tm: libc::tm = unsafe { std::mem::zeroed() };
    let tt: libc::time_t = t;
    // SAFETY: both pointers are valid for the duration of the call.
    let ok = unsafe { !libc::localtime_r(&tt, &mut tm).is_null() };
    if ok {
        (tm.tm_hour, tm.tm_min, tm.tm_sec)
    } else {
        let d = t.rem_euclid(86_400) as i32;
        (d / 3600, d / 60 % 60, d % 60)
    }
}

/// `format_test_divider`: `message` centred in a 60-column `=` line;
/// `len_message` excludes colour codes.
pub fn format_test_divider(message: &str, len_message: usize) -> String {
    let (mut len_1, mut len_2) = (3usize, 3usize);
    let difference = DIVIDER.len() as i64 - len_message as i64 - 2;
    if difference > 0 {
        len_1 = (difference / 2) as usize;
        len_2 = difference as usize - len_1;
    }
    let mut s = String::with_capacity(message.len() + len_1 + len_2 + 2);
    push_equals(&mut s, len_1);
    s.push(' ');
    s.push_str(message);
    s.push(' ');
    push_equals(&mut s, len_2);
    s
}

fn push_equals(s: &mut String, n: usize) {
    let mut left = n;
    while left > 0 {
        let k = left.min(DIVIDER.len());
        s.push_str(&DIVIDER[..k]);
        left -= k;
    }
}

/// `print_test_header`: `name (N subtests)`.
pub fn print_test_header(p: &mut Printer, test: &Test) {
    if !p.is_enabled() {
        return;
    }
    let mut message = test.name.clone();
    if !message.is_empty() {
        message.push(' ');
    }
    match test.expected_count {
        Some(1) => message.push_str("(1 subtest)"),
        Some(n) if n > 0 => message.push_str(&format!("({n} subtests)")),
        _ => {}
    }
    let line = format_test_divider(&message, char_len(&message));
    p.line(&line);
}

/// `print_log`: the log, dedented, in yellow.
pub fn print_log(p: &mut Printer, test: &Test) {
    if !p.is_enabled() || test.log.is_empty() {
        return;
    }
    // Split the log once; the dedent passes walk the slice.
    let lines: Vec<&str> = test.log.iter().collect();
    let mut buf = String::new();
    for_each_dedented(lines.iter().copied(), |line| {
        buf.clear();
        p.paint_into(&mut buf, YELLOW, line);
        p.line(&buf);
    });
}

/// Calls `emit` for each line of `textwrap.dedent('\n'.join(lines)).splitlines()`.
/// Log lines hold no line breaks (they were split by `splitlines()`), so the
/// joined text need not be built: the margin is the run of spaces and tabs
/// shared by every non-blank line, blank lines print empty, and a trailing
/// empty line disappears as `splitlines()` drops it.
pub fn for_each_dedented<'a>(
    lines: impl Iterator<Item = &'a str> + Clone,
    mut emit: impl FnMut(&str),
) {
    if lines
        .clone()
        .any(|l| l.contains(crate::pytext::is_line_break))
    {
        // Not reachable from our readers; keep Python's exact semantics anyway.
        let text = dedent_joined(lines);
        splitlines(&text).for_each(emit);
        return;
    }
    let mut margin: Option<&str> = None;
    for l in lines.clone() {
        if is_blank(l) {
            continue;
        }
        let ws = &l[..l.len() - l.trim_start_matches([' ', '\t']).len()];
        margin = Some(match margin {
            None => ws,
            Some(m) => {
                let n = m
                    .bytes()
                    .zip(ws.bytes())
                    .take_while(|(a, b)| a == b)
                    .count();
                &m[..n]
            }
        });
    }
    let margin = margin.map_or(0, str::len);
    let mut pending_empty = 0usize;
    for l in lines {
        let d = if is_blank(l) { "" } else { &l[margin..] };
        if d.is_empty() {
            pending_empty += 1;
            continue;
        }
        for _ in 0..pending_empty {
            emit("");
        }
        pending_empty = 0;
        emit(d);
    }
    // '\n'.join ends with those empty lines; splitlines() drops only the last.
    for _ in 1..pending_empty {
        emit("");
    }
}

use crate::pytext::is_blank;

/// `format_test_result` into `s`; prints the log of failed and crashed tests first.
fn format_test_result_into(p: &mut Printer, test: &Test, s: &mut String) {
    let (code, label) = match test.status {
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
    };
    p.paint_into(s, code, label);
    s.push_str(&test.name);
    if test.status == TestStatus::Skipped && !test.skip_reason.is_empty() {
        s.push_str(" (");
        s.push_str(&test.skip_reason);
        s.push(')');
    }
}

/// `format_test_result`; prints the log of failed and crashed tests first.
pub fn format_test_result(p: &mut Printer, test: &Test) -> String {
    let mut s = String::with_capacity(test.name.len() + 32);
    format_test_result_into(p, test, &mut s);
    s
}

pub fn print_test_result(p: &mut Printer, test: &Test) {
    if !p.is_enabled() {
        return;
    }
    let mut msg = std::mem::take(&mut p.message);
    msg.clear();
    format_test_result_into(p, test, &mut msg);
    p.line(&msg);
    p.message = msg;
}

pub fn print_test_footer(p: &mut Printer, test: &Test) {
    if !p.is_enabled() {
        return;
    }
    let message = format_test_result(p, test);
    let len = char_len(&message).saturating_sub(p.color_len());
    let line = format_test_divider(&message, len);
    p.line(&line);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dividers_centre_the_message() {
        assert_eq!(
            format_test_divider("example (2 subtests)", 20),
            "=================== example (2 subtests) ==================="
        );
        let long = "x".repeat(70);
        assert_eq!(format_test_divider(&long, 70), format!("=== {long} ==="));
    }

    #[test]
    fn dedent_fast_path_matches_python_semantics() {
        let cases: &[&[&str]] = &[
            &["\t# a", "\t\tb", "\t"],
            &["  x", "\ty"],
            &["    a", "", "    b"],
            &["a", ""],
            &["a", "", ""],
            &[""],
            &["", ""],
            &["", "a"],
            &["   ", "  b", " \t c"],
            &["\u{a0}x", " y"],
        ];
        for lines in cases {
            let mut fast = Vec::new();
            for_each_dedented(lines.iter().copied(), |l| fast.push(l.to_string()));
            let slow: Vec<String> = splitlines(&dedent_joined(lines.iter().copied()))
                .map(str::to_string)
                .collect();
            assert_eq!(fast, slow, "{lines:?}");
        }
    }

    #[test]
    fn failure_names_follow_kunit_py() {
        let paths = vec![
            vec!["case".to_string(), "suite".to_string()],
            vec!["x".to_string(), "main".to_string()],
            vec!["y".to_string(), "".to_string()],
            vec!["leaf".to_string()],
        ];
        assert_eq!(failure_names(&paths), ["suite.case", "x", "y", "leaf"]);
    }
}
