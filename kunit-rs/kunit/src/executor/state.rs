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

/// What drivers claim: a suite's cases `cases` (all of them, or one case of a suite whose
/// cases run in parallel). Units of one suite are consecutive; `first` and `last` name
/// its first and last unit. The first unit's driver runs `suite_init` and the header
/// before any unit of the suite is claimed; whichever driver ends the suite's last
/// outstanding unit runs `suite_exit` and the closing lines, into `last`'s buffer.
pub(super) struct Unit {
    pub(super) suite: usize,
    pub(super) cases: std::ops::Range<usize>,
    pub(super) first: usize,
    pub(super) last: usize,
}

/// One unit's progress; whichever driver `owner` names may change it. The suite-wide
/// fields (`started`, `init_err`, `start`, `units_left`, `sanitizer_report`) are kept on the
/// suite's first unit.
pub(super) struct SuiteProgress {
    /// Where the unit prints (its own buffer unless the run streams).
    pub(super) sink: Arc<Sink>,
    /// The suite's log (suite-level lines), shared by its units.
    pub(super) log: SharedLog,
    /// The driver running the unit (0: none).
    pub(super) owner: u64,
    pub(super) started: bool,
    pub(super) init_err: Option<i32>,
    /// Units of the suite whose cases are not all done yet.
    pub(super) units_left: usize,
    /// The next case to run (its index in the suite).
    pub(super) next_case: usize,
    pub(super) stats: Stats,
    pub(super) totals: Stats,
    pub(super) cases: Vec<CaseReport>,
    pub(super) in_flight: Option<InFlight>,
    pub(super) start: Option<Instant>,
    /// The suite's report, on the unit whose driver ended the suite.
    pub(super) report: Option<SuiteReport>,
    /// Nothing more will be printed into `sink` (it may be flushed).
    pub(super) done: bool,
    /// Suite-wide, on the first unit: a sanitizer report came during `suite_init` or
    /// `suite_exit` (the suite fails).
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
    /// Units printed so far (several jobs: in plan order).
    pub(super) printed: usize,
    pub(super) next_driver: u64,
    /// Suites handed over after a timeout, with the id of the driver that is to resume them;
    /// the thread waiting in `run_plan` starts those drivers.
    pub(super) handed_over: Vec<(usize, u64)>,
    /// Indexed like [`Run::units`].
    pub(super) units: Vec<SuiteProgress>,
}

/// One run of a plan, shared by its drivers, the watchdog's callback and the waiting caller.
pub(super) struct Run {
    pub(super) plan: Vec<PlannedSuite>,
    pub(super) units: Vec<Unit>,
    pub(super) config: Config,
    pub(super) out: Arc<Sink>,
    /// One job: suites print as they run; several: into buffers, printed in plan order.
    pub(super) streaming: bool,
    /// The listener of [`run_plan_with_events`](super::run_plan_with_events).
    pub(super) events: Option<Arc<dyn RunEvents>>,
    pub(super) state: Mutex<State>,
    /// Signalled whenever a unit finishes, a suite starts or a unit is handed over.
    pub(super) changed: Condvar,
}

impl Run {
    /// The units of `plan`: with several jobs, each case of a suite whose cases may run
    /// in parallel is a unit of its own; every other suite is one unit.
    pub(super) fn units(plan: &[PlannedSuite], jobs: usize) -> Vec<Unit> {
        let mut units = Vec::new();
        for (s, planned) in plan.iter().enumerate() {
            let suite = planned.reg.suite;
            let n = planned.cases.len();
            let first = units.len();
            if jobs > 1 && suite.parallel_cases && !suite.attr.serial && n > 1 {
                units.extend((0..n).map(|j| Unit {
                    suite: s,
                    cases: j..j + 1,
                    first,
                    last: first + n - 1,
                }));
            } else {
                units.push(Unit {
                    suite: s,
                    cases: 0..n,
                    first,
                    last: first,
                });
            }
        }
        units
    }

