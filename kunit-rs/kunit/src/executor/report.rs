//! The results of a run as data (what `kunit::run` returns and the harness summarises).

use crate::test::Status;
use std::time::Duration;

/// One parameter's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamReport {
    pub description: String,
    pub status: Status,
    pub skip_reason: String,
}

/// One case's result.
#[derive(Clone, Debug)]
pub struct CaseReport {
    pub name: &'static str,
    pub status: Status,
    pub skip_reason: String,
    /// Everything logged for the case (diagnostics, failures, parameter subtests).
    pub log: String,
    pub duration: Duration,
    pub params: Vec<ParamReport>,
    pub timed_out: bool,
}

/// One suite's result.
#[derive(Clone, Debug)]
pub struct SuiteReport {
    pub name: &'static str,
    pub status: Status,
    pub cases: Vec<CaseReport>,
    /// Suite-level lines (init failure, stats).
    pub log: String,
    pub duration: Duration,
}

/// The results of a run.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub suites: Vec<SuiteReport>,
    pub filtered_out: usize,
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
