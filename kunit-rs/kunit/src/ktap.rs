//! KTAP v1 lines exactly as lib/kunit/test.c prints them, and the TAP 14 variant.
//!
//! Levels follow the kernel: suites are level 1 (4 spaces), parameters level 2 (8 spaces);
//! suite result lines, suite stats and `# Totals:` are at column 0.

use crate::registry::{Case, Registration, Speed};
use crate::test_handle::Status;
use std::fmt::Write as _;

/// Output flavour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Format {
    /// KTAP version 1, as the kernel prints it.
    #[default]
    Ktap,
    /// TAP 14 structure (`# Subtest:` + 4-space indented subtests, no nested version lines)
    /// without a version line: Perl's TAP::Harness 3.44 rejects `TAP version 14`, and a stream
    /// without one is read as TAP, so `prove` accepts it.
    Tap,
    /// TAP 14 with its `TAP version 14` line.
    Tap14,
}

impl Format {
    /// The `--format` value: `ktap`, `tap` or `tap14`; `None` for anything else.
    pub fn parse(s: &str) -> Option<Format> {
        match s {
            "ktap" => Some(Format::Ktap),
            "tap" => Some(Format::Tap),
            "tap14" => Some(Format::Tap14),
            _ => None,
        }
    }

    /// The document's first line, if any.
    pub fn top_version(self) -> Option<&'static str> {
        match self {
            Format::Ktap => Some("KTAP version 1"),
            Format::Tap => None,
            Format::Tap14 => Some("TAP version 14"),
        }
    }

    /// Whether nested subtests start with their own version line (KTAP does, TAP 14 does not).
    pub fn nested_version(self) -> bool {
        self == Format::Ktap
    }

    /// The level of the `# Subtest: name` line of a subtest at `level`: KTAP indents it with
    /// the subtest; TAP 14 writes it at the parent's level (a "commented subtest").
    pub fn subtest_header_level(self, level: usize) -> usize {
        match self {
            Format::Ktap => level,
            Format::Tap | Format::Tap14 => level - 1,
        }
    }

    /// Whether a parameterized case's subtest ends with a plan (`1..N` after its parameters):
    /// TAP 14 requires every subtest to have one; KUnit prints none for parameters.
    pub fn param_plan(self) -> bool {
        self != Format::Ktap
    }
}

/// `KUNIT_INDENT_LEN * level` spaces.
pub fn indent(level: usize) -> &'static str {
    const SPACES: &str = "                                ";
    &SPACES[..(4 * level).min(SPACES.len())]
}

/// `kunit_print_ok_not_ok()`: `ok 1 name`, `not ok 2 name`, `ok 3 name # SKIP reason`.
pub fn result_line(
    level: usize,
    status: Status,
    number: usize,
    name: &str,
    skip_reason: &str,
) -> String {
    let mut s = String::with_capacity(16 + name.len());
    s.push_str(indent(level));
    s.push_str(status.ok_not_ok());
    let _ = write!(s, " {number} {name}");
    if status == Status::Skipped {
        s.push_str(" # SKIP ");
        s.push_str(skip_reason);
    }
    s
}

/// `kunit_print_attr()`: the attribute lines of a suite (`case` is `None`) or of a case.
pub(crate) fn attr_lines(level: usize, reg: &Registration, case: Option<&Case>) -> Vec<String> {
    let indent = indent(level);
    let mut lines = Vec::new();
    match case {
        None => {
            if reg.suite.attr.speed != Speed::Unset {
                lines.push(format!(
                    "{indent}# speed: {}",
                    reg.suite.attr.speed.as_str()
                ));
            }
            if !reg.module.is_empty() {
                lines.push(format!("{indent}# module: {}", reg.module));
            }
            // A boolean attribute is printed only when true.
            if reg.is_init {
                lines.push(format!("{indent}# is_init: true"));
            }
        }
        Some(c) if c.attr.speed != Speed::Unset => {
            lines.push(format!(
                "{indent}# {}.speed: {}",
                c.name,
                c.attr.speed.as_str()
            ));
        }
        Some(_) => {}
    }
    lines
}

/// Pass/fail/skip counts (`struct kunit_result_stats`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Results that passed.
    pub passed: usize,
    /// Results that failed.
    pub failed: usize,
    /// Results that were skipped.
    pub skipped: usize,
    /// All results counted.
    pub total: usize,
}

impl Stats {
    /// Counts one result.
    pub fn add(&mut self, status: Status) {
        match status {
            Status::Success => self.passed += 1,
            Status::Failure => self.failed += 1,
            Status::Skipped => self.skipped += 1,
        }
        self.total += 1;
    }

    /// Adds another set of counts (a suite's totals into the run's).
    pub fn accumulate(&mut self, other: Stats) {
        self.passed += other.passed;
        self.failed += other.failed;
        self.skipped += other.skipped;
        self.total += other.total;
    }

    /// `kunit_should_print_stats()` for `kunit.stats_enabled` 0/1/2.
    pub fn should_print(&self, stats_enabled: u8) -> bool {
        match stats_enabled {
            0 => false,
            2 => true,
            _ => self.total > 1,
        }
    }

    /// `pass:%lu fail:%lu skip:%lu total:%lu`.
    pub fn text(&self) -> String {
        format!(
            "pass:{} fail:{} skip:{} total:{}",
            self.passed, self.failed, self.skipped, self.total
        )
    }
}
