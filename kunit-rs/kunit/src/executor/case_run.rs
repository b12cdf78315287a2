//! One case (lib/kunit/test.c: `kunit_run_case_catch_errors`, the per-case part of
//! `kunit_run_tests` and its `generate_params` branch): init + case under one try-catch,
//! exit + cleanup under another, the status rules, a parameterized case's series, then the
//! case's attribute, stats and result lines. Each guarded piece runs under the case's
//! deadline ([`CaseRun::guarded`]); when it expires, [`super::timeout`] finishes the case.
//!
//! Where a case's outcome is decided: [`run_case_catch_errors`] (how init, the case, exit and
//! cleanup can end) and [`propagate`] (a test's status into `test_case->status`).
//!
//! # A parameterized case, all its rules in one place
//!
//! 1. the case's own test is the *parent* (`struct kunit` of the series): `param_init` runs
//!    on it once; if it fails, the case fails with `# failed to initialize parent parameter
//!    test (err)` and no parameter runs;
//! 2. the series header: `KTAP version 1`, `# Subtest: <case>`, and — only when the case's
//!    generator walks an array registered at run time (`kunit_array_gen_params`) — the
//!    plan line `1..N`;
//! 3. each parameter runs as its own test (`init`, case, `exit`, its cleanup) whose
//!    `parent()` is the parent test; its result line is printed at level 2, its status
//!    propagates to the case;
//! 4. after the last parameter, `param_exit` runs on the parent and then the parent is
//!    cleaned up (its actions run, its resources are freed, LIFO) — before the case's
//!    attribute, stats and result lines.
//!
//! Deviation: the kernel leaves the parent uncleaned when `param_init` fails (its resources
//! leak); here they are released at once, still before the case's result line.

use super::report::{CaseReport, ParamReport};
use super::select::PlannedSuite;
use super::state::{CaseProgress, InFlight, Run};
use super::EINTR;
use crate::filter::case_speed;
use crate::ktap::{attr_lines, indent, result_line, Stats};
use crate::output::Sink;
use crate::params::{Param, ParamGen};
use crate::registry::{Case, Speed, Suite};
use crate::test_handle::{
    truncate_to, CurrentGuard, Kunit, SharedLog, Status, TestShared, PARAM_DESC_SIZE,
};
use crate::try_catch::{self, Outcome};
use crate::watchdog;
use std::ptr::NonNull;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

thread_local! {
    /// This driver's watchdog slot (armed around each guarded piece of a case).
    pub(super) static DRIVER_SLOT: watchdog::Slot = const { watchdog::Slot::unset() };
}

/// Names each armed deadline, so a late expiry cannot hit the piece after it.
static TOKENS: AtomicU64 = AtomicU64::new(1);

/// One case being run by one driver: what its guarded pieces need.
pub(super) struct CaseRun<'a> {
    pub(super) run: &'a Arc<Run>,
    /// The unit's index (`Run::units`).
    pub(super) s: usize,
    /// The driver running it.
    pub(super) me: u64,
    pub(super) sink: &'a Arc<Sink>,
    /// The case's log (`test_case->log`), shared by the case and its parameter tests.
    pub(super) log: SharedLog,
    pub(super) start: Instant,
    pub(super) timeout: Duration,
}

