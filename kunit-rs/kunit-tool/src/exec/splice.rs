//! Splicing harness output into one KTAP stream.
//!
//! Every harness process prints a whole KTAP document (`KTAP version 1`,
//! `1..N`, suites, libtest's closing line). The runner shows one document for
//! all of them, so the top-level header lines are dropped and suite result
//! lines are renumbered by the consumer. A process started to re-run a single
//! case after a crash contributes only that case's lines, renumbered to the
//! case's place in its suite. The splicer also tracks how far a process got,
//! which is what crash recovery needs to know.
//!
//! Levels follow the kernel's layout (4 spaces per level): suites are level 1,
//! parameters level 2; suite results and stats are at column 0.

use crate::ktap::lines::{self, Class, ResultSpan};

/// One line of the merged stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// Passed through unchanged.
    Line(String),
    /// A case result written by the runner for a case whose process died.
    Crashed(String),
    /// A top-level (suite) result, numbered by the consumer:
    /// `{prefix}{n}{rest}`, e.g. `not ok ` + `3` + ` suite`.
    SuiteResult {
        /// `ok ` or `not ok `.
        prefix: String,
        /// What follows the number: ` name` and any directive.
        rest: String,
    },
    /// The process's top-level plan (`1..N`): shown only where one process's suites are the
    /// whole document (tree mode), as the kernel prints it.
    Plan(u64),
}

/// What a harness process was started for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Keep every suite.
    Whole,
    /// Keep only the one case's lines, numbering its result `number`.
    Case {
        /// The case's number in its suite.
        number: u64,
    },
}

/// Outcome of a case result line, for computing a suite's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaseOutcome {
    /// `ok`.
    Passed,
    /// `not ok`.
    Failed,
    /// `ok ... # SKIP`.
    Skipped,
}

/// The outcome of a case result line `classify` found at `r`.
fn case_outcome(line: &str, r: &ResultSpan) -> CaseOutcome {
    if lines::skip_directive(line, r).is_some() {
        CaseOutcome::Skipped
    } else if r.ok {
        CaseOutcome::Passed
    } else {
        CaseOutcome::Failed
    }
}

fn level(line: &str) -> usize {
    line.bytes().take_while(|&b| b == b' ').count() / 4
}

/// Result line `line` (found at `r`) with its number replaced.
fn renumber(line: &str, r: &ResultSpan, number: u64) -> String {
    format!("{}{}{}", &line[..r.number.0], number, &line[r.number.1..])
}

/// Splices one harness process's output into the merged stream and notes
/// how far the process got.
#[derive(Debug)]
pub struct Splicer {
    mode: Mode,
    top_version_seen: bool,
    top_plan: Option<u64>,
    /// Suites whose result line was seen.
    pub suites_done: u64,
    /// Whether the current suite's `# Subtest:`/version header was printed.
    pub suite_header_seen: bool,
    suite_plan_seen: bool,
    /// Case results seen in the current suite.
    pub cases_done: u64,
    /// The current suite has a failed case.
    pub suite_failed: bool,
    /// The current suite has a passed case.
    pub suite_passed: bool,
    finished: bool,
    /// Case mode: the case's result line was seen (and its outcome).
    pub case_result: Option<CaseOutcome>,
    /// Case mode: suite-level lines before the suite plan (e.g. an init error).
    pub held: Vec<String>,
}

impl Splicer {
    /// A splicer for a process started in `mode`.
    pub fn new(mode: Mode) -> Self {
        Splicer {
            mode,
            top_version_seen: false,
            top_plan: None,
            suites_done: 0,
            suite_header_seen: false,
            suite_plan_seen: false,
            cases_done: 0,
            suite_failed: false,
            suite_passed: false,
            finished: false,
            case_result: None,
            held: Vec::new(),
        }
    }

    /// The process printed its whole document.
    pub fn complete(&self) -> bool {
        match self.mode {
            Mode::Whole => self.finished,
            Mode::Case { .. } => self.case_result.is_some(),
        }
    }

    fn end_suite(&mut self) {
        self.suites_done += 1;
        self.suite_header_seen = false;
        self.suite_plan_seen = false;
        self.cases_done = 0;
        self.suite_failed = false;
        self.suite_passed = false;
        if self.top_plan.is_some_and(|n| self.suites_done >= n) {
            self.finished = true;
        }
    }

    /// Whether `feed` emitted the process's top-level `1..N` (whole runs only).
    pub fn emitted_plan(&self) -> bool {
        self.mode == Mode::Whole && self.top_plan.is_some()
    }

    /// Takes one line of the process's output; emits what the merged stream gets.
    pub fn feed(&mut self, line: &str, emit: &mut dyn FnMut(Item)) {
        if self.finished {
            return;
        }
        let class = lines::classify(line);
        let lvl = level(line);
        if lvl == 0 {
            match class {
                Class::KtapVersion | Class::TapVersion if !self.top_version_seen => {
                    self.top_version_seen = true;
                    return;
                }
                Class::Plan if self.top_plan.is_none() => {
                    let n = lines::test_plan(line).map_or(0, lines::parse_count);
                    self.top_plan = Some(n);
                    self.finished = n == 0;
                    if self.mode == Mode::Whole {
                        emit(Item::Plan(n));
                    }
                    return;
                }
                Class::Result(r) => {
                    if self.mode == Mode::Whole {
                        emit(Item::SuiteResult {
                            prefix: line[..r.number.0].to_string(),
                            rest: line[r.number.1..].to_string(),
                        });
                    }
                    self.end_suite();
                    return;
                }
                _ => {
                    // Suite stats and `# Totals:` belong to the suite, which a
                    // single-case run does not show; other column-0 text is the
                    // case's own output.
                    if matches!(self.mode, Mode::Case { .. }) && line.starts_with("# ") {
                        return;
                    }
                    emit(Item::Line(line.to_string()));
                    return;
                }
            }
        }
        if lvl == 1 {
            match class {
                Class::Header | Class::KtapVersion | Class::TapVersion if !self.suite_plan_seen => {
                    self.suite_header_seen = true;
                    if self.mode == Mode::Whole {
                        emit(Item::Line(line.to_string()));
                    }
                    return;
                }
                Class::Plan if !self.suite_plan_seen => {
                    self.suite_plan_seen = true;
                    self.suite_header_seen = true;
                    if self.mode == Mode::Whole {
                        emit(Item::Line(line.to_string()));
                    }
                    return;
                }
                Class::Result(r) => {
                    let outcome = case_outcome(line, &r);
                    match outcome {
                        CaseOutcome::Failed => self.suite_failed = true,
                        CaseOutcome::Passed => self.suite_passed = true,
                        CaseOutcome::Skipped => {}
                    }
                    self.cases_done += 1;
                    match self.mode {
                        Mode::Whole => emit(Item::Line(line.to_string())),
                        Mode::Case { number } => {
                            if self.case_result.is_none() {
                                self.case_result = Some(outcome);
                                emit(Item::Line(renumber(line, &r, number)));
                            }
                        }
                    }
                    return;
                }
                _ => {
                    if !self.suite_plan_seen && matches!(self.mode, Mode::Case { .. }) {
                        self.held.push(line.to_string());
                        return;
                    }
                }
            }
        }
        emit(Item::Line(line.to_string()));
    }
}

#[cfg(test)]
#[path = "splice_kunit.rs"]
mod splice_kunit;
