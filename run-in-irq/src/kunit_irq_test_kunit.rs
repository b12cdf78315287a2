//! kunit_run_irq_test semantics: every context runs and counts, KUnit's exact
//! expectation text per failing context, max_iterations = 1, the 1 s limit, the
//! interval back-off, at most one concurrent call per context, both softirq modes and
//! both hardirq timers, and `Auto` leaving a starved timer thread for the POSIX timer.
//!
//! Nothing here asserts machine speed: a loop may end at its time limit instead of
//! its iteration count (on a busy machine), and then must end within
//! [`TIME_LIMIT_TOLERANCE`] of it.

use crate::probe::*;
use kunit::prelude::*;
use run_in_irq::{
    kunit_run_irq_test, kunit_run_irq_test_with, run_irq_test, Context, HardirqTimer, IrqStartup,
    IrqTestConfig, IrqTestReport, LineConfig, SoftirqMode, INITIAL_INTERVAL_NS, INTERVAL_STEP_NS,
};
use std::sync::atomic::{AtomicI32, AtomicU32, Ordering::SeqCst};
use std::time::{Duration, Instant};

fn context_now() -> Context {
    Context::current()
}

/// Counts calls per context and checks that no context ever runs twice at once.
#[derive(Default)]
struct Recorder {
    calls: [AtomicU32; 3],
    active: [AtomicU32; 3],
    overlaps: AtomicU32,
    max_concurrent: AtomicU32,
    total_active: AtomicU32,
}

fn record(r: &Recorder) -> bool {
    let i = context_now() as usize;
    if r.active[i].fetch_add(1, SeqCst) != 0 {
        r.overlaps.fetch_add(1, SeqCst);
    }
    let now = r.total_active.fetch_add(1, SeqCst) + 1;
    r.max_concurrent.fetch_max(now, SeqCst);
    r.calls[i].fetch_add(1, SeqCst);
    std::hint::black_box((0..50u32).sum::<u32>());
    r.total_active.fetch_sub(1, SeqCst);
    r.active[i].fetch_sub(1, SeqCst);
    true
}

const LINES: [LineConfig; 4] = [
    line(SoftirqMode::OnIrqExit, HardirqTimer::TimerThread),
    line(SoftirqMode::OnIrqExit, HardirqTimer::PosixTimer),
    line(SoftirqMode::Thread, HardirqTimer::TimerThread),
    line(SoftirqMode::Thread, HardirqTimer::PosixTimer),
];

const fn line(softirq_mode: SoftirqMode, hardirq_timer: HardirqTimer) -> LineConfig {
    LineConfig {
        softirq_mode,
        hardirq_timer,
    }
}

fn line_desc(line: &LineConfig, desc: &mut String) {
    desc.push_str(match line.softirq_mode {
        SoftirqMode::OnIrqExit => "on_irq_exit",
        SoftirqMode::Thread => "ksoftirqd",
    });
    desc.push_str(match line.hardirq_timer {
        HardirqTimer::Auto => "/auto",
        HardirqTimer::TimerThread => "/timer_thread",
        HardirqTimer::PosixTimer => "/posix_timer",
    });
}
kunit_array_param!(line_configs, LINES, |l: &LineConfig, desc: &mut String| {
    line_desc(l, desc)
});

/// The fixed algorithm on the given line.
fn fixed_on(line: LineConfig) -> IrqTestConfig {
    IrqTestConfig {
        softirq_mode: line.softirq_mode,
        hardirq_timer: line.hardirq_timer,
        ..IrqTestConfig::default()
    }
}