impl CaseRun<'_> {
    /// Runs `f` under the case's deadline with `in_flight` describing it (`running` is the
    /// test `f` runs; for a parameter, `parent` is its parent test and `param` its number and
    /// description). `None` when the deadline expired: the watchdog handed the suite to
    /// another driver and this one must stop.
    pub(super) fn guarded(
        &self,
        running: &Arc<TestShared>,
        parent: Option<&Arc<TestShared>>,
        param: Option<(usize, String)>,
        // `dyn`: one copy of this function, not one per call site's closure.
        f: &mut dyn FnMut(),
    ) -> Option<()> {
        let token = TOKENS.fetch_add(1, Ordering::Relaxed);
        {
            let mut st = self.run.lock();
            let ss = &mut st.units[self.s];
            if ss.owner != self.me {
                return None;
            }
            let progress = ss.in_flight.take().map(|f| f.progress).unwrap_or_default();
            ss.in_flight = Some(InFlight {
                running: running.clone(),
                parent: parent.cloned(),
                log: self.log.clone(),
                start: self.start,
                progress,
                param,
                token,
            });
        }
        DRIVER_SLOT.with(|slot| slot.arm(self.timeout, self.s, token));
        f();
        let in_time = DRIVER_SLOT.with(|slot| slot.disarm());
        // A sanitizer report written during the piece fails the test it ran.
        crate::sanitizer::fail_on_report(running);
        in_time.then_some(())
    }

    /// Publishes a parameter's result, the progress a timeout later in this case (another
    /// parameter, `param_exit` or the parent's cleanup) reports from.
    fn publish_param(&self, case_status: Status, param_stats: Stats, p: ParamReport) {
        self.run.lock().units[self.s].publish_param(case_status, param_stats, p);
    }
}

