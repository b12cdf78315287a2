//! The `kunit_run_irq_test()` algorithm, independent of the test framework.
//!
//! Runs `func` concurrently in task context (the calling thread), hardirq context
//! (a timer signal that interrupts the calling thread itself) and
//! softirq context (BH work queued by the timer callback), following the newest
//! upstream version (include/kunit/run-in-irq-context.h, "V4"):
//!
//! * the timer starts at 5 µs; each callback reads the counters and, once it has
//!   run ≥ 20 times while it outpaces either other context by 2×, adds 250 ns;
//! * the callback re-arms itself relative to now (`hrtimer_forward_now`) and queues
//!   the BH work, which coalesces while pending;
//! * the task loop ends when calls in **all three** contexts reach `max_iterations`
//!   and each context ran at least once — or after the 1 s wall-clock limit;
//! * at most three calls run at once, one per context.
//!
//! Only the fixed algorithm is here: models of the versions before "kunit: Enforce task
//! execution in {soft,hard}irq contexts" belong to the suites that reproduce their bugs
//! (the polyval suite's seed model), not to the published crate.

use crate::contexts::preempt_count::{in_hardirq, in_serving_softirq};
use crate::contexts::violations::{report_violation, take_violations, Violation, ViolationRecord};
use crate::irq_run::startup::{irq_startup, IrqStartup};
use crate::sources::line::{with_irq_line, IrqHandler, IrqLine, LineConfig, SoftirqMode};
use crate::sources::timer::{monotonic_ns, HardirqTimer};
use std::io;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// Initial timer interval (`us_to_ktime(5)`).
pub const INITIAL_INTERVAL_NS: u64 = 5_000;
/// Back-off step of the timer interval.
pub const INTERVAL_STEP_NS: u64 = 250;

/// How to run one irq test.
#[derive(Clone, Copy, Debug)]
pub struct IrqTestConfig {
    /// Where the BH work runs (default: on irq exit).
    pub softirq_mode: SoftirqMode,
    /// What delivers the timer interrupts (default [`HardirqTimer::Auto`]: a timer
    /// thread while it gets a CPU in time, else the POSIX timer).
    pub hardirq_timer: HardirqTimer,
    /// When the first timer expiry is armed (default: the process-wide setting).
    pub startup: IrqStartup,
    /// Wall-clock limit of the task loop (`HZ` jiffies upstream).
    pub time_limit: Duration,
}

impl Default for IrqTestConfig {
    /// On-irq-exit softirqs, the automatic timer choice, the process-wide [`irq_startup`]
    /// setting and 1 s.
    fn default() -> Self {
        IrqTestConfig {
            softirq_mode: SoftirqMode::OnIrqExit,
            hardirq_timer: HardirqTimer::Auto,
            startup: irq_startup(),
            time_limit: Duration::from_secs(1),
        }
    }
}

/// What happened in one irq test.
#[derive(Clone, Debug)]
pub struct IrqTestReport {
    /// Calls of `func` in task context.
    pub task_calls: u32,
    /// Calls of `func` in hardirq context (timer callbacks).
    pub hardirq_calls: u32,
    /// Calls of `func` in softirq context (BH work runs).
    pub softirq_calls: u32,
    /// `func` returned false at least once in task context.
    pub task_failed: bool,
    /// `func` returned false at least once in hardirq context.
    pub hardirq_failed: bool,
    /// `func` returned false at least once in softirq context.
    pub softirq_failed: bool,
    /// Task loop duration.
    pub elapsed: Duration,
    /// When the task first saw every context having run (None: never).
    pub all_contexts_after: Option<Duration>,
    /// Timer interval at the end.
    pub final_interval_ns: u64,
    /// What delivered the hardirqs at the end ([`HardirqTimer::Auto`] resolved: the
    /// timer thread, or the POSIX timer if the thread was starved).
    pub hardirq_timer: HardirqTimer,
    /// Kernel-rule violations from this thread's contexts during the run.
    pub violations: Vec<ViolationRecord>,
}

/// State shared by the three contexts (the C `struct kunit_irq_test_state`).
struct IrqTestState<'s, S, F> {
    func: &'s F,
    state: &'s S,
    task_calls: AtomicU32,
    hardirq_calls: AtomicU32,
    softirq_calls: AtomicU32,
    task_failed: AtomicBool,
    hardirq_failed: AtomicBool,
    softirq_failed: AtomicBool,
    interval_ns: AtomicU64,
    bh_pending: AtomicBool,
    warned: AtomicBool,
}

impl<S, F: Fn(&S) -> bool> IrqTestState<'_, S, F> {
    #[track_caller]
    fn warn_on_once(&self, condition: bool) {
        if condition && !self.warned.swap(true, Relaxed) {
            report_violation(Violation::WrongContext);
        }
    }
}

impl<S: Sync, F: Fn(&S) -> bool + Sync> IrqHandler for IrqTestState<'_, S, F> {
    /// The hrtimer callback.
    fn hardirq(&self, line: &IrqLine<'_>) {
        self.warn_on_once(!in_hardirq());
        let t = self.task_calls.load(Relaxed);
        let h = self.hardirq_calls.fetch_add(1, Relaxed) + 1;
        let s = self.softirq_calls.load(Relaxed);
        // Back off so the timer cannot starve the task or the BH work.
        if h >= 20 && (h / 2 > s || h / 2 > t) {
            self.interval_ns.fetch_add(INTERVAL_STEP_NS, Relaxed);
        }
        if !(self.func)(self.state) {
            self.hardirq_failed.store(true, Relaxed);
        }
        line.arm_timer_ns(self.interval_ns.load(Relaxed));
        // queue_work(): a no-op while the work is still pending.
        if !self.bh_pending.swap(true, Relaxed) {
            line.raise_softirq();
        }
    }

    /// The BH work function.
    fn softirq(&self, _line: &IrqLine<'_>) {
        // Dequeued before it runs: a hardirq during the call queues it again.
        if !self.bh_pending.swap(false, Relaxed) {
            return;
        }
        self.warn_on_once(!in_serving_softirq());
        self.softirq_calls.fetch_add(1, Relaxed);
        if !(self.func)(self.state) {
            self.softirq_failed.store(true, Relaxed);
        }
    }
}

