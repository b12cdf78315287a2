//! The executor's shared state and every change to it, at the bottom of the stack: what each
//! suite has done so far (next case, stats, the case in flight), who owns it, and the queue of
//! suites whose case timed out and that wait for a replacement driver. Drivers, suites, cases
//! and the timeout path all lock [`Run::state`] and change it only through these methods, so
//! the rules for handing a suite from one driver to another live in one file.

use super::report::{CaseReport, ParamReport, SuiteReport};
use super::select::PlannedSuite;
use super::{Config, RunEvents};
use crate::ktap::Stats;
use crate::output::Sink;
use crate::test_handle::{SharedLog, Status, TestShared};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Instant;

/// What a case has reported so far: `test_case->status` and the results below it.
pub(super) struct CaseProgress {
    pub(super) case_status: Status,
    pub(super) param_stats: Stats,
    pub(super) params: Vec<ParamReport>,
}

impl Default for CaseProgress {
    /// Nothing reported yet: a case with no result is skipped.
    fn default() -> Self {
        CaseProgress {
            case_status: Status::Skipped,
            param_stats: Stats::default(),
            params: Vec::new(),
        }
    }
}

/// The case a driver is running, kept where the replacement driver can finish it.
pub(super) struct InFlight {
    pub(super) running: Arc<TestShared>,
    /// The parent test of a parameterized case (its actions run if the case times out).
    pub(super) parent: Option<Arc<TestShared>>,
    pub(super) log: SharedLog,
    pub(super) start: Instant,
    pub(super) progress: CaseProgress,
    /// The parameter being run: 1-based index and description.
    pub(super) param: Option<(usize, String)>,
    /// Which armed deadline this is (the watchdog names it when it fires).
    pub(super) token: u64,
}

/// One suite's progress; whichever driver `owner` names may change it.
pub(super) struct SuiteProgress {
    pub(super) sink: Arc<Sink>,
    pub(super) log: SharedLog,
    /// The driver running the suite (0: none).
    pub(super) owner: u64,
    pub(super) started: bool,
    pub(super) init_err: Option<i32>,
    pub(super) next_case: usize,
    pub(super) stats: Stats,
    pub(super) totals: Stats,
    pub(super) cases: Vec<CaseReport>,
    pub(super) in_flight: Option<InFlight>,
    pub(super) start: Option<Instant>,
    pub(super) report: Option<SuiteReport>,
    /// A sanitizer report came during `suite_init` or `suite_exit` (the suite fails).
    pub(super) sanitizer_report: bool,
}

impl SuiteProgress {
    /// Books a finished case into the suite's stats; the next case is due.
    pub(super) fn record_case(&mut self, report: CaseReport, param_stats: Stats) {
        self.stats.add(report.status);
        self.totals.accumulate(param_stats);
        self.cases.push(report);
        self.next_case += 1;
        self.in_flight = None;
    }

    /// Publishes a parameter's result, the progress a timeout later in this case (another
    /// parameter, `param_exit` or the parent's cleanup) reports from.
    pub(super) fn publish_param(
        &mut self,
        case_status: Status,
        param_stats: Stats,
        p: ParamReport,
    ) {
        if let Some(f) = self.in_flight.as_mut() {
            f.progress.case_status = case_status;
            f.progress.param_stats = param_stats;
            f.progress.params.push(p);
        }
    }
}

/// Every suite's progress and the drivers' bookkeeping.
pub(super) struct State {
    /// Suites in the order drivers claim them (serial ones last with several jobs).
    pub(super) order: Vec<usize>,
    /// The next place in `order` to claim.
    pub(super) next: usize,
    pub(super) running: usize,
    pub(super) running_serial: bool,
    pub(super) finished: usize,
    /// Suites printed so far (several jobs: in plan order).
    pub(super) printed: usize,
    pub(super) next_driver: u64,
    /// Suites handed over after a timeout, with the id of the driver that is to resume them;
    /// the thread waiting in `run_plan` starts those drivers.
    pub(super) handed_over: Vec<(usize, u64)>,
    pub(super) suites: Vec<SuiteProgress>,
}

