//! Per-case deadlines (`kunit.timeout`, lib/kunit/try-catch.c's wait): each guarded piece of
//! a case is armed in the driver's watchdog slot; when it overruns, the hung test is detached
//! and a fresh driver reports the case as KUnit does (`try timed out`, `test case timed out`),
//! runs its deferred actions (and, for a parameter, its parent's), and carries on.

use super::case_run::{finish_case, CaseRun};
use super::parallel::{start_driver, InFlight, Run, DRIVER_SLOT};
use super::report::{CaseReport, ParamReport};
use super::suite_run::record_case;
use crate::ktap::{result_line, Stats};
use crate::test::{emit, Kunit, Status, TestShared};
use crate::try_catch::{self, Outcome};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

static TOKENS: AtomicU64 = AtomicU64::new(1);

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
            let ss = &mut st.suites[self.s];
            if ss.owner != self.me {
                return None;
            }
            let (case_status, param_stats, params) = match ss.in_flight.take() {
                Some(f) => (f.case_status, f.param_stats, f.params),
                None => (Status::Skipped, Stats::default(), Vec::new()),
            };
            ss.in_flight = Some(InFlight {
                running: running.clone(),
                parent: parent.cloned(),
                log: self.log.clone(),
                start: self.start,
                case_status,
                param_stats,
                params,
                param,
                token,
            });
        }
        DRIVER_SLOT.with(|slot| slot.arm(self.timeout, self.s, token));
        f();
        DRIVER_SLOT.with(|slot| slot.disarm()).then_some(())
    }

    /// Publishes a parameter's result, the progress a timeout later in this case (another
    /// parameter, `param_exit` or the parent's cleanup) reports from.
    pub(super) fn publish_param(&self, case_status: Status, param_stats: Stats, p: ParamReport) {
        let mut st = self.run.lock();
        if let Some(f) = st.suites[self.s].in_flight.as_mut() {
            f.case_status = case_status;
            f.param_stats = param_stats;
            f.params.push(p);
        }
    }
}

/// The watchdog fired for `token`: detach the hung test and hand the suite to a new driver.
pub(super) fn on_timeout(run: Arc<Run>, s: usize, token: u64) {
    let mut st = run.lock();
    let current = st.suites[s]
        .in_flight
        .as_ref()
        .map(|f| (f.token, f.running.clone(), f.parent.clone()));
    let Some((t, running, parent)) = current else {
        return;
    };
    if t != token {
        return;
    }
    running.detach();
    if let Some(parent) = parent {
        parent.detach();
    }
    let id = st.next_driver;
    st.next_driver += 1;
    st.suites[s].owner = id;
    drop(st);
    start_driver(run.clone(), id, Some(s));
}

/// On the replacement driver: report the timed-out case and run its deferred actions.
pub(super) fn finish_timed_out_case(run: &Run, s: usize, me: u64) {
    let (inf, sink, j) = {
        let mut st = run.lock();
        let ss = &mut st.suites[s];
        if ss.owner != me {
            return;
        }
        let Some(inf) = ss.in_flight.take() else {
            return;
        };
        (inf, ss.sink.clone(), ss.next_case)
    };
    let planned = &run.plan[s];
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
    let mut param_stats = inf.param_stats;
    let mut params = inf.params;
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
    let ss = &mut st.suites[s];
    if ss.owner == me {
        record_case(run, s, ss, report, param_stats);
    }
}
