//! An irq line: a thread wired to a hardirq stand-in for the duration of a closure.
//! It sits on top of irq entry/exit (`irq`) and the interrupt sources (signal
//! handler, timers, ksoftirqd) and is what the irq test drives.
//!
//! [`with_irq_line`] installs the signal handler (restoring the previous disposition
//! when the last line anywhere goes away), gives the thread an alternate signal
//! stack, creates a timer that signals this very thread (a timer thread or a POSIX
//! timer, see [`HardirqTimer`]) and — in [`SoftirqMode::Thread`] — starts a
//! ksoftirqd-like worker. Teardown (also on unwind): block the signal, stop the timer,
//! discard undelivered expiries (`hrtimer_cancel`; no handler can be running, since
//! handlers run on this thread and finish before task code resumes), flush and join
//! the worker, restore state.
//! Lines on different threads are independent; a nested line on the same thread
//! temporarily replaces the outer one.

use crate::contexts::preempt_count::gettid;
use crate::entry::irq::{self, IrqVector, PreviousVector};
use crate::entry::sigmask::{block_and_drain, drain_blocked, irq_signal, restore_mask};
use crate::sources::ksoftirqd::Ksoftirqd;
use crate::sources::signal::ThreadSignals;
use crate::sources::timer::{HardirqTimer, IrqTimer, TimerThread};
use std::io;

/// What the hardirq stand-in runs. Both methods may run concurrently with the
/// task's own code, and `hardirq` runs inside a signal handler: it must be
/// async-signal-safe (no allocation, locks, formatting or panics).
pub trait IrqHandler: Sync {
    /// Runs in hardirq context with irqs disabled, on the line's thread.
    fn hardirq(&self, line: &IrqLine<'_>);
    /// Runs in softirq context after [`IrqLine::raise_softirq`] (on the line's thread
    /// at irq exit, or on its ksoftirqd worker).
    fn softirq(&self, _line: &IrqLine<'_>) {}
}

/// Where softirq work raised by a hardirq runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SoftirqMode {
    /// On irq exit, on the interrupted thread (the kernel's default BH processing).
    #[default]
    OnIrqExit,
    /// In a dedicated ksoftirqd-like worker thread (the PREEMPT_RT arrangement).
    Thread,
}

/// How a line delivers its interrupts. `SoftirqMode` converts into it (with the
/// default timer), so `with_irq_line(&h, SoftirqMode::OnIrqExit, ..)` works.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LineConfig {
    /// Where softirq work raised by the hardirq runs.
    pub softirq_mode: SoftirqMode,
    /// What delivers the timer interrupts.
    pub hardirq_timer: HardirqTimer,
}

impl From<SoftirqMode> for LineConfig {
    fn from(softirq_mode: SoftirqMode) -> Self {
        LineConfig {
            softirq_mode,
            ..LineConfig::default()
        }
    }
}

/// A thread's hardirq stand-in, passed to the closure and to the handler.
pub struct IrqLine<'a> {
    handler: &'a dyn IrqHandler,
    mode: SoftirqMode,
    timer: IrqTimer<'a>,
    ksoftirqd: Option<&'a Ksoftirqd>,
    thread: libc::pthread_t,
}

/// Irq entry on the line's thread dispatches to the line's handler.
impl IrqVector for IrqLine<'_> {
    fn hardirq(&self) {
        self.handler.hardirq(self);
    }

    fn softirq(&self) {
        self.handler.softirq(self);
    }
}

impl<'a> IrqLine<'a> {
    /// Where softirq work runs on this line.
    pub fn softirq_mode(&self) -> SoftirqMode {
        self.mode
    }

    /// Arms the line's one-shot timer to fire `ns` nanoseconds from now (0 disarms);
    /// re-arming replaces the previous expiry. On the POSIX timer, `ns` after the arm
    /// returns (see [`HardirqTimer::PosixTimer`]). Async-signal-safe: the hardirq handler
    /// re-arms with it, like `hrtimer_forward_now()` + `HRTIMER_RESTART`.
    pub fn arm_timer_ns(&self, ns: u64) {
        self.timer.arm_ns(ns);
    }