fn test_all_contexts_run_and_count(test: &mut Kunit) {
    let line = *test.param::<LineConfig>();
    let rec = Recorder::default();
    let config = fixed_on(line);
    let r = run_irq_test(record, 100_000, &rec, &config);
    let Some(r) = line_ok(test, r) else { return };
    let [t, s, h] = [0, 1, 2].map(|i| rec.calls[i].load(SeqCst));
    kunit_expect_eq!(test, t, r.task_calls);
    kunit_expect_eq!(test, s, r.softirq_calls);
    kunit_expect_eq!(test, h, r.hardirq_calls);
    kunit_expect_gt!(test, h, 0);
    kunit_expect_gt!(test, s, 0);
    kunit_expect_eq!(test, rec.overlaps.load(SeqCst), 0);
    kunit_expect_le!(test, rec.max_concurrent.load(SeqCst), 3);
    expect_ended_by_count_or_limit(test, &r, 100_000, &config);
    // And through the KUnit wrapper: passes (and with the public default configuration).
    kunit_run_irq_test_with(test, record, 100_000, &rec, &config);
    if line == LINES[0] {
        kunit_run_irq_test(test, record, 100_000, &rec);
    }
}

/// The loop ended for one of its two reasons: the calls reached `max_iterations`, or
/// the time limit passed (then by at most [`TIME_LIMIT_TOLERANCE`]).
fn expect_ended_by_count_or_limit(
    test: &mut Kunit,
    r: &IrqTestReport,
    max_iterations: u32,
    config: &IrqTestConfig,
) {
    let calls = r.task_calls + r.hardirq_calls + r.softirq_calls;
    let by_count = calls >= max_iterations;
    let by_time = r.elapsed >= config.time_limit;
    kunit_expect_true_msg!(
        test,
        by_count || by_time,
        "{} calls after {:?}",
        calls,
        r.elapsed
    );
    kunit_expect_le!(test, r.elapsed, config.time_limit + TIME_LIMIT_TOLERANCE);
}

fn test_max_iterations_one_needs_every_context(test: &mut Kunit) {
    for line in LINES {
        let r = run_irq_test(|_: &()| true, 1, &(), &fixed_on(line));
        let Some(r) = line_ok(test, r) else { return };
        kunit_expect_ge!(test, r.task_calls, 1);
        kunit_expect_ge!(test, r.hardirq_calls, 1);
        kunit_expect_ge!(test, r.softirq_calls, 1);
    }
}

fn fails_in_task(_: &()) -> bool {
    context_now() != Context::Task
}
fn fails_in_hardirq(_: &()) -> bool {
    context_now() != Context::Hardirq
}
/// Not `!in_serving_softirq()`: a hardirq that interrupts softirq work is also
/// "serving softirq", exactly as in the kernel.
fn fails_in_softirq(_: &()) -> bool {
    context_now() != Context::Softirq
}
fn inner_fails_in_task(test: &mut Kunit) {
    kunit_run_irq_test_with(test, fails_in_task, 2_000, &(), &IrqTestConfig::default());
}
fn inner_fails_in_hardirq(test: &mut Kunit) {
    kunit_run_irq_test_with(
        test,
        fails_in_hardirq,
        2_000,
        &(),
        &IrqTestConfig::default(),
    );
}
fn inner_fails_in_softirq(test: &mut Kunit) {
    kunit_run_irq_test_with(
        test,
        fails_in_softirq,
        2_000,
        &(),
        &IrqTestConfig::default(),
    );
}
static INNER_TASK_CASES: &[Case] = &[kunit_case!(inner_fails_in_task)];
static INNER_HARDIRQ_CASES: &[Case] = &[kunit_case!(inner_fails_in_hardirq)];
static INNER_SOFTIRQ_CASES: &[Case] = &[kunit_case!(inner_fails_in_softirq)];
static INNER_TASK: Suite = Suite::new("inner", INNER_TASK_CASES);
static INNER_HARDIRQ: Suite = Suite::new("inner", INNER_HARDIRQ_CASES);
static INNER_SOFTIRQ: Suite = Suite::new("inner", INNER_SOFTIRQ_CASES);

/// The KUnit block of one failed `KUNIT_EXPECT_FALSE_MSG` from the wrapper.
fn false_block(case: &str, line: u32, ctx: &str) -> String {
    format!(
        "    # {case}: EXPECTATION FAILED at run-in-irq/src/kunit_irq_test.rs:{line}\n    \
         Expected state.{ctx}_func_reported_failure to be false, but is true\n\
         \n\
         Failure reported from {ctx} context\n"
    )
}

