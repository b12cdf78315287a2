//! Running suites (lib/kunit/test.c `kunit_run_tests`, executor.c): selection, the case
//! lifecycle, status rules, stats, KTAP emission, per-case timeouts and parallel suites.
//!
//! # Strategy
//! Cases never run on the caller's thread. One or more *driver* threads (one per `--jobs`)
//! claim suites and run their cases in order; the caller waits for all suites to finish.
//! Each suite's progress (next case, stats, the case in flight) lives in shared state, so a
//! suite can change hands: when a case overruns its timeout the watchdog detaches the hung
//! test (its later output is dropped), and a fresh driver reports it as KUnit does
//! (`try timed out`, `test case timed out`), runs its deferred actions, and continues with the
//! next case. The hung thread, if it ever returns, sees it lost the suite and quits; it never
//! keeps the process from exiting. A timeout ends the whole case, including parameters not
//! yet run, and the suite's `exit` is not called for it (the hung thread still owns the
//! test's private data); actions run, test-owned data is leaked.
//!
//! With one job, a suite's lines go straight to the output as they happen (a crash loses
//! nothing already printed). With several, each suite writes into a buffer and buffers are
//! printed in plan order, so the output is byte-identical to a serial run. Suites with the
//! `serial` attribute run after the others, one at a time.
//!
//! What a driver claims is a *unit*: a whole suite, or — with several jobs, for a suite whose
//! cases may run in parallel (`Suite::parallel_cases`, set by `#[kunit_tests]` without hooks)
//! — one of its cases. Such a suite's first unit runs `suite_init` and prints the header
//! before its other units can be claimed; each unit prints into its own buffer; the driver
//! that ends the suite's last outstanding unit runs `suite_exit` and prints the stats and
//! result line into the suite's last buffer, which is printed only after every earlier one.
//! Everything per case (current test, assertion state, panic capture, suite-level logging,
//! the watchdog slot) is per driver thread, so cases of one suite run side by side as
//! cases of different suites already did. A panic on a plain `std::thread` a case spawned is
//! logged to the case whose code the thread's stack runs (see `test_handle`), whatever else
//! runs, so the KTAP of `--jobs 1` and `--jobs N` is the same.
//!
//! # Modules, a one-way stack (each uses only those above it in this list)
//! * [`report`] — the results as data;
//! * [`events`] — live progress for a listener besides KTAP (libtest JSON);
//! * [`select`] — which suites and cases run, in which order (filters, shuffle);
//! * `state` — the shared state of a run (`Run`, each suite's progress, the case in flight)
//!   and every change to it;
//! * `case_run` — one case, as test.c runs it: init + case, exit + cleanup, the status
//!   rules, a parameterized case's series, result lines; each piece under its deadline;
//! * `timeout` — a deadline passed: mark the case timed out, and (on the replacement driver)
//!   finish it;
//! * `suite_run` — one unit: `suite_init` and header (first unit), cases, and after the
//!   suite's last unit `suite_exit`, stats, result;
//! * `parallel` — driver threads, `--jobs`, waiting for the suites and starting the
//!   replacement driver after a timeout.

mod case_run;
pub mod events;
mod parallel;
pub mod report;
pub mod select;
mod state;
mod suite_run;
mod timeout;

use crate::filter::NameFilter;
use crate::ktap::Format;
use std::time::Duration;

pub use events::RunEvents;
pub use parallel::{run_plan, run_plan_with_events};
pub use report::{CaseReport, ParamReport, Report, SuiteReport};
pub use select::Plan;

/// `-EINTR`: what KUnit reports when the test thread died.
const EINTR: i32 = -4;

/// Which cases count as "ignored" (libtest's term) — kunit-rs treats cases marked `slow` or
/// `very_slow` (their own speed, else the suite's) as ignored by `cargo test`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Ignored {
    /// Report slow cases as skipped without running them (the default).
    #[default]
    Skip,
    /// Run everything (`--include-ignored`, or any `--filter`).
    Include,
    /// Run only the slow cases (`--ignored`).
    Only,
}

/// The skip reason of a slow case that was not asked for.
pub const SLOW_SKIP_REASON: &str = "slow test; run with --include-ignored or --filter";

/// How to select and run suites.
#[derive(Clone, Debug)]
pub struct Config {
    /// `kunit.filter_glob`: `suite_glob[.test_glob]`.
    pub filter_glob: Option<String>,
    /// `kunit.filter`: attribute filters, e.g. `speed>slow, module=foo`.
    pub filter: Option<String>,
    /// `kunit.filter_action=skip`: report filtered cases as skipped instead of removing them.
    pub filter_action_skip: bool,
    /// libtest's name filters (`FILTER`, `--exact`, `--skip`) on `suite.case`.
    pub names: NameFilter,
    /// Which cases count as ignored and what happens to them.
    pub ignored: Ignored,
    /// `kunit.stats_enabled`: 0 never, 1 when more than one result, 2 always.
    pub stats_enabled: u8,
    /// KTAP (the default) or one of the TAP 14 variants.
    pub format: Format,
    /// `kunit.timeout`: the base per-case timeout (× 3 for slow, × 12 for very_slow).
    pub timeout: Duration,
    /// Suites, and the cases of suites whose cases may run in parallel, run this many at a
    /// time (output stays in plan order). `Config::default()` has 1; the harness defaults to
    /// libtest's thread count.
    pub jobs: usize,
    /// Shuffle suites and cases with this seed.
    pub shuffle_seed: Option<u64>,
    /// `--diff`: append a line diff to a failed multi-line `STREQ` (a Rust extension; the
    /// kernel's text has none, so it is off by default).
    pub diff: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            filter_glob: None,
            filter: None,
            filter_action_skip: false,
            names: NameFilter::default(),
            ignored: Ignored::Skip,
            stats_enabled: 1,
            format: Format::Ktap,
            timeout: Duration::from_secs(300),
            jobs: 1,
            shuffle_seed: None,
            diff: false,
        }
    }
}
