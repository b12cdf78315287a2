//! Driver threads (executor.c runs suites one after another; `--jobs N` runs N at once):
//! each driver claims the next unit in plan order — a suite, or one case of a suite whose
//! cases may run in parallel (`Suite::parallel_cases`) — `serial` suites wait until nothing
//! else runs, and with several jobs each unit writes into its own buffer, printed in plan
//! order once complete — so the output is byte-identical to a serial run. The caller's
//! thread waits for the units and starts the replacement driver of a unit whose case timed
//! out.

use super::case_run::DRIVER_SLOT;
use super::report::Report;
use super::select::Plan;
use super::state::Run;
use super::{suite_run, timeout, Config, RunEvents};
use crate::output::Sink;
use std::sync::Arc;
use std::time::Instant;

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
    // With a sanitizer runtime, one unit at a time — whole suites, their cases not split
    // into parallel units: a report must name its case.
    let serial_jobs = crate::sanitizer::serialize(config.jobs);
    let units = Run::units(&plan.suites, serial_jobs);
    let n = units.len();
    let jobs = serial_jobs.clamp(1, n.max(1));
    if serial_jobs < config.jobs && Run::units(&plan.suites, config.jobs).len() > 1 {
        out.line(if crate::sanitizer::runtime_present() {
            "# kunit-sanitizer: a sanitizer runtime is present; suites run one at a time"
        } else {
            "# kunit-sanitizer: running under valgrind; suites run one at a time"
        });
    }
    let run = Arc::new(Run::new(plan.suites, units, config, out, jobs, events));
    crate::test_handle::install_helper_panic_reporting();
    for id in 1..=jobs as u64 {
        start_driver(run.clone(), id, None);
    }
    let mut st = run.lock();
    loop {
        // A timed-out case's suite goes on in a fresh driver (the hung one is abandoned).
        for (s, id) in std::mem::take(&mut st.handed_over) {
            start_driver(run.clone(), id, Some(s));
        }
        if st.finished == n {
            break;
        }
        st = run.wait(st);
    }
    // Leaks (and any late report) belong to no case: printed for the run, which fails.
    for line in crate::sanitizer::end_of_run() {
        run.out.line(&line);
    }
    let suites = st
        .units
        .iter_mut()
        .filter_map(|s| s.report.take())
        .collect();
    Report {
        suites,
        filtered_out: plan.filtered_out,
        duration: start.elapsed(),
    }
}

fn start_driver(run: Arc<Run>, id: u64, resume: Option<usize>) {
    std::thread::Builder::new()
        .name(format!("kunit-driver-{id}"))
        .stack_size(16 << 20)
        .spawn(move || driver(run, id, resume))
        .expect("kunit: cannot start a driver thread");
}

fn driver(run: Arc<Run>, me: u64, resume: Option<usize>) {
    let on_expire = run.clone();
    DRIVER_SLOT.with(|slot| {
        slot.register(Arc::new(move |suite, token| {
            timeout::on_timeout(&on_expire, suite, token)
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
            None => match run.claim(me) {
                Some(s) => s,
                None => return,
            },
        };
        if !suite_run::drive_suite(run, s, me) {
            return;
        }
    }
}