/// Runs the irq test (see the module docs) and reports what happened; the KUnit
/// wrapper `kunit_run_irq_test` turns the report into expectations.
///
/// `func` runs inside a signal handler in hardirq context (and, with
/// [`SoftirqMode::OnIrqExit`], in softirq context): there it must not allocate,
/// lock or panic. Errors only if the timer or signal setup fails.
///
/// ```
/// use run_in_irq::{in_hardirq, may_use_simd, run_irq_test, IrqTestConfig};
/// use std::sync::atomic::{AtomicU32, Ordering};
///
/// let hardirq_seen = AtomicU32::new(0);
/// let report = run_irq_test(
///     |seen: &AtomicU32| {
///         if in_hardirq() {
///             seen.fetch_add(1, Ordering::Relaxed); // atomics are fine in hardirq
///             return !may_use_simd(); // the kernel's rule: no SIMD in hardirq
///         }
///         true
///     },
///     10_000,
///     &hardirq_seen,
///     &IrqTestConfig::default(),
/// )
/// .expect("timer and signal set-up");
/// assert!(report.task_calls > 0);
/// assert!(!report.task_failed && !report.hardirq_failed && !report.softirq_failed);
/// assert_eq!(report.hardirq_calls, hardirq_seen.load(Ordering::Relaxed));
/// ```
pub fn run_irq_test<S: Sync, F: Fn(&S) -> bool + Sync>(
    func: F,
    max_iterations: u32,
    state: &S,
    config: &IrqTestConfig,
) -> io::Result<IrqTestReport> {
    let test = IrqTestState {
        func: &func,
        state,
        task_calls: AtomicU32::new(0),
        hardirq_calls: AtomicU32::new(0),
        softirq_calls: AtomicU32::new(0),
        task_failed: AtomicBool::new(false),
        hardirq_failed: AtomicBool::new(false),
        softirq_failed: AtomicBool::new(false),
        interval_ns: AtomicU64::new(INITIAL_INTERVAL_NS),
        bh_pending: AtomicBool::new(false),
        warned: AtomicBool::new(false),
    };
    let line_config = LineConfig {
        softirq_mode: config.softirq_mode,
        hardirq_timer: config.hardirq_timer,
    };
    let (elapsed, all_contexts_after, hardirq_timer) = with_irq_line(&test, line_config, |line| {
        let (elapsed, all_contexts_after) = task_loop(&test, line, max_iterations, config);
        (elapsed, all_contexts_after, line.hardirq_timer())
    })?;
    // Everything this thread's contexts recorded, including before the loop.
    let violations = take_violations();
    Ok(IrqTestReport {
        task_calls: test.task_calls.load(Relaxed),
        hardirq_calls: test.hardirq_calls.load(Relaxed),
        softirq_calls: test.softirq_calls.load(Relaxed),
        task_failed: test.task_failed.load(Relaxed),
        hardirq_failed: test.hardirq_failed.load(Relaxed),
        softirq_failed: test.softirq_failed.load(Relaxed),
        elapsed,
        all_contexts_after,
        final_interval_ns: test.interval_ns.load(Relaxed),
        hardirq_timer,
        violations,
    })
}

/// The task-context loop; returns its duration and when all contexts had run.
fn task_loop<S: Sync, F: Fn(&S) -> bool + Sync>(
    test: &IrqTestState<'_, S, F>,
    line: &IrqLine<'_>,
    max_iterations: u32,
    config: &IrqTestConfig,
) -> (Duration, Option<Duration>) {
    let start = Instant::now();
    // The same clock as `Instant`, in the timer's units (for the starvation check).
    let start_ns = monotonic_ns();
    let end = start + config.time_limit;
    let first_expiry = INITIAL_INTERVAL_NS
        + match config.startup {
            IrqStartup::Delay(d) => d.as_nanos() as u64,
            _ => 0,
        };
    let arm_after_calls = match config.startup {
        IrqStartup::AfterTaskCalls(n) => n,
        _ => 0,
    };
    let mut armed = arm_after_calls == 0;
    if armed {
        line.arm_timer_ns(first_expiry);
    }
    let mut all_contexts_after = None;
    loop {
        if !(test.func)(test.state) {
            test.task_failed.store(true, Relaxed);
        }
        let t = test.task_calls.fetch_add(1, Relaxed) + 1;
        let h = test.hardirq_calls.load(Relaxed);
        let s = test.softirq_calls.load(Relaxed);
        if !armed && t > arm_after_calls {
            armed = true;
            line.arm_timer_ns(first_expiry);
        }
        let now = Instant::now();
        line.claim_overdue_timer(start_ns + (now - start).as_nanos() as u64);
        if all_contexts_after.is_none() && h > 0 && s > 0 {
            all_contexts_after = Some(now - start);
        }
        let more = u64::from(t) + u64::from(h) + u64::from(s) < u64::from(max_iterations)
            || t == 0
            || h == 0
            || s == 0;
        if !(more && now <= end) {
            return (now - start, all_contexts_after);
        }
    }
}
