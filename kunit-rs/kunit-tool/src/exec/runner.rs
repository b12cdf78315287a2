//! Running one harness binary so that no result is lost.
//!
//! The binary first runs whole. If its process dies (a signal, `exit()` in the
//! middle of a case, no output for too long), the cases it already reported
//! keep their results, the case that was running is reported CRASHED with the
//! reason and the end of stderr in its log, and everything that had not run
//! yet runs again in fresh processes: each remaining case of the interrupted
//! suite on its own (`--filter_glob suite.case`), then each remaining suite.
//! `--run_isolated` starts from one process per suite or per case.
//!
//! With [`RunnerOptions::suite_jobs`] above one, a process runs several suites at a time
//! (the harness prints them in order), so a crash cannot be pinned on the case the output
//! stopped at: the lines of a suite are held until its result line, and when the process
//! dies, the held lines are dropped and every suite not reported runs again one at a time,
//! where the crash is found as above.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use super::harness_flags::HarnessFlags;
use super::isolation::Isolation;
use super::listing::{parse_listing, ListedSuite};
use super::process::{describe_exit, Harness, StopReason};
use super::splice::{CaseOutcome, Item, Mode, Splicer};
use crate::ktap::reader::RawLines;
use kunit_protocol::{exit, flags};

/// How a harness starts the lines of a sanitizer report that belongs to no case (kunit's
/// `sanitizer.rs`: leaks, found once after the last suite).
const SANITIZER_OUTSIDE_CASES: &str = "# kunit-sanitizer: ";

/// What to run and how (the harness flags of DESIGN.md contract 3).
#[derive(Clone, Debug)]
pub struct RunnerOptions {
    /// The flags every harness process gets (`--filter_glob`, `--filter`,
    /// `--filter_action`, `--timeout`).
    pub harness: HarnessFlags,
    /// A process silent for this long is killed and its running case is
    /// reported as crashed.
    pub process_timeout: Duration,
    /// `--run_isolated`: one process per suite or per case.
    pub isolation: Option<Isolation>,
    /// Suites one harness process runs at a time (its `--jobs`); tree mode's one process
    /// runs its suites on every core, the harness keeping their output in order.
    pub suite_jobs: usize,
}

/// State shared by all runners: Ctrl-C and the progress text.
#[derive(Default)]
pub struct Control {
    /// Set on Ctrl-C (SIGINT/SIGTERM); runners stop starting processes.
    pub interrupted: std::sync::Arc<AtomicBool>,
    /// What is running and since when (for the progress line).
    pub progress: Mutex<(String, Option<std::time::Instant>)>,
}

impl Control {
    /// Has the run been interrupted?
    pub fn interrupted(&self) -> bool {
        self.interrupted.load(Ordering::Relaxed)
    }

    fn set_progress(&self, text: String) {
        *self.progress.lock().unwrap_or_else(|e| e.into_inner()) =
            (text, Some(std::time::Instant::now()));
    }

    /// The progress line's text: `binary glob (12.3 s)`.
    pub fn progress_text(&self) -> Option<String> {
        let (text, since) = &*self.progress.lock().unwrap_or_else(|e| e.into_inner());
        let since = (*since)?;
        Some(format!("{text} ({:.1} s)", since.elapsed().as_secs_f64()))
    }
}

/// How a process run ended.
enum Ending {
    /// It printed everything it was asked for.
    Complete,
    /// It died or was killed first; the reason for the report.
    Crashed(String),
    Interrupted,
    /// The harness refused its arguments; already reported as an error.
    Rejected,
}

/// Runs one harness binary, recovering from crashed processes, and hands
/// every line of its spliced KTAP to `emit`.
pub struct BinaryRunner<'a> {
    /// The harness executable.
    pub bin: PathBuf,
    opts: &'a RunnerOptions,
    ctl: &'a Control,
    emit: &'a mut dyn FnMut(Item),
    /// Problems that are not test results (cannot start, bad filter, ...).
    pub errors: Vec<String>,
    listing: Option<Vec<ListedSuite>>,
    /// Only the suites in `listing` run (`restrict_to`).
    restricted: bool,
    stopped: bool,
    /// A `1..N` of a whole run has gone to `emit`: the first is the document's (tree mode
    /// shows it), so a crash before the process printed one sends the listing's count first.
    plan_sent: bool,
}