fn test_failure_reported_from_each_context(test: &mut Kunit) {
    for (suite, case, ctx) in [
        (&INNER_TASK, "inner_fails_in_task", "task"),
        (&INNER_HARDIRQ, "inner_fails_in_hardirq", "hardirq"),
        (&INNER_SOFTIRQ, "inner_fails_in_softirq", "softirq"),
    ] {
        let (status, log) = run_inner(suite);
        kunit_expect_eq!(test, status, Status::Failure);
        // Exactly one expectation failed, and it is this context's, in KUnit's words.
        kunit_expect_eq_msg!(test, failures_in(&log), 1, "{}", log);
        let line = log
            .split("kunit_irq_test.rs:")
            .nth(1)
            .and_then(|rest| rest.split('\n').next())
            .and_then(|n| n.parse::<u32>().ok())
            .unwrap_or(0);
        let expected = false_block(case, line, ctx) + &format!("    not ok 1 {case}\n");
        kunit_expect_streq!(test, log.as_str(), expected.as_str());
    }
}

fn inner_nothing_runs(test: &mut Kunit) {
    let config = IrqTestConfig {
        startup: IrqStartup::Delay(Duration::from_secs(5)),
        time_limit: Duration::from_millis(20),
        ..IrqTestConfig::default()
    };
    kunit_run_irq_test_with(test, |_: &()| true, 1_000, &(), &config);
}
static INNER_NOTHING_CASES: &[Case] = &[kunit_case!(inner_nothing_runs)];
static INNER_NOTHING: Suite = Suite::new("inner", INNER_NOTHING_CASES);

fn test_not_called_messages(test: &mut Kunit) {
    let (status, log) = run_inner(&INNER_NOTHING);
    kunit_expect_eq!(test, status, Status::Failure);
    let lines: Vec<u32> = log
        .split("kunit_irq_test.rs:")
        .skip(1)
        .filter_map(|rest| rest.split('\n').next()?.parse().ok())
        .collect();
    kunit_assert_eq!(test, lines.len(), 2);
    let expected = format!(
        "    # inner_nothing_runs: EXPECTATION FAILED at run-in-irq/src/kunit_irq_test.rs:{}\n    \
         Expected state.hardirq_func_calls > 0, but\n        \
         state.hardirq_func_calls == 0 (0x0)\n\
         \n\
         Timer function was not called\n    \
         # inner_nothing_runs: EXPECTATION FAILED at run-in-irq/src/kunit_irq_test.rs:{}\n    \
         Expected state.softirq_func_calls > 0, but\n        \
         state.softirq_func_calls == 0 (0x0)\n\
         \n\
         BH work function was not called\n    \
         not ok 1 inner_nothing_runs\n",
        lines[0], lines[1]
    );
    kunit_expect_streq!(test, log.as_str(), expected.as_str());
}

fn spin_for(d: Duration) {
    let end = Instant::now() + d;
    while Instant::now() < end {
        std::hint::spin_loop();
    }
}

fn slow_1ms(_: &()) -> bool {
    spin_for(Duration::from_millis(1));
    true
}

fn test_slow_func_stops_at_time_limit(test: &mut Kunit) {
    let config = IrqTestConfig::default();
    let r = run_irq_test(slow_1ms, 10_000_000, &(), &config);
    let Some(r) = line_ok(test, r) else { return };
    kunit_expect_ge!(test, r.elapsed, config.time_limit);
    kunit_expect_le!(test, r.elapsed, config.time_limit + TIME_LIMIT_TOLERANCE);
    kunit_expect_gt!(test, r.hardirq_calls, 0);
    kunit_expect_gt!(test, r.softirq_calls, 0);
}

/// Hardirq work far longer than the 5 µs interval, and task calls that need several
/// interrupt-free stretches to finish: without the back-off the timer would own the
/// CPU (the V2 hang that V3/V4 fixed).
fn costly_hardirq(_: &()) -> bool {
    match Context::current() {
        Context::Hardirq => spin_for(Duration::from_micros(30)),
        Context::Task => spin_for(Duration::from_micros(100)),
        Context::Softirq => {}
    }
    true
}