    /// The state of a run of `plan` in `units` on `jobs` drivers (ids 1..=jobs), nothing
    /// started yet.
    pub(super) fn new(
        plan: Vec<PlannedSuite>,
        units: Vec<Unit>,
        config: &Config,
        out: Arc<Sink>,
        jobs: usize,
        events: Option<Arc<dyn RunEvents>>,
    ) -> Run {
        let streaming = jobs == 1;
        let mut order: Vec<usize> = (0..units.len()).collect();
        if !streaming {
            order.sort_by_key(|&u| plan[units[u].suite].reg.suite.attr.serial);
        }
        let mut log = SharedLog::default();
        let progress = units
            .iter()
            .enumerate()
            .map(|(u, unit)| {
                if u == unit.first {
                    log = SharedLog::default();
                }
                SuiteProgress {
                    sink: if streaming {
                        out.clone()
                    } else {
                        let buffer = Sink::buffer();
                        buffer.set_assert_diff(config.diff);
                        Arc::new(buffer)
                    },
                    log: log.clone(),
                    owner: 0,
                    started: false,
                    init_err: None,
                    units_left: unit.last + 1 - unit.first,
                    next_case: unit.cases.start,
                    stats: Stats::default(),
                    totals: Stats::default(),
                    cases: Vec::new(),
                    in_flight: None,
                    start: None,
                    report: None,
                    done: false,
                    sanitizer_report: false,
                }
            })
            .collect::<Vec<SuiteProgress>>();
        if let Some(head) = progress.first().filter(|_| !streaming) {
            head.sink.forward_to(&out);
        }
        Run {
            plan,
            units,
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
                units: progress,
            }),
            changed: Condvar::new(),
        }
    }

    /// The suite unit `u` belongs to.
    pub(super) fn planned(&self, u: usize) -> &PlannedSuite {
        &self.plan[self.units[u].suite]
    }

    pub(super) fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits for [`Run::changed`].
    pub(super) fn wait<'a>(&self, st: MutexGuard<'a, State>) -> MutexGuard<'a, State> {
        self.changed.wait(st).unwrap_or_else(|e| e.into_inner())
    }

    /// Takes the next unit in order for driver `me`; serial suites wait until nothing else
    /// runs, and a suite's later units until its first has started it (`suite_init`).
    /// `None` when every unit is taken.
    pub(super) fn claim(&self, me: u64) -> Option<usize> {
        let mut st = self.lock();
        loop {
            let &u = st.order.get(st.next)?;
            let unit = &self.units[u];
            let serial = self.planned(u).reg.suite.attr.serial && !self.streaming;
            let unstarted = u != unit.first && !st.units[unit.first].started;
            if st.running_serial || (serial && st.running > 0) || unstarted {
                st = self.wait(st);
                continue;
            }
            st.next += 1;
            st.running += 1;
            st.running_serial = serial;
            st.units[u].owner = me;
            return Some(u);
        }
    }

    /// The deadline `token` of suite `s` passed: if that is still the piece in flight, its
    /// tests are detached and the suite is queued for a new driver. Returns whether it was.
    pub(super) fn hand_over(&self, s: usize, token: u64) -> bool {
        let mut st = self.lock();
        let Some(f) = st.units[s].in_flight.as_ref().filter(|f| f.token == token) else {
            return false;
        };
        f.running.detach();
        if let Some(parent) = &f.parent {
            parent.detach();
        }
        let id = st.next_driver;
        st.next_driver += 1;
        st.units[s].owner = id;
        st.handed_over.push((s, id));
        drop(st);
        self.changed.notify_all();
        true
    }

    /// Unit `u` is done (with the suite's `report` if its driver ended the suite): its
    /// driver lets go, buffers print as far as complete.
    pub(super) fn finish_unit(&self, u: usize, report: Option<SuiteReport>) {
        let mut st = self.lock();
        let ss = &mut st.units[u];
        ss.report = report;
        ss.done = true;
        ss.owner = 0;
        st.finished += 1;
        st.running -= 1;
        if self.planned(u).reg.suite.attr.serial {
            st.running_serial = false;
        }
        if !self.streaming {
            self.flush_in_order(&mut st);
        }
        self.changed.notify_all();
    }

    /// Prints finished unit buffers, in plan order, as far as they are complete.
    fn flush_in_order(&self, st: &mut State) {
        while st.printed < st.units.len() && st.units[st.printed].done {
            let bytes = st.units[st.printed].sink.take_buffer();
            self.out.raw(&bytes);
            st.printed += 1;
        }
        // The next unit in order prints live from now on.
        if let Some(head) = st.units.get(st.printed) {
            head.sink.forward_to(&self.out);
        }
    }
}
