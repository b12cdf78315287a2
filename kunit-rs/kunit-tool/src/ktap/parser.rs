//! The KTAP parser: kunit_parser.py's `parse_run_tests` / `parse_test`,
//! streaming and printing as it goes.
//!
//! `parse_test` is recursive in kunit.py; here it runs on an explicit stack of
//! frames so no input can overflow the call stack. When the caller does not
//! need the tree (plain printing), finished tests are folded into their
//! parent's counts and dropped, so memory stays proportional to the nesting
//! depth rather than to the size of the input. A result line where a subtest
//! starts is a leaf and needs no frame (`leaf`); a passing one is printed
//! straight from the input line (`passed_leaf`).

use crate::ktap::lines::{self, number_is, number_text, parse_count, Class, ResultSpan};
use crate::ktap::output::ParseOutput;
use crate::ktap::reader::{KtapSource, LineKind};
use crate::ktap::result_tree::{Log, Test};
use crate::ktap::status::{TestCounts, TestStatus};

/// Deeper nesting is read as log text (kunit.py itself dies of recursion
/// long before this depth).
const MAX_DEPTH: usize = 1000;

/// Missing subtests reported one by one in a whole log before the rest are
/// summed up in one line per test (a plan of `1..4000000000` must not take
/// hours). The budget is the log's, not each test's: a log cut off inside
/// many nested tests with huge plans would otherwise list it at every level
/// (39 levels from 11 KB of input: 390 000 placeholders, a 280 MB JSON file).
#[cfg(not(fuzzing))]
const MAX_MISSING_REPORTED: u64 = 10_000;
/// Under cargo-fuzz the budget is small, so that both sides of it are
/// reached by plans of a few digits and one execution does not spend its
/// time on 10 000 placeholders (the same code, a smaller constant).
#[cfg(fuzzing)]
const MAX_MISSING_REPORTED: u64 = 100;

/// Failure paths kept; the summary prints names only when there are at most 10.
pub(crate) const MAX_FAILURE_PATHS: usize = 11;

/// What `parse_run_tests` returns.
pub struct ParseResult {
    /// The top-level test (`main`, or `<missing>` when no KTAP was found).
    pub test: Test,
    /// Paths of failed tests for the summary's `Failures:` line, each listing
    /// names from the failed test up to the top level's child; more than 10
    /// means "too many to list".
    pub failure_paths: Vec<Vec<String>>,
}

/// Lazy peek/pop over extracted lines. As in kunit.py's `LineStream`, a peek
/// at the end of input sees the last line again.
struct LineStream<S> {
    src: S,
    kind: LineKind,
    class: Class,
    need_next: bool,
    done: bool,
}

impl<S: KtapSource> LineStream<S> {
    fn new(src: S) -> Self {
        LineStream {
            src,
            kind: LineKind::Text,
            class: Class::Diagnostic,
            need_next: true,
            done: false,
        }
    }

    #[inline(always)]
    fn fill(&mut self) {
        if self.need_next {
            self.advance();
        }
    }

    #[inline(never)]
    fn advance(&mut self) {
        self.need_next = false;
        match self.src.advance() {
            Some(kind) => {
                self.kind = kind;
                self.class = lines::classify_hinted(self.src.line(), self.src.may_have_hash());
            }
            None => self.done = true,
        }
    }

    #[inline(always)]
    fn peek(&mut self) -> &str {
        self.fill();
        self.src.line()
    }

    #[inline(always)]
    fn class(&mut self) -> Class {
        self.fill();
        self.class
    }

    #[inline(always)]
    fn has_more(&mut self) -> bool {
        self.fill();
        !self.done
    }

    /// When the current line was printed ([`KtapSource::seconds`]).
    fn seconds(&mut self) -> Option<f64> {
        self.fill();
        self.src.seconds()
    }

    #[inline(always)]
    fn pop(&mut self) {
        self.fill();
        if !self.done {
            self.need_next = true;
        }
    }
}

#[derive(Default)]
struct Frame {
    test: Test,
    is_subtest: bool,
    parent_test: bool,
    loop_done: bool,
    expected_num: u64,
    test_num: u64,
    failed_children: u64,
    /// Failure paths below this test, each starting with a child's name.
    failures: Vec<Vec<String>>,
    /// When its first line was printed (for its duration).
    started: Option<f64>,
}