fn test_interval_backoff_prevents_livelock(test: &mut Kunit) {
    for hardirq_timer in [HardirqTimer::TimerThread, HardirqTimer::PosixTimer] {
        let line = line(SoftirqMode::OnIrqExit, hardirq_timer);
        let config = fixed_on(line);
        let r = run_irq_test(costly_hardirq, 3_000, &(), &config);
        let Some(r) = line_ok(test, r) else { return };
        let (t, h, s) = (r.task_calls, r.hardirq_calls, r.softirq_calls);
        // The back-off rule, checked on the final counts: the last hardirq saw these
        // hardirq calls and at most these task/softirq calls, so if they still call
        // for a back-off, that hardirq backed off. (A timer thread starved by a busy
        // machine may deliver too few interrupts to need one: then none is due.)
        let backoff_due = h >= 20 && (h / 2 > s || h / 2 > t);
        if backoff_due {
            kunit_expect_gt_msg!(test, r.final_interval_ns, INITIAL_INTERVAL_NS, "{:?}", line);
        }
        // Each step is one hardirq's, and the first 20 never step.
        let steps = (r.final_interval_ns - INITIAL_INTERVAL_NS) / INTERVAL_STEP_NS;
        kunit_expect_le_msg!(test, steps, u64::from(h.saturating_sub(19)), "{:?}", line);
        // The task keeps up: at least a third of the hardirq's count, never starved.
        kunit_expect_ge_msg!(test, t * 3, h, "{:?}", line);
        expect_ended_by_count_or_limit(test, &r, 3_000, &config);
    }
}

/// Stalls the thread it is delivered to (the timer thread) far past `STARVED_NS`.
extern "C" fn stall_thread(_: libc::c_int) {
    let ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 20_000_000,
    };
    // SAFETY: nanosleep is async-signal-safe; a null remainder is allowed.
    unsafe { libc::nanosleep(&ts, std::ptr::null_mut()) };
}

/// The signal that stalls the timer thread (not used elsewhere in the workspace).
fn stall_signal() -> libc::c_int {
    libc::SIGRTMIN() + 7
}

/// Thread ids of this process's threads named `name`.
fn threads_named(name: &str) -> Vec<i32> {
    let Ok(dir) = std::fs::read_dir("/proc/self/task") else {
        return Vec::new();
    };
    dir.filter_map(|e| {
        let e = e.ok()?;
        let comm = std::fs::read_to_string(e.path().join("comm")).ok()?;
        (comm.trim_end() == name).then(|| e.file_name().to_str()?.parse().ok())?
    })
    .collect()
}

/// Task context, once: stall the line's timer thread and note the hardirq count.
#[derive(Default)]
struct Stall {
    /// When the task first looked for the timer thread.
    first_look: std::sync::OnceLock<Instant>,
    /// When the stall signal was sent.
    stalled_at: std::sync::OnceLock<Instant>,
    stalled_tid: AtomicI32,
    hardirqs_at_stall: AtomicU32,
    hardirqs: AtomicU32,
}

fn stall_timer_thread_once(s: &Stall) -> bool {
    match Context::current() {
        Context::Hardirq => {
            s.hardirqs.fetch_add(1, SeqCst);
        }
        Context::Task if s.stalled_tid.load(SeqCst) == 0 => {
            // The timer thread names itself as it starts: looked for on each call, for
            // a while (a line that started on the POSIX timer has none).
            let first_look = *s.first_look.get_or_init(Instant::now);
            if first_look.elapsed() > Duration::from_millis(300) {
                return true;
            }
            if let [tid] = threads_named("irq-timer")[..] {
                s.hardirqs_at_stall.store(s.hardirqs.load(SeqCst), SeqCst);
                s.stalled_tid.store(tid, SeqCst);
                let _ = s.stalled_at.set(Instant::now());
                // SAFETY: tgkill to a live thread of this process with a signal whose
                // handler (installed by the test) only sleeps.
                unsafe { libc::syscall(libc::SYS_tgkill, libc::getpid(), tid, stall_signal()) };
                // Let its deadline become overdue (the thread stays stalled far longer),
                // so the task loop finds it overdue when this call returns.
                spin_for(Duration::from_millis(2));
            }
        }
        _ => {}
    }
    true
}

