//! Driver threads (executor.c runs suites one after another; `--jobs N` runs N at once):
//! each driver claims the next suite in plan order, `serial` suites wait until nothing else
//! runs, and with several jobs each suite writes into its own buffer, printed in plan order
//! once complete — so the output is byte-identical to a serial run.

use super::report::{CaseReport, ParamReport, Report, SuiteReport};
use super::select::{Plan, PlannedSuite};
use super::{suite_run, timeout, Config, RunEvents};
use crate::ktap::Stats;
use crate::output::Sink;
use crate::test::{Log, Status, TestShared};
use crate::watchdog;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Instant;

/// The case a driver is running, kept where the watchdog's replacement driver can finish it.
pub(super) struct InFlight {
    pub(super) running: Arc<TestShared>,
    /// The parent test of a parameterized case (its actions run if the case times out).
    pub(super) parent: Option<Arc<TestShared>>,
    pub(super) log: Log,
    pub(super) start: Instant,
    pub(super) case_status: Status,
    pub(super) param_stats: Stats,
    pub(super) params: Vec<ParamReport>,
    /// The parameter being run: 1-based index and description.
    pub(super) param: Option<(usize, String)>,
    pub(super) token: u64,
}

pub(super) struct SuiteState {
    pub(super) sink: Arc<Sink>,
    pub(super) log: Log,
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
}

pub(super) struct State {
    pub(super) order: Vec<usize>,
    pub(super) next: usize,
    pub(super) running: usize,
    pub(super) running_serial: bool,
    pub(super) finished: usize,
    pub(super) printed: usize,
    pub(super) next_driver: u64,
    pub(super) suites: Vec<SuiteState>,
}

pub(super) struct Run {
    pub(super) plan: Vec<PlannedSuite>,
    pub(super) config: Config,
    pub(super) out: Arc<Sink>,
    pub(super) streaming: bool,
    /// The listener of [`run_plan_with_events`].
    pub(super) events: Option<Arc<dyn RunEvents>>,
    pub(super) state: Mutex<State>,
    pub(super) changed: Condvar,
}

impl Run {
    pub(super) fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Runs a plan, writing KTAP to `out`, and returns the results.
pub fn run_plan(plan: Plan, config: &Config, out: Arc<Sink>) -> Report {
    run_plan_with_events(plan, config, out, None)
}

/// [`run_plan`], telling `events` (if any) of each case and suite as it ends.
pub fn run_plan_with_events(
    plan: Plan,
    config: &Config,
    out: Arc<Sink>,
    events: Option<Arc<dyn RunEvents>>,
) -> Report {
    let start = Instant::now();
    out.set_assert_diff(config.diff);
    if let Some(v) = config.format.top_version() {
        out.line(v);
    }
    out.line(&format!("1..{}", plan.suites.len()));
    let n = plan.suites.len();
    let jobs = config.jobs.clamp(1, n.max(1));
    let streaming = jobs == 1;
    let mut order: Vec<usize> = (0..n).collect();
    if !streaming {
        order.sort_by_key(|&i| plan.suites[i].reg.suite.attr.serial);
    }
    let suites = (0..n)
        .map(|_| SuiteState {
            sink: if streaming {
                out.clone()
            } else {
                let buffer = Sink::buffer();
                buffer.set_assert_diff(config.diff);
                Arc::new(buffer)
            },
            log: Log::default(),
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
        })
        .collect();
    let run = Arc::new(Run {
        plan: plan.suites,
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
            suites,
        }),
        changed: Condvar::new(),
    });
    crate::test::install_helper_panic_reporting();
    for id in 1..=jobs as u64 {
        start_driver(run.clone(), id, None);
    }
    let mut st = run.lock();
    while st.finished < n {
        st = run.changed.wait(st).unwrap_or_else(|e| e.into_inner());
    }
    let suites = st
        .suites
        .iter_mut()
        .filter_map(|s| s.report.take())
        .collect();
    Report {
        suites,
        filtered_out: plan.filtered_out,
        duration: start.elapsed(),
    }
}

pub(super) fn start_driver(run: Arc<Run>, id: u64, resume: Option<usize>) {
    std::thread::Builder::new()
        .name(format!("kunit-driver-{id}"))
        .stack_size(16 << 20)
        .spawn(move || driver(run, id, resume))
        .expect("kunit: cannot start a driver thread");
}

thread_local! {
    /// This driver's watchdog slot (armed around each case).
    pub(super) static DRIVER_SLOT: watchdog::Slot = const { watchdog::Slot::unset() };
}

fn driver(run: Arc<Run>, me: u64, resume: Option<usize>) {
    let on_expire = run.clone();
    DRIVER_SLOT.with(|slot| {
        slot.register(Arc::new(move |suite, token| {
            timeout::on_timeout(on_expire.clone(), suite, token)
        }))
    });
    drive(&run, me, resume);
    DRIVER_SLOT.with(|slot| slot.unregister());
}

fn drive(run: &Arc<Run>, me: u64, mut resume: Option<usize>) {
    loop {
        let s = match resume.take() {
            Some(s) => {
                timeout::finish_timed_out_case(run, s, me);
                s
            }
            None => match claim(run, me) {
                Some(s) => s,
                None => return,
            },
        };
        if !suite_run::drive_suite(run, s, me) {
            return;
        }
    }
}

/// Takes the next suite in order; serial suites wait until nothing else runs.
fn claim(run: &Run, me: u64) -> Option<usize> {
    let mut st = run.lock();
    loop {
        let &s = st.order.get(st.next)?;
        let serial = run.plan[s].reg.suite.attr.serial && !run.streaming;
        if st.running_serial || (serial && st.running > 0) {
            st = run.changed.wait(st).unwrap_or_else(|e| e.into_inner());
            continue;
        }
        st.next += 1;
        st.running += 1;
        st.running_serial = serial;
        st.suites[s].owner = me;
        return Some(s);
    }
}

/// Prints finished suite buffers, in plan order, as far as they are complete.
pub(super) fn flush_in_order(run: &Run, st: &mut State) {
    while st.printed < st.suites.len() && st.suites[st.printed].report.is_some() {
        let bytes = st.suites[st.printed].sink.take_buffer();
        run.out.raw(&bytes);
        st.printed += 1;
    }
}