    /// What delivers the line's timer interrupts now: [`HardirqTimer::TimerThread`] or
    /// [`HardirqTimer::PosixTimer`] (an `Auto` line reports what it chose, and
    /// changes from the thread to the POSIX timer if the thread starves).
    pub fn hardirq_timer(&self) -> HardirqTimer {
        self.timer.current()
    }

    /// For a task loop that reads the clock anyway (`now_ns`: `CLOCK_MONOTONIC`):
    /// delivers an expiry that an `Auto` line's starved timer thread has not, and
    /// moves the line to the POSIX timer. True when it did.
    pub(crate) fn claim_overdue_timer(&self, now_ns: u64) -> bool {
        self.timer.claim_overdue(now_ns)
    }

    /// Sends the hardirq signal to the line's thread now. From that thread itself the
    /// handler has run (or, with irqs masked, is pending) when this returns.
    /// Async-signal-safe.
    pub fn raise_hardirq(&self) {
        // SAFETY: the target thread is alive while the line exists (the line is
        // confined to its with_irq_line call on that thread).
        unsafe { libc::pthread_kill(self.thread, irq_signal()) };
    }

    /// Queues softirq work: runs at irq exit on this thread ([`SoftirqMode::OnIrqExit`])
    /// or wakes the worker ([`SoftirqMode::Thread`]). Async-signal-safe.
    pub fn raise_softirq(&self) {
        match self.ksoftirqd {
            Some(k) => k.kick(),
            None => irq::raise_local_softirq(),
        }
    }
}

/// Restores the previous line and stops interrupt sources, also on unwind.
struct Detach<'l, 'a> {
    line: &'l IrqLine<'a>,
    previous: PreviousVector,
}

impl Drop for Detach<'_, '_> {
    fn drop(&mut self) {
        // Blocked first, so no handler can re-arm the timer after it is disarmed.
        let mask = block_and_drain();
        self.line.timer.stop();
        drain_blocked();
        // flush_work(): softirq work still pending here runs now, in softirq context.
        irq::run_pending_softirq_if_allowed();
        irq::restore_vector(self.previous);
        restore_mask(&mask);
        if let Some(k) = self.line.ksoftirqd {
            k.stop();
        }
    }
}

/// Runs `f` with the calling thread wired to `handler` (see the module docs);
/// `config` is a [`LineConfig`] or just a [`SoftirqMode`].
///
/// `handler.hardirq` runs inside a signal handler on this thread whenever the line's
/// timer fires or [`IrqLine::raise_hardirq`] is called; it must be async-signal-safe.
pub fn with_irq_line<R>(
    handler: &dyn IrqHandler,
    config: impl Into<LineConfig>,
    f: impl FnOnce(&IrqLine<'_>) -> R,
) -> io::Result<R> {
    let LineConfig {
        softirq_mode: mode,
        hardirq_timer,
    } = config.into();
    let _signals = ThreadSignals::setup()?;
    let tid = gettid();
    let timer_thread = TimerThread::new();
    let timer = IrqTimer::new(hardirq_timer.resolve(), &timer_thread, tid, irq_signal())?;
    let ksoftirqd = Ksoftirqd::new();
    // SAFETY: pthread_self has no preconditions.
    let thread = unsafe { libc::pthread_self() };
    let line = IrqLine {
        handler,
        mode,
        timer,
        ksoftirqd: (mode == SoftirqMode::Thread).then_some(&ksoftirqd),
        thread,
    };
    std::thread::scope(|s| {
        let line = &line;
        // Attached before any thread starts: on every way out (a failed spawn, a panic
        // in `f`) Detach stops what was started, so the scope's join cannot hang.
        let _detach = Detach {
            line,
            // SAFETY: `Detach` reattaches the previous vector before `line` goes away,
            // also on unwind.
            previous: unsafe { irq::set_vector(line) },
        };
        if let Some(t) = line.timer.thread() {
            t.spawn(s, tid, irq_signal())?;
        }
        if let Some(k) = line.ksoftirqd {
            std::thread::Builder::new()
                .name("ksoftirqd".into())
                .spawn_scoped(s, move || k.run(tid, || line.handler.softirq(line)))?;
        }
        Ok(f(line))
    })
}