impl Frame {
    /// Makes a used frame ready for the next test, keeping its buffers.
    fn reset(&mut self, expected_num: u64, is_subtest: bool) {
        let t = &mut self.test;
        t.name.clear();
        t.status = TestStatus::TestCrashed;
        t.expected_count = Some(0);
        t.subtests.clear();
        t.n_subtests = 0;
        t.log.clear();
        t.counts = Default::default();
        t.skip_reason.clear();
        self.is_subtest = is_subtest;
        self.parent_test = false;
        self.loop_done = false;
        self.expected_num = expected_num;
        self.test_num = 1;
        self.failed_children = 0;
        self.failures.clear();
        self.started = None;
        self.test.duration = None;
    }
}

struct Parser<'p, S, P: ?Sized> {
    lines: LineStream<S>,
    p: &'p mut P,
    keep_tree: bool,
    /// Missing subtests that may still be listed one by one.
    missing_listable: u64,
    /// When the last result or header line was printed: a leaf's duration
    /// runs from there to its own result line.
    mark: Option<f64>,
}

/// `parse_run_tests`: prints the divider, parses and prints every test as it
/// completes, prints the closing divider. `keep_tree` keeps every finished
/// test in its parent's `subtests` (needed for JSON, JUnit and `--failed`).
pub fn parse_run_tests<S: KtapSource, P: ParseOutput + ?Sized>(
    src: S,
    p: &mut P,
    keep_tree: bool,
) -> ParseResult {
    p.divider();
    let result = parse_between_dividers(src, p, keep_tree);
    p.divider();
    result
}

/// `parse_run_tests` without its two dividers, for callers that print
/// several logs between one pair (see [`crate::ktap::merge`]).
pub fn parse_between_dividers<S: KtapSource, P: ParseOutput + ?Sized>(
    src: S,
    p: &mut P,
    keep_tree: bool,
) -> ParseResult {
    let mut parser = Parser {
        lines: LineStream::new(src),
        p,
        keep_tree,
        missing_listable: MAX_MISSING_REPORTED,
        mark: None,
    };
    if !parser.lines.has_more() {
        let mut test = Test {
            name: "<missing>".into(),
            ..Test::default()
        };
        parser.add_error(
            &mut test,
            "Could not find any KTAP output. Did any KUnit tests run?\nTry running with the --raw_output=all option to see any log messages.",
        );
        test.status = TestStatus::FailureToParseTests;
        ParseResult {
            test,
            failure_paths: Vec::new(),
        }
    } else {
        let (mut test, failures) = parser.parse();
        if test.status != TestStatus::NoTests {
            test.status = test.counts.status();
        }
        ParseResult {
            test,
            failure_paths: failures,
        }
    }
}