impl<'a> BinaryRunner<'a> {
    /// A runner for `bin` with `opts`; `emit` receives the output.
    pub fn new(
        bin: &Path,
        opts: &'a RunnerOptions,
        ctl: &'a Control,
        emit: &'a mut dyn FnMut(Item),
    ) -> Self {
        BinaryRunner {
            bin: bin.to_path_buf(),
            opts,
            ctl,
            emit,
            errors: Vec::new(),
            listing: None,
            restricted: false,
            stopped: false,
            plan_sent: false,
        }
    }

    fn short_name(&self) -> String {
        self.bin.file_name().map_or_else(
            || self.bin.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    }

    /// The harness flags for `glob` and the user's attribute filters.
    pub fn filter_args(&self, glob: &str) -> Vec<String> {
        self.opts.harness.forward(glob, false)
    }

    /// Runs `--list_tests` (or another listing flag) with the user's filters.
    pub fn list_raw(&mut self, flag: &str) -> Option<String> {
        let mut args = vec![flag.to_string()];
        args.extend(self.filter_args(self.opts.harness.glob()));
        match std::process::Command::new(&self.bin).args(&args).output() {
            Ok(out) if out.status.success() => {
                Some(String::from_utf8_lossy(&out.stdout).into_owned())
            }
            Ok(out) => {
                let err = String::from_utf8_lossy(&out.stderr);
                self.errors.push(format!(
                    "{} {flag}: {}: {}",
                    self.bin.display(),
                    describe_exit(&out.status),
                    err.lines().next().unwrap_or("")
                ));
                None
            }
            Err(e) => {
                self.errors
                    .push(format!("cannot run {}: {e}", self.bin.display()));
                None
            }
        }
    }

    /// The suites and cases the user's filters select (`--list_tests`, run
    /// once and kept).
    pub fn listing(&mut self) -> Vec<ListedSuite> {
        if self.listing.is_none() {
            let text = self.list_raw(flags::LIST_TESTS).unwrap_or_default();
            self.listing = Some(parse_listing(&text));
        }
        self.listing.clone().unwrap_or_default()
    }

    /// `suite` plus the test part of the user's glob (as kunit.py does for
    /// `--run_isolated suite`).
    fn suite_glob(&self, suite: &str) -> String {
        match self.opts.harness.glob().split_once('.') {
            Some((_, test)) => format!("{suite}.{test}"),
            None => suite.to_string(),
        }
    }

    /// Runs only `suites` (part of this binary's `--list_tests` listing),
    /// one process per suite, since one `--filter_glob` cannot name a set.
    pub fn restrict_to(&mut self, suites: Vec<ListedSuite>) {
        self.listing = Some(suites);
        self.restricted = true;
    }

    /// Runs the binary as requested; every result goes to `emit`.
    pub fn run(&mut self) {
        let isolation = match self.opts.isolation {
            None if self.restricted => Some(Isolation::Suite),
            other => other,
        };
        match isolation {
            None => {
                let glob = self.opts.harness.glob().to_string();
                self.run_whole(&glob);
            }
            Some(Isolation::Suite) => {
                for s in self.listing() {
                    if self.stopped {
                        break;
                    }
                    let glob = self.suite_glob(&s.name);
                    self.run_whole(&glob);
                }
            }
            Some(Isolation::Test) => {
                for s in self.listing() {
                    if self.stopped {
                        break;
                    }
                    self.suite_header(&s);
                    let mut outcomes = Vec::new();
                    for (i, case) in s.cases.iter().enumerate() {
                        outcomes.push(self.run_case(&s.name, case, i as u64 + 1));
                        if self.stopped {
                            break;
                        }
                    }
                    if self.stopped {
                        self.finish_interrupted(&s, outcomes.len() as u64, &outcomes);
                    } else {
                        self.suite_result(&s.name, &outcomes);
                    }
                }
            }
        }
    }

    fn harness_args(&self, glob: &str, jobs: usize) -> Vec<String> {
        let mut a = vec![
            flags::FORMAT.to_string(),
            "ktap".to_string(),
            flags::JOBS.to_string(),
            jobs.to_string(),
        ];
        a.extend(self.opts.harness.forward(glob, true));
        a
    }

    /// Runs one process, feeding its stdout through `splicer`; with `held`, the process
    /// runs `suite_jobs` suites at a time and each suite's lines wait there for its result
    /// line (a crash drops them).
    fn run_process(
        &mut self,
        glob: &str,
        splicer: &mut Splicer,
        what: &str,
        mut held: Option<&mut Vec<Item>>,
    ) -> Ending {
        if self.ctl.interrupted() {
            return Ending::Interrupted;
        }
        self.ctl
            .set_progress(format!("{} {what}", self.short_name()));
        let jobs = if held.is_some() {
            self.opts.suite_jobs
        } else {
            1
        };
        let args = self.harness_args(glob, jobs);
        let mut h = match Harness::spawn(&self.bin, &args) {
            Ok(h) => h,
            Err(e) => {
                self.errors
                    .push(format!("cannot run {}: {e}", self.bin.display()));
                return Ending::Crashed(format!("could not be started: {e}"));
            }
        };
        let mut reader = h.reader(self.opts.process_timeout, &self.ctl.interrupted);
        let mut lines = RawLines::new(&mut reader);
        // A sanitizer report that belongs to no case (LeakSanitizer's, after the last suite):
        // the harness prints it as top-level diagnostics, which the splicer does not keep.
        let mut outside_cases: Vec<String> = Vec::new();
        while let Some(line) = lines.next_line() {
            if line.starts_with(SANITIZER_OUTSIDE_CASES) {
                outside_cases.push(line.to_string());
            }
            let emit = &mut *self.emit;
            match held.as_deref_mut() {
                None => splicer.feed(line, emit),
                Some(h) => splicer.feed(line, &mut |item| {
                    // The plan precedes every suite: held, it would be lost with a crash.
                    if matches!(item, Item::Plan(_)) {
                        return emit(item);
                    }
                    let end = matches!(item, Item::SuiteResult { .. });
                    h.push(item);
                    if end {
                        h.drain(..).for_each(&mut *emit);
                    }
                }),
            }
        }
        drop(lines);
        self.plan_sent |= splicer.emitted_plan();
        let stop_reason = reader.stop_reason;
        if stop_reason.is_some() {
            h.kill();
        }
        let status = h.wait(Duration::from_secs(5));
        match stop_reason {
            Some(StopReason::Interrupted) => return Ending::Interrupted,
            Some(StopReason::Timeout(d)) => {
                return Ending::Crashed(format!(
                    "timed out: no output for {} s, the harness process was killed",
                    d.as_secs_f64()
                ))
            }
            None => {}
        }
        if !outside_cases.is_empty() {
            // Not silent: an error of the run (exit status 1), with the report.
            self.errors.push(format!(
                "{}: a sanitizer report outside any case ({}):\n{}",
                self.bin.display(),
                match &status {
                    Ok(s) => describe_exit(s),
                    Err(e) => e.to_string(),
                },
                outside_cases.join("\n")
            ));
        }
        if splicer.complete() {
            return Ending::Complete;
        }
        let mut reason = match &status {
            Ok(s) if s.success() => {
                "the harness process exited with status 0 before reporting it".to_string()
            }
            Ok(s) => format!("the harness process {}", describe_exit(s)),
            Err(e) => format!("the harness process could not be waited for: {e}"),
        };
        let tail = h.stderr_tail();
        if let Ok(s) = &status {
            // Exit status 2 with nothing printed: the harness rejected its
            // arguments (e.g. a bad --filter); re-running would not help.
            if s.code() == Some(exit::BAD_ARGUMENTS)
                && splicer.suites_done == 0
                && !splicer.suite_header_seen
            {
                self.errors
                    .push(format!("{}: {}", self.bin.display(), tail.join(" / ")));
                return Ending::Rejected;
            }
        }
        for l in tail {
            reason.push('\n');
            reason.push_str("stderr: ");
            reason.push_str(&l);
        }
        Ending::Crashed(reason)
    }

    /// Runs the suites matching `glob` in one process, recovering from crashes; several
    /// at a time when `suite_jobs` asks for it.
    fn run_whole(&mut self, glob: &str) {
        if self.opts.suite_jobs > 1 {
            self.run_whole_parallel(glob);
        } else {
            self.run_whole_serial(glob);
        }
    }

    /// [`run_whole`](Self::run_whole) with `suite_jobs` suites at a time: what the process
    /// reported whole stands; after a crash every suite it did not report runs again, one
    /// process each, serially (where a crash is pinned on its case).
    fn run_whole_parallel(&mut self, glob: &str) {
        let mut splicer = Splicer::new(Mode::Whole);
        let mut held = Vec::new();
        let ending = self.run_process(glob, &mut splicer, glob, Some(&mut held));
        match ending {
            Ending::Complete | Ending::Rejected => {
                // Lines after the last suite (none from a complete harness).
                held.into_iter().for_each(&mut *self.emit);
            }
            Ending::Interrupted => {
                // Printed in plan order: the unfinished suite is the next one.
                held.into_iter().for_each(&mut *self.emit);
                self.stop_after_interrupt(&splicer, glob);
            }
            Ending::Crashed(reason) => {
                let first = reason.lines().next().unwrap_or("");
                // Tree mode's harness is this `kunit` binary: "kunit: kunit:" says nothing.
                let who = match self.short_name() {
                    n if n == "kunit" => String::new(),
                    n => format!("{n}: "),
                };
                eprintln!(
                    "kunit: {who}the process running {} suites at a time ended early ({first}); the suites it did not report run again one at a time",
                    self.opts.suite_jobs
                );
                let suites = self.suites_for(glob);
                self.send_plan(suites.len());
                for s in suites.iter().skip(splicer.suites_done as usize) {
                    if self.stopped {
                        return;
                    }
                    let g = self.suite_glob(&s.name);
                    self.run_whole_serial(&g);
                }
            }
        }
    }

    /// The listing's count as the plan, when the crashed process printed none: the suites'
    /// reruns print their own `1..1`, which must not become the document's plan.
    fn send_plan(&mut self, suites: usize) {
        if !std::mem::replace(&mut self.plan_sent, true) {
            (self.emit)(Item::Plan(suites as u64));
        }
    }

    /// After Ctrl-C: no more processes start, and the suite the process was in (the next one
    /// in plan order) is finished with the cases it reported.
    fn stop_after_interrupt(&mut self, splicer: &Splicer, glob: &str) {
        self.stopped = true;
        if splicer.suite_header_seen {
            let suites = self.suites_for(glob);
            if let Some(s) = suites.get(splicer.suites_done as usize) {
                let outcomes = outcome_guess(splicer);
                self.finish_interrupted(s, splicer.cases_done, &outcomes);
            }
        }
    }

    /// Runs the suites matching `glob` in one process, one at a time, recovering from
    /// crashes.
    fn run_whole_serial(&mut self, glob: &str) {
        let mut splicer = Splicer::new(Mode::Whole);
        let ending = self.run_process(glob, &mut splicer, glob, None);
        let reason = match ending {
            Ending::Complete | Ending::Rejected => return,
            Ending::Crashed(r) => r,
            Ending::Interrupted => {
                self.stop_after_interrupt(&splicer, glob);
                return;
            }
        };
        let suites = self.suites_for(glob);
        self.send_plan(suites.len());
        let k = splicer.suites_done as usize;
        let Some(current) = suites.get(k) else {
            // Every listed suite reported; the process died afterwards.
            return;
        };
        if !splicer.suite_header_seen {
            self.suite_header(current);
        }
        let done = splicer.cases_done as usize;
        let mut outcomes = outcome_guess(&splicer);
        if let Some(case) = current.cases.get(done) {
            self.crash_report(case, &reason);
            (self.emit)(Item::Crashed(format!("    not ok {} {case}", done + 1)));
            outcomes.push(CaseOutcome::Failed);
            for (j, case) in current.cases.iter().enumerate().skip(done + 1) {
                let o = self.run_case(&current.name, case, j as u64 + 1);
                outcomes.push(o);
                if self.stopped {
                    self.finish_interrupted(current, j as u64 + 1, &outcomes);
                    return;
                }
            }
            self.suite_result(&current.name, &outcomes);
        } else {
            // All cases reported: it died in the suite's exit.
            self.crash_report(&current.name, &reason);
            self.suite_result(&current.name, &[CaseOutcome::Failed]);
        }
        for s in suites.iter().skip(k + 1) {
            if self.stopped {
                return;
            }
            let g = self.suite_glob(&s.name);
            self.run_whole_serial(&g);
        }
    }

    /// The listed suites a `run_whole(glob)` covers.
    fn suites_for(&mut self, glob: &str) -> Vec<ListedSuite> {
        let all = self.listing();
        if glob == self.opts.harness.glob() {
            return all;
        }
        let suite = glob.split_once('.').map_or(glob, |(s, _)| s);
        all.into_iter().filter(|s| s.name == suite).collect()
    }

    /// Runs one case in its own process; returns how it ended.
    fn run_case(&mut self, suite: &str, case: &str, number: u64) -> CaseOutcome {
        let mut splicer = Splicer::new(Mode::Case { number });
        let glob = format!("{suite}.{case}");
        let ending = self.run_process(&glob, &mut splicer, &glob, None);
        if let Some(o) = splicer.case_result {
            return o;
        }
        match ending {
            Ending::Interrupted => {
                self.stopped = true;
                (self.emit)(Item::Line(format!(
                    "    ok {number} {case} # SKIP interrupted"
                )));
                CaseOutcome::Skipped
            }
            Ending::Crashed(reason) => {
                self.crash_report(case, &reason);
                (self.emit)(Item::Crashed(format!("    not ok {number} {case}")));
                CaseOutcome::Failed
            }
            Ending::Rejected => {
                (self.emit)(Item::Line(format!(
                    "    # {case}: the harness rejected its arguments"
                )));
                (self.emit)(Item::Line(format!("    not ok {number} {case}")));
                CaseOutcome::Failed
            }
            Ending::Complete => {
                // Whatever the suite printed instead (e.g. "failed to initialize").
                for l in std::mem::take(&mut splicer.held) {
                    (self.emit)(Item::Line(l));
                }
                (self.emit)(Item::Line(format!(
                    "    # {case}: the harness reported no result for this case"
                )));
                (self.emit)(Item::Line(format!("    not ok {number} {case}")));
                CaseOutcome::Failed
            }
        }
    }

    fn crash_report(&mut self, name: &str, reason: &str) {
        let mut lines = reason.lines();
        if let Some(first) = lines.next() {
            (self.emit)(Item::Line(format!("    # {name}: crashed: {first}")));
        }
        for l in lines {
            (self.emit)(Item::Line(format!("    # {name}: {l}")));
        }
    }

    fn suite_header(&mut self, s: &ListedSuite) {
        (self.emit)(Item::Line("    KTAP version 1".into()));
        (self.emit)(Item::Line(format!("    # Subtest: {}", s.name)));
        (self.emit)(Item::Line(format!("    1..{}", s.cases.len())));
    }

    /// The kernel's suite status: failed if any case failed, else passed if
    /// any passed, else skipped.
    fn suite_result(&mut self, suite: &str, outcomes: &[CaseOutcome]) {
        let (prefix, rest) = if outcomes.contains(&CaseOutcome::Failed) {
            ("not ok ", format!(" {suite}"))
        } else if outcomes.contains(&CaseOutcome::Passed) {
            ("ok ", format!(" {suite}"))
        } else {
            ("ok ", format!(" {suite} # SKIP "))
        };
        (self.emit)(Item::SuiteResult {
            prefix: prefix.into(),
            rest,
        });
    }

    /// After Ctrl-C: the cases of the current suite that did not finish are
    /// reported as skipped, and the suite is closed.
    fn finish_interrupted(&mut self, s: &ListedSuite, done: u64, outcomes: &[CaseOutcome]) {
        let mut outcomes = outcomes.to_vec();
        for (j, case) in s.cases.iter().enumerate().skip(done as usize) {
            (self.emit)(Item::Line(format!(
                "    ok {} {case} # SKIP interrupted",
                j + 1
            )));
            outcomes.push(CaseOutcome::Skipped);
        }
        self.suite_result(&s.name, &outcomes);
    }

    /// Did the run stop early (Ctrl-C)?
    pub fn stopped(&self) -> bool {
        self.stopped
    }
}

/// What the splicer saw of the current suite, as outcomes.
fn outcome_guess(s: &Splicer) -> Vec<CaseOutcome> {
    let mut v = Vec::new();
    if s.suite_failed {
        v.push(CaseOutcome::Failed);
    }
    if s.suite_passed {
        v.push(CaseOutcome::Passed);
    }
    v
}
