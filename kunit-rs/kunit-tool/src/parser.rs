//! The KTAP parser: kunit_parser.py's `parse_run_tests` / `parse_test`,
//! streaming and printing as it goes.
//!
//! `parse_test` is recursive in kunit.py; here it runs on an explicit stack of
//! frames so no input can overflow the call stack. When the caller does not
//! need the tree (plain printing), finished tests are folded into their
//! parent's counts and dropped, so memory stays proportional to the nesting
//! depth rather than to the size of the input.

use crate::lines::{self, number_is, number_text, parse_count, Class};
use crate::printer::{self, Printer, DIVIDER};
use crate::reader::{KtapSource, LineKind};
use crate::status::TestStatus;
use crate::test::{Log, Test};

/// Deeper nesting is read as log text (kunit.py itself dies of recursion
/// long before this depth).
const MAX_DEPTH: usize = 1000;

/// Missing subtests reported one by one before the rest are summed up in
/// one line (a plan of `1..4000000000` must not take hours).
const MAX_MISSING_REPORTED: u64 = 10_000;

/// Failure paths kept; the summary prints names only when there are at most 10.
const MAX_FAILURE_PATHS: usize = 11;

/// What `parse_run_tests` returns.
pub struct ParseResult {
    /// The top-level test (`main`, or `<missing>` when no KTAP was found).
    pub test: Test,
    /// Paths (names from the top level down) of failed tests for the summary's
    /// `Failures:` line; more than 10 means "too many to list".
    pub failure_paths: Vec<Vec<String>>,
}

/// Lazy peek/pop over extracted lines. As in kunit.py's `LineStream`, a peek
/// at the end of input sees the last line again.
struct LineStream<S> {
    src: S,
    cur: String,
    kind: LineKind,
    class: Class,
    scratch: String,
    need_next: bool,
    done: bool,
    any: bool,
}

impl<S: KtapSource> LineStream<S> {
    fn new(src: S) -> Self {
        LineStream {
            src,
            cur: String::new(),
            kind: LineKind::Text,
            class: Class::Diagnostic,
            scratch: String::new(),
            need_next: true,
            done: false,
            any: false,
        }
    }

    fn fill(&mut self) {
        if self.need_next {
            self.need_next = false;
            match self.src.next_line(&mut self.scratch) {
                Some(kind) => {
                    std::mem::swap(&mut self.cur, &mut self.scratch);
                    self.kind = kind;
                    self.class = lines::classify(&self.cur);
                    self.any = true;
                }
                None => self.done = true,
            }
        }
    }

    fn peek(&mut self) -> &str {
        self.fill();
        &self.cur
    }

    fn class(&mut self) -> Class {
        self.fill();
        self.class
    }

    fn has_more(&mut self) -> bool {
        self.fill();
        !self.done
    }

    fn pop(&mut self) {
        self.fill();
        if !self.done {
            self.need_next = true;
        }
    }
}

struct Frame {
    test: Test,
    is_subtest: bool,
    parent_test: bool,
    loop_done: bool,
    expected_num: u64,
    test_num: u64,
    missing_reported: u64,
    failed_children: u64,
    /// Failure paths below this test, each starting with a child's name.
    failures: Vec<Vec<String>>,
}

struct Parser<'p, S> {
    lines: LineStream<S>,
    p: &'p mut Printer,
    keep_tree: bool,
}

/// `parse_run_tests`: prints the divider, parses and prints every test as it
/// completes, prints the closing divider. `keep_tree` keeps every finished
/// test in its parent's `subtests` (needed for JSON, JUnit and `--failed`).
pub fn parse_run_tests<S: KtapSource>(src: S, p: &mut Printer, keep_tree: bool) -> ParseResult {
    p.line(DIVIDER);
    let mut parser = Parser { lines: LineStream::new(src), p, keep_tree };
    let result = if !parser.lines.has_more() {
        let mut test = Test { name: "<missing>".into(), ..Test::default() };
        parser.add_error(
            &mut test,
            "Could not find any KTAP output. Did any KUnit tests run?\nTry running with the --raw_output=all option to see any log messages.",
        );
        test.status = TestStatus::FailureToParseTests;
        ParseResult { test, failure_paths: Vec::new() }
    } else {
        let (mut test, failures) = parser.parse();
        if test.status != TestStatus::NoTests {
            test.status = test.counts.status();
        }
        ParseResult { test, failure_paths: failures }
    };
    parser.p.line(DIVIDER);
    result
}

