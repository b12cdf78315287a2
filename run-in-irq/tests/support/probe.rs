//! Test helpers: a snapshot of every context predicate, a recording irq handler,
//! and running a kunit case in a nested, unregistered suite to inspect its log.

use kunit::prelude::*;
use run_in_irq::{
    in_hardirq, in_interrupt, in_serving_softirq, in_softirq, in_task, irqs_disabled, may_use_simd,
    IrqHandler, IrqLine,
};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU32, Ordering::SeqCst};
use std::time::{Duration, Instant};

pub const TASK: u32 = 1;
pub const HARDIRQ: u32 = 1 << 1;
pub const SERVING_SOFTIRQ: u32 = 1 << 2;
pub const SOFTIRQ: u32 = 1 << 3;
pub const INTERRUPT: u32 = 1 << 4;
pub const IRQS_DISABLED: u32 = 1 << 5;
pub const SIMD: u32 = 1 << 6;
pub const ON_ALTSTACK: u32 = 1 << 7;

/// True while running on an alternate signal stack (async-signal-safe syscall).
pub fn on_altstack() -> bool {
    // SAFETY: querying the current alt stack; a zeroed stack_t is a valid out-parameter.
    unsafe {
        let mut ss: libc::stack_t = std::mem::zeroed();
        libc::sigaltstack(std::ptr::null(), &mut ss);
        ss.ss_flags & libc::SS_ONSTACK != 0
    }
}

/// Every predicate of the current context as a bit set. Async-signal-safe.
pub fn snapshot() -> u32 {
    [
        (in_task(), TASK),
        (in_hardirq(), HARDIRQ),
        (in_serving_softirq(), SERVING_SOFTIRQ),
        (in_softirq(), SOFTIRQ),
        (in_interrupt(), INTERRUPT),
        (irqs_disabled(), IRQS_DISABLED),
        (may_use_simd(), SIMD),
        (on_altstack(), ON_ALTSTACK),
    ]
    .iter()
    .fold(0, |acc, &(on, bit)| if on { acc | bit } else { acc })
}

pub fn gettid() -> i32 {
    // SAFETY: no preconditions.
    unsafe { libc::gettid() }
}

/// An irq handler that records what it saw. Hooks run inside the handlers.
#[derive(Default)]
pub struct Probe {
    pub hardirq_calls: AtomicU32,
    pub softirq_calls: AtomicU32,
    /// Snapshot taken by the first hardirq / softirq call.
    pub hardirq_seen: AtomicU32,
    pub softirq_seen: AtomicU32,
    pub hardirq_tid: AtomicI32,
    pub softirq_tid: AtomicI32,
    /// The hardirq raises softirq work.
    pub raise_softirq: AtomicBool,
    /// The hardirq re-arms the timer at this many ns (0: no).
    pub rearm_ns: AtomicU32,
    pub on_hardirq: Option<fn(&Probe, &IrqLine<'_>)>,
    pub on_softirq: Option<fn(&Probe, &IrqLine<'_>)>,
}

impl IrqHandler for Probe {
    fn hardirq(&self, line: &IrqLine<'_>) {
        if self.hardirq_calls.fetch_add(1, SeqCst) == 0 {
            self.hardirq_seen.store(snapshot(), SeqCst);
            self.hardirq_tid.store(gettid(), SeqCst);
        }
        if let Some(hook) = self.on_hardirq {
            hook(self, line);
        }
        if self.raise_softirq.load(SeqCst) {
            line.raise_softirq();
        }
        let ns = self.rearm_ns.load(SeqCst);
        if ns != 0 {
            line.arm_timer_ns(u64::from(ns));
        }
    }

    fn softirq(&self, line: &IrqLine<'_>) {
        if self.softirq_calls.fetch_add(1, SeqCst) == 0 {
            self.softirq_seen.store(snapshot(), SeqCst);
            self.softirq_tid.store(gettid(), SeqCst);
        }
        if let Some(hook) = self.on_softirq {
            hook(self, line);
        }
    }
}

/// How far past its time limit an irq test may end. The task loop reads the clock
/// after each call, so it stops within one call — plus the interrupts that land in
/// it and however long the scheduler keeps the thread off a CPU — of the limit.
/// Half a second is far above that on a loaded 2-CPU machine and far below what a
/// loop that ignored the limit would take.
pub const TIME_LIMIT_TOLERANCE: Duration = Duration::from_millis(500);

/// Spins until `cond` holds or `limit` passes; returns whether it held.
pub fn spin_until(limit: Duration, cond: impl Fn() -> bool) -> bool {
    let end = Instant::now() + limit;
    while Instant::now() < end {
        if cond() {
            return true;
        }
        std::hint::spin_loop();
    }
    cond()
}

/// Runs `suite` (unregistered) on its own and returns (status, log) of its first case.
pub fn run_inner(suite: &'static Suite) -> (Status, String) {
    let report = kunit::run(
        Some(&[kunit::Registration::unregistered(suite, "run_in_irq")]),
        &kunit::Config::default(),
        std::io::sink(),
    )
    .expect("inner suite runs");
    let case = &report.suites[0].cases[0];
    (case.status, case.log.clone())
}

/// Number of KUnit "EXPECTATION FAILED" blocks in a case log.
pub fn failures_in(log: &str) -> usize {
    log.matches("EXPECTATION FAILED").count()
}

/// Asserts that a test body saw `Ok` from with_irq_line.
pub fn line_ok<R>(test: &mut Kunit, r: std::io::Result<R>) -> Option<R> {
    match r {
        Ok(v) => Some(v),
        Err(e) => {
            kunit_fail!(test, "with_irq_line failed: {}", e);
            None
        }
    }
}