/// One run of a plan, shared by its drivers, the watchdog's callback and the waiting caller.
pub(super) struct Run {
    pub(super) plan: Vec<PlannedSuite>,
    pub(super) config: Config,
    pub(super) out: Arc<Sink>,
    /// One job: suites print as they run; several: into buffers, printed in plan order.
    pub(super) streaming: bool,
    /// The listener of [`run_plan_with_events`](super::run_plan_with_events).
    pub(super) events: Option<Arc<dyn RunEvents>>,
    pub(super) state: Mutex<State>,
    /// Signalled whenever a suite finishes or is handed over.
    pub(super) changed: Condvar,
}

impl Run {
    /// The state of a run of `plan` on `jobs` drivers (ids 1..=jobs), nothing started yet.
    pub(super) fn new(
        plan: Vec<PlannedSuite>,
        config: &Config,
        out: Arc<Sink>,
        jobs: usize,
        events: Option<Arc<dyn RunEvents>>,
    ) -> Run {
        let n = plan.len();
        let streaming = jobs == 1;
        let mut order: Vec<usize> = (0..n).collect();
        if !streaming {
            order.sort_by_key(|&i| plan[i].reg.suite.attr.serial);
        }
        let suites = (0..n)
            .map(|_| SuiteProgress {
                sink: if streaming {
                    out.clone()
                } else {
                    let buffer = Sink::buffer();
                    buffer.set_assert_diff(config.diff);
                    Arc::new(buffer)
                },
                log: SharedLog::default(),
                owner: 0,
                started: false,
                init_err: None,
                next_case: 0,
                stats: Stats::default(),
                totals: Stats::default(),
                cases: Vec::new(),
                in_flight: None,
                start: None,
                report: None,
                sanitizer_report: false,
            })
            .collect();
        Run {
            plan,
            config: config.clone(),
            out,
            streaming,
            events,
            state: Mutex::new(State {
                order,
                next: 0,
                running: 0,
                running_serial: false,
                finished: 0,
                printed: 0,
                next_driver: jobs as u64 + 1,
                handed_over: Vec::new(),
                suites,
            }),
            changed: Condvar::new(),
        }
    }

    pub(super) fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits for [`Run::changed`].
    pub(super) fn wait<'a>(&self, st: MutexGuard<'a, State>) -> MutexGuard<'a, State> {
        self.changed.wait(st).unwrap_or_else(|e| e.into_inner())
    }

    /// Takes the next suite in order for driver `me`; serial suites wait until nothing else
    /// runs. `None` when every suite is taken.
    pub(super) fn claim(&self, me: u64) -> Option<usize> {
        let mut st = self.lock();
        loop {
            let &s = st.order.get(st.next)?;
            let serial = self.plan[s].reg.suite.attr.serial && !self.streaming;
            if st.running_serial || (serial && st.running > 0) {
                st = self.wait(st);
                continue;
            }
            st.next += 1;
            st.running += 1;
            st.running_serial = serial;
            st.suites[s].owner = me;
            return Some(s);
        }
    }

    /// The deadline `token` of suite `s` passed: if that is still the piece in flight, its
    /// tests are detached and the suite is queued for a new driver. Returns whether it was.
    pub(super) fn hand_over(&self, s: usize, token: u64) -> bool {
        let mut st = self.lock();
        let Some(f) = st.suites[s].in_flight.as_ref().filter(|f| f.token == token) else {
            return false;
        };
        f.running.detach();
        if let Some(parent) = &f.parent {
            parent.detach();
        }
        let id = st.next_driver;
        st.next_driver += 1;
        st.suites[s].owner = id;
        st.handed_over.push((s, id));
        drop(st);
        self.changed.notify_all();
        true
    }

    /// Suite `s` ended with `report`: its driver lets go, buffers print as far as complete.
    pub(super) fn finish_suite(&self, s: usize, report: SuiteReport) {
        let mut st = self.lock();
        let ss = &mut st.suites[s];
        ss.report = Some(report);
        ss.owner = 0;
        st.finished += 1;
        st.running -= 1;
        if self.plan[s].reg.suite.attr.serial {
            st.running_serial = false;
        }
        if !self.streaming {
            self.flush_in_order(&mut st);
        }
        self.changed.notify_all();
    }

    /// Prints finished suite buffers, in plan order, as far as they are complete.
    fn flush_in_order(&self, st: &mut State) {
        while st.printed < st.suites.len() && st.suites[st.printed].report.is_some() {
            let bytes = st.suites[st.printed].sink.take_buffer();
            self.out.raw(&bytes);
            st.printed += 1;
        }
    }
}