impl<S: KtapSource> Parser<'_, S> {
    fn add_error(&mut self, test: &mut Test, message: &str) {
        test.counts.errors += 1;
        if self.p.is_enabled() {
            let line = format!("{} Test: {}: {}", self.p.red("[ERROR]"), test.name, message);
            self.p.line(&line);
        }
    }

    fn parse_diagnostic(&mut self, log: &mut Log) {
        while self.lines.has_more() && self.lines.class() == Class::Diagnostic {
            log.push(self.lines.peek());
            self.lines.pop();
        }
    }

    fn parse_ktap_header(&mut self, test: &mut Test) -> bool {
        if !self.lines.has_more() {
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
        if !self.lines.has_more() {
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
        let plan = if self.lines.has_more() { lines::test_plan(self.lines.peek()).map(parse_count) } else { None };
        test.expected_count = plan;
        if plan.is_some() {
            self.lines.pop();
        }
    }

    /// Is the next line a result line for a test called `name`?
    fn peek_test_name_match(&mut self, name: &str) -> bool {
        match self.lines.class() {
            Class::Result(a, b) => b > a && &self.lines.cur[a..b] == name,
            _ => false,
        }
    }

    fn parse_test_result(&mut self, test: &mut Test, expected_num: u64) -> bool {
        let crashed = self.lines.kind == LineKind::Crashed;
        let line = self.lines.peek();
        let Some(m) = lines::test_result(line) else {
            return false;
        };
        let number_ok = number_is(m.number, expected_num);
        let number = number_text(m.number).to_string();
        let status = if m.skip.is_some() {
            TestStatus::Skipped
        } else if m.ok {
            TestStatus::Success
        } else {
            TestStatus::Failure
        };
        match m.skip {
            Some((name, reason)) => {
                test.name = name.to_string();
                test.skip_reason = reason.to_string();
            }
            None => test.name = m.name.to_string(),
        }
        self.lines.pop();
        if !number_ok {
            self.add_error(test, &format!("Expected test number {expected_num} but found {number}"));
        }
        test.status = if crashed { TestStatus::TestCrashed } else { status };
        true
    }

    /// The header part of `parse_test`.
    fn start(&mut self, expected_num: u64, log: Log, is_subtest: bool, depth: usize) -> Frame {
        let mut test = Test { log, ..Test::default() };
        self.parse_diagnostic(&mut test.log);
        let parent_test;
        if !is_subtest {
            test.name = "main".into();
            self.parse_ktap_header(&mut test);
            self.parse_diagnostic(&mut test.log);
            self.parse_test_plan(&mut test);
            parent_test = true;
        } else if depth >= MAX_DEPTH {
            // Too deep to open another level: header lines become log text.
            while self.lines.has_more() {
                let l = self.lines.peek();
                if lines::ktap_start(l).is_none() && lines::tap_start(l).is_none() && lines::test_header(l).is_none() {
                    break;
                }
                test.log.push(l);
                self.lines.pop();
                self.parse_diagnostic(&mut test.log);
            }
            self.parse_test_plan(&mut test);
            parent_test = false;
        } else {
            let ktap_line = self.parse_ktap_header(&mut test);
            let subtest_line = self.parse_test_header(&mut test);
            self.parse_diagnostic(&mut test.log);
            self.parse_test_plan(&mut test);
            parent_test = ktap_line || subtest_line;
            if parent_test {
                printer::print_test_header(self.p, &test);
            }
        }
        Frame {
            test,
            is_subtest,
            parent_test,
            loop_done: false,
            expected_num,
            test_num: 1,
            missing_reported: 0,
            failed_children: 0,
            failures: Vec::new(),
        }
    }

    /// Runs `parse_test` for the top level; returns it with its failure paths.
    fn parse(&mut self) -> (Test, Vec<Vec<String>>) {
        let mut stack: Vec<Frame> = vec![self.start(0, Log::default(), false, 0)];
        loop {
            let depth = stack.len();
            let f = stack.last_mut().expect("stack is never empty here");
            let more = f.parent_test && !f.loop_done && f.test.expected_count.is_none_or(|e| f.test_num <= e);
            if more {
                let mut sub_log = Log::default();
                self.parse_diagnostic(&mut sub_log);
                let name_match = f.is_subtest && self.lines.has_more() && self.peek_test_name_match(&f.test.name);
                if !self.lines.has_more() || name_match {
                    match f.test.expected_count {
                        Some(e) if e > 0 && f.test_num <= e => self.missing_subtest(f, sub_log, e),
                        _ => {
                            f.test.log.append(sub_log);
                            f.loop_done = true;
                        }
                    }
                } else {
                    let child = self.start(f.test_num, sub_log, true, depth);
                    stack.push(child);
                }
                continue;
            }
            let f = stack.pop().expect("stack is never empty here");
            let (test, paths) = self.finish(f, depth == 1);
            match stack.last_mut() {
                None => return (test, paths),
                Some(parent) => {
                    parent.test.counts.add(&test.counts);
                    if !test.ok_status() {
                        parent.failed_children += 1;
                        add_paths(&mut parent.failures, paths);
                    }
                    parent.test.n_subtests += 1;
                    if self.keep_tree {
                        parent.test.subtests.push(test);
                    }
                    parent.test_num += 1;
                }
            }
        }
    }

    /// A planned subtest never appeared: count it as crashed.
    fn missing_subtest(&mut self, f: &mut Frame, sub_log: Log, expected: u64) {
        if f.missing_reported >= MAX_MISSING_REPORTED {
            let rest = expected - f.test_num + 1;
            f.test.counts.crashed += rest;
            f.test.counts.errors += rest;
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
            f.test.n_subtests += rest as usize;
            f.failed_children += rest;
            add_paths(&mut f.failures, vec![vec![String::new()]; MAX_FAILURE_PATHS]);
            f.test_num = expected.saturating_add(1);
            f.loop_done = true;
            return;
        }
        self.add_error(&mut f.test, "missing expected subtest!");
        let mut placeholder = Test { log: sub_log, ..Test::default() };
        f.test.counts.add_status(TestStatus::TestCrashed);
        printer::print_test_result(self.p, &placeholder);
        placeholder.log.seal();
        f.missing_reported += 1;
        f.failed_children += 1;
        add_paths(&mut f.failures, vec![vec![String::new()]]);
        f.test.n_subtests += 1;
        if self.keep_tree {
            f.test.subtests.push(placeholder);
        }
        f.test_num += 1;
    }

    /// The result-line part of `parse_test`, then bubbling up and printing.
    fn finish(&mut self, f: Frame, is_root: bool) -> (Test, Vec<Vec<String>>) {
        let Frame { mut test, is_subtest, parent_test, expected_num, failed_children, failures, .. } = f;
        if is_subtest {
            self.parse_diagnostic(&mut test.log);
            if !test.name.is_empty() && !self.peek_test_name_match(&test.name) {
                self.add_error(&mut test, "missing subtest result line!");
            } else if !self.lines.has_more() {
                printer::print_log(self.p, &test);
                test.status = TestStatus::NoTests;
                self.add_error(&mut test, "No more test results!");
            } else {
                self.parse_test_result(&mut test, expected_num);
            }
        }
        if parent_test
            && test.n_subtests == 0
            && matches!(test.status, TestStatus::TestCrashed | TestStatus::Success)
        {
            printer::print_log(self.p, &test);
            test.status = TestStatus::NoTests;
            self.add_error(&mut test, "0 tests run!");
        }
        bubble_up_test_results(&mut test);
        if parent_test && is_subtest {
            printer::print_test_footer(self.p, &test);
        } else if is_subtest {
            printer::print_test_result(self.p, &test);
        }
        test.log.seal();
        test.subtests.shrink_to_fit();

        // This test's failure paths, as seen from its parent.
        let paths = if is_root {
            failures
        } else if test.n_subtests == 0 || failed_children == test.n_subtests as u64 {
            vec![vec![test.name.clone()]]
        } else {
            failures
                .into_iter()
                .map(|mut path| {
                    path.insert(0, test.name.clone());
                    path
                })
                .collect()
        };
        (test, paths)
    }
}

fn add_paths(into: &mut Vec<Vec<String>>, paths: Vec<Vec<String>>) {
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
mod tests {
    use super::*;
    use crate::reader::Extractor;

    fn parse(input: &str, keep: bool) -> ParseResult {
        parse_run_tests(Extractor::new(input.as_bytes()), &mut Printer::null(), keep)
    }

    #[test]
    fn late_plan_is_two_errors() {
        // kunit_tool_test.py's late test plan: SUCCESS with 1 passed and 2 errors
        // (wrong test number, then no result for the "plan" subtest).
        let r = parse("\t\tTAP version 13\n\t\tok 4 test4\n\t\t1..4\n\t\t\n", true);
        assert_eq!(r.test.status, TestStatus::Success);
        assert_eq!(r.test.counts.passed, 1);
        assert_eq!(r.test.counts.errors, 2);
        assert_eq!(r.test.subtests[1].status, TestStatus::NoTests);
    }

    #[test]
    fn keep_tree_and_streaming_agree_on_counts() {
        let log = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/ktap-samples/test_kernel_panic_interrupt.log"
        ));
        let Ok(log) = log else { return };
        let a = parse(&log, true);
        let b = parse(&log, false);
        assert_eq!(a.test.counts, b.test.counts);
        assert_eq!(a.test.status, TestStatus::TestCrashed);
        assert_eq!(a.test.subtests.len(), 3);
        assert!(b.test.subtests.is_empty());
        assert_eq!(b.test.n_subtests, 3);
    }

    #[test]
    fn huge_plan_does_not_hang() {
        let r = parse("KTAP version 1\n1..18446744073709551615\n", false);
        assert_eq!(r.test.counts.crashed, u64::MAX);
        assert_eq!(r.test.status, TestStatus::TestCrashed);
    }

    #[test]
    fn deep_nesting_is_bounded() {
        let log = "KTAP version 1\n".repeat(100_000);
        let r = parse(&log, true);
        assert!(r.test.counts.errors > 0);
    }

    #[test]
    fn crash_marker_reports_crashed() {
        struct Two(Vec<(&'static str, LineKind)>);
        impl KtapSource for Two {
            fn next_line(&mut self, line: &mut String) -> Option<LineKind> {
                if self.0.is_empty() {
                    return None;
                }
                let (l, k) = self.0.remove(0);
                line.clear();
                line.push_str(l);
                Some(k)
            }
        }
        let src = Two(vec![
            ("KTAP version 1", LineKind::Text),
            ("1..1", LineKind::Text),
            ("    KTAP version 1", LineKind::Text),
            ("    # Subtest: s", LineKind::Text),
            ("    1..1", LineKind::Text),
            ("    # t: killed by signal 11 (SIGSEGV)", LineKind::Text),
            ("    not ok 1 t", LineKind::Crashed),
            ("not ok 1 s", LineKind::Text),
        ]);
        let r = parse_run_tests(src, &mut Printer::null(), true);
        assert_eq!(r.test.status, TestStatus::TestCrashed);
        assert_eq!(r.test.counts.crashed, 1);
        let t = &r.test.subtests[0].subtests[0];
        assert_eq!((t.name.as_str(), t.status), ("t", TestStatus::TestCrashed));
        assert_eq!(t.log.joined(), "    # t: killed by signal 11 (SIGSEGV)");
    }
}
