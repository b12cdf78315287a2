//! Per-case deadlines (`kunit.timeout`, lib/kunit/try-catch.c's wait): each guarded piece of
//! a case is armed in the driver's watchdog slot ([`super::case_run::CaseRun::guarded`]). When
//! one overruns, [`on_timeout`] (on the watchdog thread) only marks the case timed out: the
//! hung test is detached and the suite queued for a replacement driver, which the thread
//! waiting in `run_plan` starts. That driver first calls [`finish_timed_out_case`]: it reports
//! the case as KUnit does (`try timed out`, `test case timed out`), runs its deferred actions
//! (and, for a parameter, its parent's), and then carries on with the suite.

use super::case_run::finish_case;
use super::report::{CaseReport, ParamReport};
use super::state::Run;
use crate::ktap::result_line;
use crate::test_handle::{emit, Kunit, Status};
use crate::try_catch::{self, Outcome};

/// The watchdog fired for `token` of suite `s`: mark the case timed out (see the module).
pub(super) fn on_timeout(run: &Run, s: usize, token: u64) {
    run.hand_over(s, token);
}

/// On the replacement driver: report the timed-out case and run its deferred actions.
pub(super) fn finish_timed_out_case(run: &Run, s: usize, me: u64) {
    let (inf, sink, j) = {
        let mut st = run.lock();
        let ss = &mut st.units[s];
        if ss.owner != me {
            return;
        }
        let Some(inf) = ss.in_flight.take() else {
            return;
        };
        (inf, ss.sink.clone(), ss.next_case)
    };
    let planned = run.planned(s);
    let case = planned.cases[j].case;
    let name = inf.running.name();
    emit(&sink, &inf.log, &format!("    # {name}: try timed out"));
    emit(
        &sink,
        &inf.log,
        &format!("    # {name}: test case timed out"),
    );
    // The hung thread may still use its data: actions run, data is leaked.
    let hung = std::iter::once(&inf.running).chain(inf.parent.as_ref());
    for test in hung {
        if let Outcome::Panicked(r) = try_catch::run(&mut || test.run_cleanup(true)) {
            emit(&sink, &inf.log, &try_catch::panic_text(name, &r));
        }
    }
    let mut param_stats = inf.progress.param_stats;
    let mut params = inf.progress.params;
    if let Some((index, desc)) = inf.param {
        emit(
            &sink,
            &inf.log,
            &result_line(2, Status::Failure, index, &desc, ""),
        );
        param_stats.add(Status::Failure);
        params.push(ParamReport {
            description: desc,
            status: Status::Failure,
            skip_reason: String::new(),
        });
    } else {
        param_stats.add(Status::Failure);
    }
    // The hung test is detached, so write the closing lines through a fresh handle.
    let closer = Kunit::new(case.name, sink.clone(), inf.log.clone());
    finish_case(
        run,
        planned,
        j,
        &closer.shared,
        Status::Failure,
        param_stats,
        "",
    );
    let report = CaseReport {
        name: case.name,
        status: Status::Failure,
        skip_reason: String::new(),
        log: std::mem::take(&mut *inf.log.lock().unwrap_or_else(|e| e.into_inner())),
        duration: inf.start.elapsed(),
        params,
        timed_out: true,
    };
    let mut st = run.lock();
    let ss = &mut st.units[s];
    if ss.owner == me {
        if let Some(events) = &run.events {
            events.case_finished(planned.reg.suite.name, &report);
        }
        ss.record_case(report, param_stats);
    }
}
