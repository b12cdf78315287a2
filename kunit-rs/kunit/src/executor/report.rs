//! The results of a run as data (what `kunit::run` returns and the harness summarises).

use crate::test_handle::Status;
use std::time::Duration;

/// One parameter's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamReport {
    /// The parameter's description (`param-N` when the generator gave none).
    pub description: String,
    /// How it ended.
    pub status: Status,
    /// The skip reason (`test->status_comment`), empty unless skipped.
    pub skip_reason: String,
}

/// One case's result.
#[derive(Clone, Debug)]
pub struct CaseReport {
    /// The case name.
    pub name: &'static str,
    /// `test_case->status`.
    pub status: Status,
    /// The skip reason, empty unless skipped.
    pub skip_reason: String,
    /// Everything logged for the case (diagnostics, failures, parameter subtests).
    pub log: String,
    /// How long the case (all its parameters) took.
    pub duration: Duration,
    /// The parameter results of a parameterized case, in order.
    pub params: Vec<ParamReport>,
    /// The case overran its timeout.
    pub timed_out: bool,
}

/// One suite's result.
#[derive(Clone, Debug)]
pub struct SuiteReport {
    /// The suite name.
    pub name: &'static str,
    /// FAILURE if `suite_init` or any case failed, else SUCCESS if any case passed, else SKIPPED.
    pub status: Status,
    /// The case results, in plan order.
    pub cases: Vec<CaseReport>,
    /// Suite-level lines (init failure, stats).
    pub log: String,
    /// How long the suite took.
    pub duration: Duration,
}

/// The results of a run.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// The suite results, in plan order.
    pub suites: Vec<SuiteReport>,
    /// Cases removed by filters.
    pub filtered_out: usize,
    /// How long the run took.
    pub duration: Duration,
}

impl Report {
    fn count(&self, status: Status) -> usize {
        self.suites
            .iter()
            .flat_map(|s| &s.cases)
            .filter(|c| c.status == status)
            .count()
    }
    /// Cases that passed.
    pub fn passed(&self) -> usize {
        self.count(Status::Success)
    }
    /// Cases that failed.
    pub fn failed(&self) -> usize {
        self.count(Status::Failure)
    }
    /// Cases reported skipped.
    pub fn skipped(&self) -> usize {
        self.count(Status::Skipped)
    }
    /// No suite failed (a suite fails when its init or any case failed).
    pub fn success(&self) -> bool {
        self.suites.iter().all(|s| s.status != Status::Failure)
    }
}