/// A timer thread that cannot run (here: stalled in a signal handler for 20 ms, as
/// a thread waiting for the scheduler tick on a busy machine) misses its deadline;
/// an `Auto` line then delivers through the POSIX timer and keeps interrupting.
fn test_auto_leaves_a_starved_timer_thread(test: &mut Kunit) {
    // SAFETY: installs a handler for a signal nobody else uses; restored below.
    let old = unsafe {
        let mut act: libc::sigaction = std::mem::zeroed();
        act.sa_sigaction = stall_thread as *const () as usize;
        act.sa_flags = libc::SA_RESTART;
        let mut old: libc::sigaction = std::mem::zeroed();
        libc::sigaction(stall_signal(), &act, &mut old);
        old
    };
    let config = IrqTestConfig {
        hardirq_timer: HardirqTimer::Auto,
        ..IrqTestConfig::default()
    };
    // After an earlier starvation (e.g. of another case's timer thread on a busy
    // machine), Auto lines start on the POSIX timer for a while, with no timer thread
    // to stall: then wait that out once. No timer thread runs meanwhile, so none
    // can be starved again.
    let mut attempt = 0;
    let (r, stall) = loop {
        let stall = Stall::default();
        let r = run_irq_test(stall_timer_thread_once, 200_000, &stall, &config);
        attempt += 1;
        if attempt == 2 || stall.stalled_tid.load(SeqCst) != 0 || r.is_err() {
            break (r, stall);
        }
        std::thread::sleep(Duration::from_millis(550));
    };
    // SAFETY: restores the disposition saved above.
    unsafe { libc::sigaction(stall_signal(), &old, std::ptr::null_mut()) };
    let Some(r) = line_ok(test, r) else { return };
    kunit_assert_ne_msg!(
        test,
        stall.stalled_tid.load(SeqCst),
        0,
        "no timer thread to stall"
    );
    kunit_expect_eq!(test, r.hardirq_timer, HardirqTimer::PosixTimer);
    kunit_expect_gt!(
        test,
        stall.hardirqs.load(SeqCst),
        stall.hardirqs_at_stall.load(SeqCst)
    );
    kunit_expect_gt!(test, r.softirq_calls, 0);
    kunit_expect_false!(test, r.task_failed || r.hardirq_failed || r.softirq_failed);
    expect_ended_by_count_or_limit(test, &r, 200_000, &config);
    // An Auto line started within the hold after a starvation (500 ms) uses the
    // POSIX timer. The starvation was noted after the stall began, so this bound
    // holds whenever the stall began less than 450 ms ago (on a busy machine the run
    // itself may have taken longer: then the hold may rightly be over).
    let stalled_at = stall.stalled_at.get().copied();
    let r = run_irq_test(|_: &()| true, 1, &(), &config);
    if let (Some(r), Some(at)) = (line_ok(test, r), stalled_at) {
        if at.elapsed() < Duration::from_millis(450) {
            kunit_expect_eq!(test, r.hardirq_timer, HardirqTimer::PosixTimer);
        }
    }
}

static CASES: &[Case] = &[
    kunit_case_param!(test_all_contexts_run_and_count, line_configs),
    kunit_case!(test_max_iterations_one_needs_every_context),
    kunit_case!(test_failure_reported_from_each_context),
    kunit_case!(test_not_called_messages),
    kunit_case!(test_slow_func_stops_at_time_limit),
    kunit_case!(test_interval_backoff_prevents_livelock),
    kunit_case!(test_auto_leaves_a_starved_timer_thread),
];

kunit_test_suite!(Suite {
    name: "run_in_irq_test",
    test_cases: CASES,
    // Asserts on timing (back-off, the 1 s limit): other suites' load would skew it.
    attr: Attributes {
        serial: true,
        ..Attributes::DEFAULT
    },
    ..Suite::DEFAULT
});
