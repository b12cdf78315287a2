//! Live progress of a run, for a listener besides the KTAP stream (the harness's libtest JSON
//! events): each case as it starts and ends, and each suite as it ends. Calls come from the
//! driver threads, under the run's lock, so a listener sees them one at a time and in order.

use super::report::{CaseReport, SuiteReport};

/// What a run tells its listener.
pub trait RunEvents: Send + Sync {
    /// Case `case` of suite `suite` is about to run (or be reported skipped).
    fn case_started(&self, suite: &'static str, case: &'static str);
    /// A case ended (passed, failed, skipped or timed out).
    fn case_finished(&self, suite: &'static str, case: &CaseReport);
    /// A suite ended; `not_run` are its planned cases that never ran (its `suite_init`
    /// failed), which have no [`CaseReport`].
    fn suite_finished(&self, suite: &SuiteReport, not_run: &[&'static str]);
}
