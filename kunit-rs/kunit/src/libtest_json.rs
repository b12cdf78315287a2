//! libtest's JSON events (`--format json -Z unstable-options`), what IDE test explorers and
//! reporters such as `cargo2junit` read: one JSON object a line, with libtest's field names in
//! libtest's order (library/test/src/formatters/json.rs, checked against the output of a
//! rustc 1.95 libtest binary).
//!
//! Names are `suite.case`, as `--list` prints them and filters match them. A parameterized
//! case is one test: its parameters' results are KTAP subtests in its `stdout`, so the counts
//! equal `--list`'s. KUnit's skipped cases are libtest's `ignored`, with the skip reason as the
//! `message` (libtest's `#[ignore = "…"]` text).

use crate::executor::select::Plan;
use crate::executor::{
    run_plan_with_events, CaseReport, Config, Ignored, Report, RunEvents, SuiteReport,
};
use crate::output::Sink;
use crate::test_handle::Status;
use std::fmt::Write as _;
use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// `s` as the inside of a JSON string, escaped exactly as libtest's `EscapedString` does.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\u{c}' => out.push_str("\\f"),
            '\r' => out.push_str("\\r"),
            c if c < ' ' || c == '\u{7f}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

/// The first event of a run.
pub fn run_started(test_count: usize, shuffle_seed: Option<u64>) -> String {
    match shuffle_seed {
        Some(seed) => format!(
            r#"{{ "type": "suite", "event": "started", "test_count": {test_count}, "shuffle_seed": {seed} }}"#
        ),
        None => format!(r#"{{ "type": "suite", "event": "started", "test_count": {test_count} }}"#),
    }
}

/// A test's start.
pub fn test_started(name: &str) -> String {
    format!(
        r#"{{ "type": "test", "event": "started", "name": "{}" }}"#,
        escape(name)
    )
}

/// A test's result: `event` is `ok`, `failed` or `ignored`; `message` is an ignore reason.
pub fn test_result(
    name: &str,
    event: &str,
    exec_time: Option<Duration>,
    stdout: Option<&str>,
    message: Option<&str>,
) -> String {
    let mut line = format!(
        r#"{{ "type": "test", "name": "{}", "event": "{event}""#,
        escape(name)
    );
    if let Some(t) = exec_time {
        let _ = write!(line, r#", "exec_time": {}"#, t.as_secs_f64());
    }
    if let Some(s) = stdout {
        let _ = write!(line, r#", "stdout": "{}""#, escape(s));
    }
    if let Some(m) = message {
        let _ = write!(line, r#", "message": "{}""#, escape(m));
    }
    line.push_str(" }");
    line
}

/// The counts of a run's closing event.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Tests that passed.
    pub passed: usize,
    /// Tests that failed (a case of a suite whose `suite_init` failed counts as failed).
    pub failed: usize,
    /// Tests skipped.
    pub ignored: usize,
}

/// The last event of a run.
pub fn run_finished(counts: Counts, filtered_out: usize, exec_time: Duration) -> String {
    format!(
        r#"{{ "type": "suite", "event": "{}", "passed": {}, "failed": {}, "ignored": {}, "measured": 0, "filtered_out": {filtered_out}, "exec_time": {} }}"#,
        if counts.failed == 0 { "ok" } else { "failed" },
        counts.passed,
        counts.failed,
        counts.ignored,
        exec_time.as_secs_f64()
    )
}

/// `--list --format json`: libtest's discovery events. A case the run would report skipped
/// (slow, or filtered with `--filter_action skip`) is `"ignore": true`. kunit cases carry no
/// source location, so libtest's `source_path`/line/column fields are absent.
pub fn listing(plan: &Plan, ignored: Ignored) -> String {
    let mut out = String::from("{ \"type\": \"suite\", \"event\": \"discovery\" }\n");
    let (mut tests, mut n_ignored) = (0, 0);
    for s in &plan.suites {
        for c in &s.cases {
            let reason = match ignored {
                Ignored::Skip => c.preset_skip.as_deref(),
                // With --ignored or --include-ignored the slow cases run, as libtest's do.
                _ => c.preset_skip.as_deref().filter(|r| r.is_empty()),
            };
            tests += 1;
            n_ignored += usize::from(reason.is_some());
            let _ = writeln!(
                out,
                r#"{{ "type": "test", "event": "discovered", "name": "{}", "ignore": {}, "ignore_message": "{}" }}"#,
                escape(&format!("{}.{}", s.reg.suite.name, c.case.name)),
                reason.is_some(),
                escape(reason.unwrap_or(""))
            );
        }
    }
    let _ = writeln!(
        out,
        r#"{{ "type": "suite", "event": "completed", "tests": {tests}, "benchmarks": 0, "total": {tests}, "ignored": {n_ignored} }}"#
    );
    out
}

/// The run's listener that prints the test events as they happen.
pub struct JsonEvents {
    out: Mutex<Box<dyn Write + Send>>,
    counts: Mutex<Counts>,
    /// libtest `--show-output`: `stdout` for passed tests too.
    show_output: bool,
    /// libtest `--report-time`: each test's `exec_time`.
    report_time: bool,
}

impl JsonEvents {
    /// Events written to `out`, one flushed line each.
    pub fn new(out: Box<dyn Write + Send>, show_output: bool, report_time: bool) -> Self {
        JsonEvents {
            out: Mutex::new(out),
            counts: Mutex::new(Counts::default()),
            show_output,
            report_time,
        }
    }

    /// Writes one event line (the run's own first and last events too).
    pub fn line(&self, line: &str) {
        let mut out = self.out.lock().unwrap_or_else(|e| e.into_inner());
        let _ = out.write_all(line.as_bytes());
        let _ = out.write_all(b"\n");
        let _ = out.flush();
    }

    /// The results so far.
    pub fn counts(&self) -> Counts {
        *self.counts.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn count(&self, f: impl FnOnce(&mut Counts)) {
        f(&mut self.counts.lock().unwrap_or_else(|e| e.into_inner()));
    }
}

impl RunEvents for JsonEvents {
    fn case_started(&self, suite: &'static str, case: &'static str) {
        self.line(&test_started(&format!("{suite}.{case}")));
    }

    fn case_finished(&self, suite: &'static str, case: &CaseReport) {
        let name = format!("{suite}.{}", case.name);
        let event = match case.status {
            Status::Success => "ok",
            Status::Failure => "failed",
            Status::Skipped => "ignored",
        };
        self.count(|c| match case.status {
            Status::Success => c.passed += 1,
            Status::Failure => c.failed += 1,
            Status::Skipped => c.ignored += 1,
        });
        // As libtest: the output of a test that did not pass, or of any with --show-output.
        let show = case.status != Status::Success || self.show_output;
        let stdout = Some(case.log.as_str()).filter(|l| show && !l.is_empty());
        let message = Some(case.skip_reason.as_str()).filter(|r| !r.is_empty());
        let time = self.report_time.then_some(case.duration);
        self.line(&test_result(&name, event, time, stdout, message));
    }

    fn suite_finished(&self, suite: &SuiteReport, not_run: &[&'static str]) {
        // The suite's init failed: its cases fail with the suite's text, never vanish.
        for case in not_run {
            let name = format!("{}.{case}", suite.name);
            self.line(&test_started(&name));
            self.count(|c| c.failed += 1);
            self.line(&test_result(&name, "failed", None, Some(&suite.log), None));
        }
    }
}

/// Where the harness writes its events: the process's stdout. On Unix, stdout's descriptor is
/// then pointed at stderr, so that whatever else is printed (a case's own `println!`, which
/// libtest would have captured) cannot break the one-event-a-line stream.
pub(crate) fn event_stream() -> Box<dyn Write + Send> {
    #[cfg(unix)]
    {
        use std::os::fd::FromRawFd;
        use std::os::raw::c_int;
        extern "C" {
            fn dup(fd: c_int) -> c_int;
            fn dup2(old: c_int, new: c_int) -> c_int;
        }
        let _ = std::io::stdout().flush();
        // SAFETY: dup has no memory-safety preconditions; it returns a new descriptor or -1.
        let events = unsafe { dup(1) };
        // SAFETY: dup2 on two descriptors the process has open (stdin/out/err exist in a
        // test binary); the stdout handle's buffer was flushed above.
        if events >= 0 && unsafe { dup2(2, 1) } >= 0 {
            // SAFETY: `events` is a descriptor dup just returned, owned by nothing else.
            return Box::new(unsafe { std::fs::File::from_raw_fd(events) });
        }
    }
    Box::new(std::io::stdout())
}

/// libtest's rule for `--format json`: only with `-Z unstable-options` (or where
/// `RUSTC_BOOTSTRAP=1` makes the toolchain a nightly); and it lists only with `--list`.
pub(crate) fn check_args(json: bool, listings: &[&str], unstable: bool) -> Result<(), String> {
    if !json {
        return Ok(());
    }
    if !unstable && std::env::var_os("RUSTC_BOOTSTRAP").is_none_or(|v| v != "1") {
        return Err(
            "The \"json\" format is only accepted on the nightly compiler with -Z unstable-options"
                .to_owned(),
        );
    }
    match listings.iter().find(|l| **l != "--list") {
        Some(other) => Err(format!(
            "options '--format json' and '{other}' cannot be used together (only --list lists as JSON)"
        )),
        None => Ok(()),
    }
}

/// Runs `plan`, writing libtest's events to `events_out` (the first and last included) and
/// the KTAP to `ktap_out`; returns the event counts and the report. `show_output` and
/// `report_time` are libtest's `--show-output` and `--report-time`.
pub fn run(
    plan: Plan,
    config: &Config,
    (show_output, report_time): (bool, bool),
    events_out: Box<dyn Write + Send>,
    ktap_out: Box<dyn Write + Send>,
) -> (Counts, Report) {
    let test_count = plan.case_names().count();
    let events = Arc::new(JsonEvents::new(events_out, show_output, report_time));
    events.line(&run_started(test_count, config.shuffle_seed));
    let listener: Arc<dyn RunEvents> = events.clone();
    let report = run_plan_with_events(
        plan,
        config,
        Arc::new(Sink::writer(ktap_out)),
        Some(listener),
    );
    let counts = events.counts();
    events.line(&run_finished(counts, report.filtered_out, report.duration));
    (counts, report)
}
