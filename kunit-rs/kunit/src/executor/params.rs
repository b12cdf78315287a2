//! A parameterized case (lib/kunit/test.c `kunit_run_tests`, the `generate_params` branch),
//! all its rules in one place:
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

use super::case_run::{propagate, run_case_catch_errors, CaseResult, CaseRun};
use super::report::ParamReport;
use super::EINTR;
use crate::ktap::indent;
use crate::params::{Param, ParamGen};
use crate::registry::{Case, Suite};
use crate::test::{truncate_to, CurrentGuard, Kunit, Status, PARAM_DESC_SIZE};
use crate::try_catch::{self, Outcome};
use std::ptr::NonNull;

/// Runs the parameter series of `case` on its parent test `test`; `None` if the watchdog
/// took the suite away.
pub(super) fn run_series(
    cr: &CaseRun<'_>,
    suite: &Suite,
    case: &Case,
    generate: ParamGen,
    test: &mut Kunit,
    result: &mut CaseResult,
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
            result.status = Status::Failure;
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
        parent.log_raw(&crate::ktap::result_line(2, status, index, &desc, &reason));
        result.param_stats.add(status);
        result.status = propagate(result.status, status);
        let report = ParamReport {
            description: desc.clone(),
            status,
            skip_reason: reason,
        };
        cr.publish_param(result.status, result.param_stats, report.clone());
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