/// Runs one case (all its parameters); `None` if the watchdog took the suite away.
pub(super) fn run_case(
    run: &Arc<Run>,
    s: usize,
    j: usize,
    me: u64,
    sink: &Arc<Sink>,
) -> Option<(CaseReport, Stats)> {
    let planned = run.planned(s);
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
        log: SharedLog::default(),
        start: Instant::now(),
        timeout: case_timeout(run, planned, case),
    };
    let mut test = Kunit::new(case.name, sink.clone(), cr.log.clone());
    let mut result = CaseProgress::default();
    if let Some(reason) = &pc.preset_skip {
        // "Test marked as skip": reported, never run.
        test.shared.mark_skipped(format_args!("{reason}"));
        result.param_stats.add(Status::Skipped);
    } else if let Some(generate) = case.generate_params {
        run_series(&cr, suite, case, generate, &mut test, &mut result)?;
    } else {
        let shared = test.shared.clone();
        cr.guarded(&shared, None, None, &mut || {
            run_case_catch_errors(suite, case, &mut test)
        })?;
        let status = test.status();
        result.param_stats.add(status);
        result.case_status = propagate(result.case_status, status);
    }
    let reason = test.shared.status_comment();
    finish_case(
        run,
        planned,
        j,
        &test.shared,
        result.case_status,
        result.param_stats,
        &reason,
    );
    let report = CaseReport {
        name: case.name,
        status: result.case_status,
        skip_reason: if result.case_status == Status::Skipped {
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

/// Runs the parameter series of `case` on its parent test `test`; `None` if the watchdog
/// took the suite away.
fn run_series(
    cr: &CaseRun<'_>,
    suite: &Suite,
    case: &Case,
    generate: ParamGen,
    test: &mut Kunit,
    result: &mut CaseProgress,
) -> Option<()> {
    let parent = test.shared.clone();
    if let Some(param_init) = case.param_init {
        let mut init = ParamInit::Done(Ok(()));
        cr.guarded(&parent, None, None, &mut || {
            let _current = CurrentGuard::set(Some(parent.clone()));
            let mut returned = Ok(());
            init = match try_catch::run(&mut || returned = param_init(test)) {
                Outcome::Completed => ParamInit::Done(returned),
                Outcome::Aborted => ParamInit::Aborted,
                Outcome::Panicked(r) => {
                    parent.log_panic(&r);
                    ParamInit::Done(Err(EINTR))
                }
            };
        })?;
        let failed = match init {
            ParamInit::Done(Ok(())) => false,
            ParamInit::Done(Err(err)) => {
                parent.log_prefixed(format_args!(
                    "        # failed to initialize parent parameter test ({err})"
                ));
                true
            }
            // `kunit_skip()` in param_init skips the whole case, with its reason.
            ParamInit::Aborted if parent.status() == Status::Skipped => {
                result.param_stats.add(Status::Skipped);
                return cleanup_parent(cr, test);
            }
            // A failed assertion already printed why.
            ParamInit::Aborted => true,
        };
        if failed {
            parent.set_failure();
            result.case_status = Status::Failure;
            result.param_stats.add(Status::Failure);
            return cleanup_parent(cr, test);
        }
    }
    let mut desc = String::new();
    let mut current = generate_param(generate, test, None, &mut desc);
    if cr.run.config.format.nested_version() {
        parent.log_raw("        KTAP version 1");
    }
    let header = indent(cr.run.config.format.subtest_header_level(2));
    parent.log_raw(&format!("{header}# Subtest: {}", case.name));
    // TAP formats print the plan after the parameters instead (`finish_case`).
    let early_plan = !cr.run.config.format.param_plan();
    if let Some(array) = test
        .params_array
        .as_ref()
        .filter(|a| early_plan && a.walked_by_array_gen)
    {
        parent.log_raw(&format!("        1..{}", array.num_params()));
    }
    while let Some(param) = current {
        test.param_index += 1;
        let index = test.param_index;
        if desc.is_empty() {
            desc = format!("param-{index}");
        }
        truncate_to(&mut desc, PARAM_DESC_SIZE - 1);
        let mut ptest = Kunit::new(case.name, cr.sink.clone(), cr.log.clone());
        ptest.param = Some(param.with_index(index - 1));
        ptest.param_index = index;
        // Made afresh for each parameter: the parent is not touched while this one runs.
        ptest.parent = Some(NonNull::from(&mut *test));
        let running = ptest.shared.clone();
        cr.guarded(
            &running,
            Some(&parent),
            Some((index, desc.clone())),
            &mut || run_case_catch_errors(suite, case, &mut ptest),
        )?;
        let status = ptest.status();
        let reason = ptest.shared.status_comment();
        parent.log_raw(&result_line(2, status, index, &desc, &reason));
        result.param_stats.add(status);
        result.case_status = propagate(result.case_status, status);
        let report = ParamReport {
            description: desc.clone(),
            status,
            skip_reason: reason,
        };
        cr.publish_param(result.case_status, result.param_stats, report.clone());
        result.params.push(report);
        let prev = ptest.param.take();
        drop(ptest);
        desc.clear();
        current = generate_param(generate, test, prev.as_ref(), &mut desc);
    }
    if let Some(param_exit) = case.param_exit {
        cr.guarded(&parent, None, None, &mut || {
            let _current = CurrentGuard::set(Some(parent.clone()));
            if let Outcome::Panicked(r) = try_catch::run(&mut || param_exit(test)) {
                parent.log_panic(&r);
                parent.set_failure();
            }
        })?;
    }
    cleanup_parent(cr, test)
}

/// How `param_init` ended.
enum ParamInit {
    /// It returned (`Err(errno)` fails the case).
    Done(Result<(), i32>),
    /// An assertion or `kunit_skip` aborted it.
    Aborted,
}

/// `kunit_cleanup(&test)` on the parent, right after `param_exit`.
fn cleanup_parent(cr: &CaseRun<'_>, test: &mut Kunit) -> Option<()> {
    let parent = test.shared.clone();
    cr.guarded(&parent, None, None, &mut || {
        let _current = CurrentGuard::set(Some(parent.clone()));
        if let Outcome::Panicked(r) = try_catch::run(&mut || parent.run_cleanup(false)) {
            parent.log_panic(&r);
            parent.set_failure();
        }
    })
}

/// Calls the generator; a panic in it ends the series (and fails the case).
fn generate_param(
    generate: ParamGen,
    test: &mut Kunit,
    prev: Option<&Param>,
    desc: &mut String,
) -> Option<Param> {
    let shared = test.shared.clone();
    let mut next = None;
    if let Outcome::Panicked(r) = try_catch::run(&mut || next = generate(test, prev, desc)) {
        shared.log_panic(&r);
        shared.set_failure();
        return None;
    }
    next
}

/// `test_case->status` after a (parameter) test ended.
fn propagate(case_status: Status, test_status: Status) -> Status {
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
fn run_case_catch_errors(suite: &Suite, case: &Case, test: &mut Kunit) {
    let shared = test.shared.clone();
    let _current = CurrentGuard::set(Some(shared.clone()));
    let _running = crate::test_handle::RunningCase::enter(&shared, case.path, case.source);
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