impl<S: KtapSource, P: ParseOutput + ?Sized> Parser<'_, S, P> {
    fn add_error(&mut self, test: &mut Test, message: &str) {
        test.counts.errors = test.counts.errors.saturating_add(1);
        if self.p.is_enabled() {
            let line = format!("{} Test: {}: {}", self.p.red("[ERROR]"), test.name, message);
            self.p.line(&line);
        }
    }

    #[inline(always)]
    fn parse_diagnostic(&mut self, log: &mut Log) {
        while self.lines.has_more() && self.lines.class() == Class::Diagnostic {
            log.push(self.lines.peek());
            self.lines.pop();
        }
    }

    fn parse_ktap_header(&mut self, test: &mut Test) -> bool {
        if !self.lines.has_more()
            || !matches!(self.lines.class(), Class::KtapVersion | Class::TapVersion)
        {
            return false;
        }
        let line = self.lines.peek();
        let (kind, lo, hi, version) = if let Some(v) = lines::ktap_start(line) {
            ("KTAP", 1, 1, parse_count(v))
        } else if let Some(v) = lines::tap_start(line) {
            ("TAP", 13, 14, parse_count(v))
        } else {
            return false;
        };
        if version < lo {
            self.add_error(test, &format!("{kind} version lower than expected!"));
        } else if version > hi {
            self.add_error(test, &format!("{kind} version higher than expected!"));
        }
        self.lines.pop();
        true
    }

    fn parse_test_header(&mut self, test: &mut Test) -> bool {
        if !self.lines.has_more() || self.lines.class() != Class::Header {
            return false;
        }
        match lines::test_header(self.lines.peek()) {
            Some(name) => {
                test.name = name.to_string();
                self.lines.pop();
                true
            }
            None => false,
        }
    }

    fn parse_test_plan(&mut self, test: &mut Test) {
        let plan = if self.lines.has_more() && self.lines.class() == Class::Plan {
            lines::test_plan(self.lines.peek()).map(parse_count)
        } else {
            None
        };
        test.expected_count = plan;
        if plan.is_some() {
            self.lines.pop();
        }
    }

    /// Is the next line a result line for a test called `name`?
    #[inline(always)]
    fn peek_test_name_match(&mut self, name: &str) -> bool {
        match self.lines.class() {
            Class::Result(r) => {
                r.name.1 > r.name.0 && self.lines.peek()[r.name.0..r.name.1] == *name
            }
            _ => false,
        }
    }

    fn parse_test_result(&mut self, test: &mut Test, expected_num: u64) -> bool {
        let Class::Result(span) = self.lines.class() else {
            return false;
        };
        self.parse_test_result_at(test, expected_num, span);
        true
    }

    /// `parse_test_result` for the current line, known to be a result line.
    #[inline(always)]
    fn parse_test_result_at(&mut self, test: &mut Test, expected_num: u64, span: ResultSpan) {
        let crashed = self.lines.kind == LineKind::Crashed;
        let line = self.lines.peek();
        let digits = &line[span.number.0..span.number.1];
        let number_ok = number_is(digits, expected_num);
        let skip = if span.has_hash {
            lines::skip_directive(line, &span)
        } else {
            None
        };
        test.name.clear();
        test.status = if skip.is_some() {
            TestStatus::Skipped
        } else if span.ok {
            TestStatus::Success
        } else {
            TestStatus::Failure
        };
        match skip {
            Some((name, reason)) => {
                test.name.push_str(name);
                test.skip_reason.clear();
                test.skip_reason.push_str(reason);
            }
            None => test.name.push_str(&line[span.name.0..span.name.1]),
        }
        let number_error = (!number_ok).then(|| {
            format!(
                "Expected test number {expected_num} but found {}",
                number_text(digits)
            )
        });
        self.lines.pop();
        if let Some(message) = number_error {
            self.add_error(test, &message);
        }
        if crashed {
            test.status = TestStatus::TestCrashed;
        }
    }

    /// The header part of `parse_test`, filling a reset frame whose log
    /// already holds the diagnostics read before the test.
    fn start(&mut self, f: &mut Frame, depth: usize) {
        if self.keep_tree {
            f.started = self.lines.seconds();
            self.mark = f.started;
        }
        let test = &mut f.test;
        self.parse_diagnostic(&mut test.log);
        if !f.is_subtest {
            test.name.push_str("main");
            self.parse_ktap_header(test);
            self.parse_diagnostic(&mut test.log);
            self.parse_test_plan(test);
            f.parent_test = true;
        } else if depth >= MAX_DEPTH {
            // Too deep to open another level: header lines become log text.
            while self.lines.has_more()
                && matches!(
                    self.lines.class(),
                    Class::KtapVersion | Class::TapVersion | Class::Header
                )
            {
                test.log.push(self.lines.peek());
                self.lines.pop();
                self.parse_diagnostic(&mut test.log);
            }
            self.parse_test_plan(test);
            f.parent_test = false;
        } else {
            let ktap_line = self.parse_ktap_header(test);
            let subtest_line = self.parse_test_header(test);
            self.parse_diagnostic(&mut test.log);
            self.parse_test_plan(test);
            f.parent_test = ktap_line || subtest_line;
            if f.parent_test {
                self.p.test_header(test);
            }
        }
    }

    /// Runs `parse_test` for the top level; returns it with its failure paths.
    /// Frames live in `stack[..depth]` and are reused, not moved.
    fn parse(&mut self) -> (Test, Vec<Vec<String>>) {
        let mut stack: Vec<Frame> = vec![Frame::default()];
        stack[0].reset(0, false);
        self.start(&mut stack[0], 0);
        let mut depth = 1;
        let mut sub_log = Log::default();
        let mut leaf = Test::default();
        loop {
            let f = &mut stack[depth - 1];
            let more = f.parent_test
                && !f.loop_done
                && f.test.expected_count.is_none_or(|e| f.test_num <= e);
            if more {
                sub_log.clear();
                self.parse_diagnostic(&mut sub_log);
                let name_match = f.is_subtest
                    && self.lines.has_more()
                    && self.peek_test_name_match(&f.test.name);
                if !self.lines.has_more() || name_match {
                    match f.test.expected_count {
                        Some(e) if e > 0 && f.test_num <= e => {
                            self.missing_subtest(f, std::mem::take(&mut sub_log), e)
                        }
                        _ => {
                            f.test.log.append(&mut sub_log);
                            f.loop_done = true;
                        }
                    }
                } else if let Class::Result(span) = self.lines.class() {
                    self.leaf(f, span, &mut leaf, &mut sub_log);
                } else {
                    let num = f.test_num;
                    if stack.len() == depth {
                        stack.push(Frame::default());
                    }
                    let child = &mut stack[depth];
                    child.reset(num, true);
                    std::mem::swap(&mut child.test.log, &mut sub_log);
                    self.start(child, depth);
                    depth += 1;
                }
                continue;
            }
            self.finish(f, depth == 1);
            if depth == 1 {
                let root = std::mem::take(&mut stack[0]);
                let mut test = root.test;
                test.log.shrink_to_fit();
                test.subtests.shrink_to_fit();
                return (test, root.failures);
            }
            let (parents, children) = stack.split_at_mut(depth - 1);
            let (parent, child) = (&mut parents[depth - 2], &mut children[0]);
            parent.test.counts.add(&child.test.counts);
            if !child.test.ok_status() {
                parent.failed_children = parent.failed_children.saturating_add(1);
                add_paths(&mut parent.failures, child.failures.drain(..));
            }
            parent.test.n_subtests = parent.test.n_subtests.saturating_add(1);
            if self.keep_tree {
                let mut done = std::mem::take(&mut child.test);
                done.log.shrink_to_fit();
                done.subtests.shrink_to_fit();
                parent.test.subtests.push(done);
            }
            parent.test_num = parent.test_num.saturating_add(1);
            depth -= 1;
        }
    }

    /// A subtest that starts with its result line: a leaf, with no header,
    /// plan or subtests of its own. The outcome is what `start` and `finish`
    /// produce for it (they find nothing to read before the result line),
    /// without setting up a frame. `log` holds the diagnostics read before it.
    fn leaf(&mut self, parent: &mut Frame, span: ResultSpan, leaf: &mut Test, log: &mut Log) {
        if !self.keep_tree && self.passed_leaf(parent, span) {
            return;
        }
        leaf.status = TestStatus::TestCrashed;
        leaf.expected_count = None;
        leaf.counts = TestCounts::default();
        leaf.skip_reason.clear();
        std::mem::swap(&mut leaf.log, log);
        leaf.log.seal();
        let now = self.lines.seconds();
        leaf.duration = elapsed(self.mark, now);
        self.mark = now;
        self.parse_test_result_at(leaf, parent.test_num, span);
        // `bubble_up_test_results` for a test without children: it counts
        // the test's own status (its counts hold at most errors so far).
        debug_assert_eq!(leaf.counts.total(), 0);
        leaf.counts.add_status(leaf.status);
        self.p.test_result(leaf);
        parent.test.counts.add(&leaf.counts);
        if !leaf.ok_status() {
            parent.failed_children = parent.failed_children.saturating_add(1);
            if parent.failures.len() < MAX_FAILURE_PATHS {
                parent.failures.push(vec![leaf.name.clone()]);
            }
        }
        parent.test.n_subtests = parent.test.n_subtests.saturating_add(1);
        if self.keep_tree {
            let mut done = std::mem::take(leaf);
            done.log.shrink_to_fit();
            parent.test.subtests.push(done);
        }
        parent.test_num = parent.test_num.saturating_add(1);
    }

    /// `leaf` for the most common line, `ok N name` with the expected number
    /// and no directive, when the tree is not kept: the test passed, so its
    /// log is not printed and it leaves no failure path. Its result line is
    /// printed straight from the input. False (nothing done) for any other line.
    #[inline(always)]
    fn passed_leaf(&mut self, parent: &mut Frame, span: ResultSpan) -> bool {
        if !span.ok || span.has_hash || self.lines.kind != LineKind::Text {
            return false;
        }
        let line = self.lines.peek();
        if !number_is(&line[span.number.0..span.number.1], parent.test_num) {
            return false;
        }
        self.p.passed(&line[span.name.0..span.name.1]);
        self.lines.pop();
        parent.test.counts.add_status(TestStatus::Success);
        parent.test.n_subtests = parent.test.n_subtests.saturating_add(1);
        parent.test_num = parent.test_num.saturating_add(1);
        true
    }

    /// A planned subtest never appeared: count it as crashed.
    fn missing_subtest(&mut self, f: &mut Frame, sub_log: Log, expected: u64) {
        if self.missing_listable == 0 {
            let rest = expected - f.test_num + 1;
            f.test.counts.add(&TestCounts {
                crashed: rest,
                errors: rest,
                ..TestCounts::default()
            });
            if self.p.is_enabled() {
                let line = format!(
                    "{} Test: {}: missing expected subtest! ({rest} more missing subtests not listed)",
                    self.p.red("[ERROR]"),
                    f.test.name
                );
                self.p.line(&line);
                let crashed = self.p.red("[CRASHED] ");
                self.p.line(&crashed);
            }
            f.test.n_subtests = f
                .test
                .n_subtests
                .saturating_add(usize::try_from(rest).unwrap_or(usize::MAX));
            f.failed_children = f.failed_children.saturating_add(rest);
            add_paths(
                &mut f.failures,
                std::iter::repeat_n(vec![String::new()], MAX_FAILURE_PATHS),
            );
            f.test_num = expected.saturating_add(1);
            f.loop_done = true;
            return;
        }
        self.add_error(&mut f.test, "missing expected subtest!");
        let mut placeholder = Test {
            log: sub_log,
            ..Test::default()
        };
        f.test.counts.add_status(TestStatus::TestCrashed);
        placeholder.log.seal();
        self.p.test_result(&placeholder);
        self.missing_listable -= 1;
        f.failed_children = f.failed_children.saturating_add(1);
        add_paths(&mut f.failures, std::iter::once(vec![String::new()]));
        f.test.n_subtests = f.test.n_subtests.saturating_add(1);
        if self.keep_tree {
            f.test.subtests.push(placeholder);
        }
        f.test_num = f.test_num.saturating_add(1);
    }

    /// The result-line part of `parse_test`, then bubbling up and printing.
    /// Leaves in `f.failures` this test's failure paths as seen from its parent.
    fn finish(&mut self, f: &mut Frame, is_root: bool) {
        let test = &mut f.test;
        if f.is_subtest {
            self.parse_diagnostic(&mut test.log);
        }
        test.log.seal();
        if f.is_subtest {
            if !test.name.is_empty() && !self.peek_test_name_match(&test.name) {
                self.add_error(test, "missing subtest result line!");
            } else if !self.lines.has_more() {
                self.p.log(test);
                test.status = TestStatus::NoTests;
                self.add_error(test, "No more test results!");
            } else {
                if self.keep_tree {
                    let now = self.lines.seconds();
                    test.duration = elapsed(f.started, now);
                    self.mark = now;
                }
                self.parse_test_result(test, f.expected_num);
            }
        }
        if f.parent_test
            && test.n_subtests == 0
            && matches!(test.status, TestStatus::TestCrashed | TestStatus::Success)
        {
            self.p.log(test);
            test.status = TestStatus::NoTests;
            self.add_error(test, "0 tests run!");
        }
        bubble_up_test_results(test);
        if f.parent_test && f.is_subtest {
            self.p.test_footer(test);
        } else if f.is_subtest {
            self.p.test_result(test);
        }
        if is_root || test.ok_status() {
            return;
        }
        if test.n_subtests == 0 || f.failed_children == test.n_subtests as u64 {
            f.failures.clear();
            f.failures.push(vec![test.name.clone()]);
        } else {
            // Paths are stored leaf first, so this is a push, not an insert.
            for path in &mut f.failures {
                path.push(test.name.clone());
            }
        }
    }
}

/// The time from `from` to `to` (seconds), when both are known.
fn elapsed(from: Option<f64>, to: Option<f64>) -> Option<std::time::Duration> {
    Some(std::time::Duration::from_secs_f64((to? - from?).max(0.0)))
}

fn add_paths(into: &mut Vec<Vec<String>>, paths: impl Iterator<Item = Vec<String>>) {
    for p in paths {
        if into.len() >= MAX_FAILURE_PATHS {
            break;
        }
        into.push(p);
    }
}

/// `bubble_up_test_results` (children's counts were added as they finished).
fn bubble_up_test_results(test: &mut Test) {
    let status = test.status;
    if test.counts.total() == 0 {
        test.counts.add_status(status);
    } else if test.counts.status() == TestStatus::TestCrashed {
        test.status = TestStatus::TestCrashed;
    }
    if status == TestStatus::Failure && test.counts.status() == TestStatus::Success {
        test.counts.add_status(status);
    }
}

#[cfg(test)]
#[path = "parser_kunit.rs"]
mod parser_kunit;
