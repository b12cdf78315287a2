//! Test statuses and counts, with kunit_parser.py's aggregation rules.

use std::fmt;

/// `kunit_parser.TestStatus`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TestStatus {
    /// Passed.
    Success,
    /// Failed.
    Failure,
    /// Skipped (`# SKIP`).
    Skipped,
    /// Crashed, or its result is missing.
    TestCrashed,
    /// Had no test cases.
    NoTests,
    /// No KTAP could be found.
    FailureToParseTests,
}

impl TestStatus {
    /// `Test.ok_status()`: passed or skipped.
    pub fn is_ok(self) -> bool {
        matches!(self, TestStatus::Success | TestStatus::Skipped)
    }

    /// The enum member name kunit.py uses (`SUCCESS`, `TEST_CRASHED`, ...).
    pub fn name(self) -> &'static str {
        match self {
            TestStatus::Success => "SUCCESS",
            TestStatus::Failure => "FAILURE",
            TestStatus::Skipped => "SKIPPED",
            TestStatus::TestCrashed => "TEST_CRASHED",
            TestStatus::NoTests => "NO_TESTS",
            TestStatus::FailureToParseTests => "FAILURE_TO_PARSE_TESTS",
        }
    }
}

/// `kunit_parser.TestCounts`: leaf results below a test plus parse errors.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TestCounts {
    /// Passed cases.
    pub passed: u64,
    /// Failed cases.
    pub failed: u64,
    /// Crashed cases (and missing results).
    pub crashed: u64,
    /// Skipped cases.
    pub skipped: u64,
    /// Parse errors (e.g. a missing plan or test).
    pub errors: u64,
}

impl TestCounts {
    /// Number of test cases (errors excluded).
    /// (Counts saturate: absurd plans like `1..18446744073709551615` must
    /// not overflow; Python's integers would just grow.)
    pub fn total(&self) -> u64 {
        self.passed
            .saturating_add(self.failed)
            .saturating_add(self.crashed)
            .saturating_add(self.skipped)
    }

    /// Adds `other`'s counts to these.
    pub fn add(&mut self, other: &TestCounts) {
        self.passed = self.passed.saturating_add(other.passed);
        self.failed = self.failed.saturating_add(other.failed);
        self.crashed = self.crashed.saturating_add(other.crashed);
        self.skipped = self.skipped.saturating_add(other.skipped);
        self.errors = self.errors.saturating_add(other.errors);
    }

    /// Aggregated status: crashes win over failures over passes over skips.
    pub fn status(&self) -> TestStatus {
        if self.total() == 0 {
            TestStatus::NoTests
        } else if self.crashed > 0 {
            TestStatus::TestCrashed
        } else if self.failed > 0 {
            TestStatus::Failure
        } else if self.passed > 0 {
            TestStatus::Success
        } else {
            TestStatus::Skipped
        }
    }

    /// Counts one leaf with `status` (NO_TESTS counts nothing; anything
    /// unrecognised counts as a crash, as in kunit.py).
    pub fn add_status(&mut self, status: TestStatus) {
        let count = match status {
            TestStatus::Success => &mut self.passed,
            TestStatus::Failure => &mut self.failed,
            TestStatus::Skipped => &mut self.skipped,
            TestStatus::TestCrashed | TestStatus::FailureToParseTests => &mut self.crashed,
            TestStatus::NoTests => return,
        };
        *count = count.saturating_add(1);
    }
}

/// `Ran N tests: passed: a, failed: b, ...` (only non-zero categories).
impl fmt::Display for TestCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Ran {} tests: ", self.total())?;
        let parts = [
            ("passed", self.passed),
            ("failed", self.failed),
            ("crashed", self.crashed),
            ("skipped", self.skipped),
            ("errors", self.errors),
        ];
        let mut first = true;
        for (label, n) in parts {
            if n > 0 {
                if !first {
                    f.write_str(", ")?;
                }
                write!(f, "{label}: {n}")?;
                first = false;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
#[path = "status_kunit.rs"]
mod status_kunit;
