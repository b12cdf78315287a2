//! One case (lib/kunit/test.c: `kunit_run_case_catch_errors` and the per-case part of
//! `kunit_run_tests`): init + case under one try-catch, exit + cleanup under another, the
//! status rules, then the case's attribute, stats and result lines. Parameterized cases run
//! their series in [`super::params`].

use super::parallel::Run;
use super::report::CaseReport;
use super::select::PlannedSuite;
use super::{params, EINTR};
use crate::filter::case_speed;
use crate::ktap::{attr_lines, indent, result_line, Stats};
use crate::output::Sink;
use crate::registry::{Case, Speed, Suite};
use crate::test::{CurrentGuard, Kunit, Log, Status, TestShared};
use crate::try_catch::{self, Outcome};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// One case being run by one driver: what its guarded pieces need.
pub(super) struct CaseRun<'a> {
    pub(super) run: &'a Arc<Run>,
    /// The suite's index in the plan.
    pub(super) s: usize,
    /// The driver running it.
    pub(super) me: u64,
    pub(super) sink: &'a Arc<Sink>,
    /// The case's log (`test_case->log`), shared by the case and its parameter tests.
    pub(super) log: Log,
    pub(super) start: Instant,
    pub(super) timeout: Duration,
}

/// How a case ended so far: `test_case->status` and the results below it.
pub(super) struct CaseResult {
    pub(super) status: Status,
    pub(super) param_stats: Stats,
    pub(super) params: Vec<super::report::ParamReport>,
}

/// Runs one case (all its parameters); `None` if the watchdog took the suite away.
pub(super) fn run_case(
    run: &Arc<Run>,
    s: usize,
    j: usize,
    me: u64,
    sink: &Arc<Sink>,
) -> Option<(CaseReport, Stats)> {
    let planned = &run.plan[s];
    let pc = &planned.cases[j];
    let (case, suite) = (pc.case, planned.reg.suite);
    if let Some(events) = &run.events {
        // Under the lock, as the other events, so a listener sees them in order.
        let _st = run.lock();
        events.case_started(suite.name, case.name);
    }
    let cr = CaseRun {
        run,
        s,
        me,
        sink,
        log: Log::default(),
        start: Instant::now(),
        timeout: case_timeout(run, planned, case),
    };
    let mut test = Kunit::new(case.name, sink.clone(), cr.log.clone());
    let mut result = CaseResult {
        status: Status::Skipped,
        param_stats: Stats::default(),
        params: Vec::new(),
    };
    if let Some(reason) = &pc.preset_skip {
        // "Test marked as skip": reported, never run.
        test.shared.mark_skipped(format_args!("{reason}"));
        result.param_stats.add(Status::Skipped);
    } else if let Some(generate) = case.generate_params {
        params::run_series(&cr, suite, case, generate, &mut test, &mut result)?;
    } else {
        let shared = test.shared.clone();
        cr.guarded(&shared, None, None, &mut || {
            run_case_catch_errors(suite, case, &mut test)
        })?;
        let status = test.status();
        result.param_stats.add(status);
        result.status = propagate(result.status, status);
    }
    let reason = test.shared.status_comment();
    finish_case(
        run,
        planned,
        j,
        &test.shared,
        result.status,
        result.param_stats,
        &reason,
    );
    let report = CaseReport {
        name: case.name,
        status: result.status,
        skip_reason: if result.status == Status::Skipped {
            reason
        } else {
            String::new()
        },
        log: std::mem::take(&mut *cr.log.lock().unwrap_or_else(|e| e.into_inner())),
        duration: cr.start.elapsed(),
        params: result.params,
        timed_out: false,
    };
    Some((report, result.param_stats))
}

/// `test_case->status` after a (parameter) test ended.
pub(super) fn propagate(case_status: Status, test_status: Status) -> Status {
    match (case_status, test_status) {
        (_, Status::Failure) => Status::Failure,
        (Status::Failure, _) => Status::Failure,
        (_, Status::Success) => Status::Success,
        (c, Status::Skipped) => c,
    }
}

/// The attribute line, per-case stats and the case result line.
pub(super) fn finish_case(
    run: &Run,
    planned: &PlannedSuite,
    j: usize,
    test: &TestShared,
    status: Status,
    param_stats: Stats,
    reason: &str,
) {
    let case = planned.cases[j].case;
    if case.generate_params.is_some() && run.config.format.param_plan() {
        test.log_raw(&format!("{}1..{}", indent(2), param_stats.total));
    }
    for line in attr_lines(1, &planned.reg, Some(case)) {
        test.log_raw(&line);
    }
    if param_stats.should_print(run.config.stats_enabled) {
        test.log_raw(&format!("    # {}: {}", case.name, param_stats.text()));
    }
    test.log_raw(&result_line(1, status, j + 1, case.name, reason));
}

/// The case's timeout: its own, else the suite's, else the base × the speed multiplier.
fn case_timeout(run: &Run, planned: &PlannedSuite, case: &Case) -> Duration {
    case.attr
        .timeout
        .or(planned.reg.suite.attr.timeout)
        .unwrap_or_else(|| {
            let speed = case_speed(&planned.reg, case);
            run.config
                .timeout
                .saturating_mul(speed.timeout_multiplier())
        })
}

/// `kunit_run_case_catch_errors()`: init + case under one try-catch, then exit + cleanup
/// under another, with KUnit's messages for each way they can end.
pub(super) fn run_case_catch_errors(suite: &Suite, case: &Case, test: &mut Kunit) {
    let shared = test.shared.clone();
    let _current = CurrentGuard::set(Some(shared.clone()));
    crate::assert::take_last_seen();
    let outcome = try_catch::run(&mut || {
        if let Some(init) = suite.init {
            if let Err(err) = init(test) {
                test.log(format_args!("failed to initialize: {err}"));
                test.set_failure();
                return;
            }
        }
        let start = Instant::now();
        (case.run_case)(test);
        check_speed(test, case, start.elapsed());
    });
    if let Outcome::Panicked(report) = outcome {
        shared.log_panic(&report);
        match crate::assert::take_last_seen() {
            Some(loc) => test.log(format_args!(
                "try faulted: last line seen {}:{}",
                loc.file(),
                loc.line()
            )),
            None => test.log(format_args!("try faulted")),
        }
        test.set_failure();
        test.log(format_args!(
            "internal error occurred preventing test case from running: {EINTR}"
        ));
    }
    if shared.is_detached() {
        return;
    }
    let outcome = try_catch::run(&mut || {
        if let Some(exit) = suite.exit {
            exit(test);
        }
        shared.run_cleanup(false);
    });
    match outcome {
        Outcome::Completed => {}
        Outcome::Aborted => {
            test.set_failure();
            test.log(format_args!(
                "test aborted during cleanup. continuing without cleaning up"
            ));
        }
        Outcome::Panicked(report) => {
            shared.log_panic(&report);
            test.set_failure();
            test.log(format_args!(
                "internal error occurred during test case cleanup: {EINTR}"
            ));
        }
    }
}

/// `kunit_run_case_check_speed()`: warn when a case not marked slow runs for ≥ 2 s.
fn check_speed(test: &Kunit, case: &Case, elapsed: Duration) {
    const SLOW_THRESHOLD: Duration = Duration::from_secs(2);
    if elapsed < SLOW_THRESHOLD || matches!(case.attr.speed, Speed::Slow | Speed::VerySlow) {
        return;
    }
    test.log(format_args!(
        "Test should be marked slow (runtime: {}.{:09}s)",
        elapsed.as_secs(),
        elapsed.subsec_nanos()
    ));
}
