//! The hrtimer stand-in of an irq line: what makes the hardirq signal arrive a
//! given time after the line's timer is armed.
//!
//! * [`HardirqTimer::TimerThread`]: a per-line thread waits for the deadline and sends
//!   the signal with `pthread_kill`. Arming — which the hardirq handler does on every
//!   interrupt, like `hrtimer_forward_now()` — is a few atomic operations and no
//!   syscall. That matters on virtual machines, where programming a CPU timer
//!   (`timer_settime`) exits to the hypervisor: there the re-arm alone can cost
//!   more than the irq test's 5 µs interval, the interrupts then leave the task no
//!   time at all, and the adaptive interval has to back off far before the task runs.
//! * [`HardirqTimer::PosixTimer`]: `timer_create(CLOCK_MONOTONIC, SIGEV_THREAD_ID)`,
//!   re-armed with `timer_settime` (async-signal-safe). Needs no second CPU. Every
//!   delay is counted from when the arm returns: the machine's arm horizon, what an
//!   arm costs here, is added to it (see `arm_horizon`: on a VM a deadline a few µs
//!   out fires before `timer_settime` has returned, and a handler that re-arms itself
//!   then livelocks), learned from the arms themselves.
//!
//! [`HardirqTimer::Auto`] uses the timer thread while it has a CPU to run on, and the
//! POSIX timer otherwise: with one usable CPU; for [`STARVED_HOLD_NS`] after any timer
//! thread was starved; and mid-line, as soon as the line's timer thread misses a
//! deadline by more than [`STARVED_NS`]. On a busy machine (another CPU-bound process
//! beside the test) the timer thread only runs when the scheduler tick lets it, a few
//! interrupts per tick, while the POSIX timer is delivered by the kernel on time.
//! Starvation is measured, not guessed: the timer thread notes a late expiry when it
//! finally fires, and the irq test's task loop ([`IrqTimer::claim_overdue`]) takes
//! over a deadline the thread has not served in time.

use crate::sources::arm_horizon::{ArmEvidence, ArmHorizon};
use crate::sources::futex;
use std::io;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering::*};
use std::sync::OnceLock;
use std::thread::Scope;
use std::time::Duration;

/// What delivers an irq line's timer interrupts (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum HardirqTimer {
    /// [`HardirqTimer::TimerThread`] while it gets a CPU in time, else
    /// [`HardirqTimer::PosixTimer`] (with one usable CPU, after a recent starvation,
    /// or from the moment the line's timer thread misses a deadline).
    #[default]
    Auto,
    /// A per-line thread that sends the signal at the deadline.
    TimerThread,
    /// A per-thread POSIX timer (`SIGEV_THREAD_ID`). Its delays count from when the
    /// arm returns: each one is programmed plus the shortest delay this machine's timer
    /// can be armed for without firing before the arm returns (learned from earlier
    /// arms; several µs on a VM, usually nothing on bare metal).
    PosixTimer,
}

/// A timer-thread expiry later than this means the thread was not on a CPU: with one
/// of its own it fires within microseconds (it spins the last [`SPIN_NS`]), while a
/// thread that waits for the scheduler tick is milliseconds late.
pub(crate) const STARVED_NS: u64 = 500_000;
/// After a timer thread was starved, new `Auto` lines use the POSIX timer for this
/// long before they try a timer thread again (the load that starved it rarely ends
/// sooner, and a line that starts on a starved thread loses [`STARVED_NS`]).
pub(crate) const STARVED_HOLD_NS: u64 = 500_000_000;
/// When a timer thread was last seen starved (`CLOCK_MONOTONIC` ns; 0: never).
static LAST_STARVED_NS: AtomicU64 = AtomicU64::new(0);

/// What a line's timer is made of, once [`HardirqTimer::Auto`] is decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TimerKind {
    Posix,
    Thread,
    /// The timer thread, falling back to the POSIX timer if it starves.
    ThreadOrPosix,
}

impl HardirqTimer {
    /// The concrete kind this stands for on this machine, now.
    pub(crate) fn resolve(self) -> TimerKind {
        static MULTI_CPU: OnceLock<bool> = OnceLock::new();
        match self {
            HardirqTimer::Auto => {
                let multi = *MULTI_CPU.get_or_init(|| {
                    std::thread::available_parallelism().is_ok_and(|n| n.get() >= 2)
                });
                let last = LAST_STARVED_NS.load(Relaxed);
                if !multi || (last != 0 && monotonic_ns() - last < STARVED_HOLD_NS) {
                    TimerKind::Posix
                } else {
                    TimerKind::ThreadOrPosix
                }
            }
            HardirqTimer::TimerThread => TimerKind::Thread,
            HardirqTimer::PosixTimer => TimerKind::Posix,
        }
    }
}

/// `CLOCK_MONOTONIC` in nanoseconds. Async-signal-safe (POSIX lists clock_gettime).
pub(crate) fn monotonic_ns() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes the timespec we pass.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut ts) };
    ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
}

/// The timer of one line.
pub(crate) enum IrqTimer<'a> {
    Posix(PosixTimer),
    Thread(&'a TimerThread),
    /// [`TimerKind::ThreadOrPosix`]: arms go to the thread until it is starved.
    ThreadOrPosix {
        thread: &'a TimerThread,
        posix: PosixTimer,
    },
}

impl<'a> IrqTimer<'a> {
    /// The timer of `kind` signalling thread `tid` with `sig`; `thread` is started
    /// by the caller (see [`IrqTimer::thread`]).
    pub(crate) fn new(
        kind: TimerKind,
        thread: &'a TimerThread,
        tid: i32,
        sig: libc::c_int,
    ) -> io::Result<IrqTimer<'a>> {
        Ok(match kind {
            TimerKind::Posix => IrqTimer::Posix(PosixTimer::new(tid, sig)?),
            TimerKind::Thread => IrqTimer::Thread(thread),
            TimerKind::ThreadOrPosix => IrqTimer::ThreadOrPosix {
                thread,
                posix: PosixTimer::new(tid, sig)?,
            },
        })
    }

    /// The timer thread to start, if this timer uses one.
    pub(crate) fn thread(&self) -> Option<&'a TimerThread> {
        match *self {
            IrqTimer::Posix(_) => None,
            IrqTimer::Thread(t) | IrqTimer::ThreadOrPosix { thread: t, .. } => Some(t),
        }
    }

    /// What delivers the interrupts now.
    pub(crate) fn current(&self) -> HardirqTimer {
        match self {
            IrqTimer::Posix(_) => HardirqTimer::PosixTimer,
            IrqTimer::Thread(_) => HardirqTimer::TimerThread,
            IrqTimer::ThreadOrPosix { thread, .. } if thread.starved.load(Relaxed) => {
                HardirqTimer::PosixTimer
            }
            IrqTimer::ThreadOrPosix { .. } => HardirqTimer::TimerThread,
        }
    }

    /// Expiry `ns` from now (0 disarms); replaces the previous one. Async-signal-safe.
    pub(crate) fn arm_ns(&self, ns: u64) {
        match self {
            IrqTimer::Posix(t) => t.arm_ns(ns),
            IrqTimer::Thread(t) => t.arm_ns(ns),
            IrqTimer::ThreadOrPosix { thread, posix } => {
                if thread.starved.load(Relaxed) {
                    // Cancel what the thread may still hold from before the switch.
                    thread.deadline.store(0, Relaxed);
                    posix.arm_ns(ns);
                } else {
                    thread.arm_ns(ns);
                }
            }
        }
    }

    /// Task-side starvation check, for a caller that watches the clock anyway (`now`:
    /// [`monotonic_ns`]): if the timer thread has missed its deadline by more than
    /// [`STARVED_NS`], take the deadline from it and deliver it through the POSIX
    /// timer at once. True when it did. Cheap: one atomic load while on time.
    pub(crate) fn claim_overdue(&self, now: u64) -> bool {
        let IrqTimer::ThreadOrPosix { thread, posix } = self else {
            return false;
        };
        let deadline = thread.deadline.load(Relaxed);
        if deadline == 0 || now < deadline + STARVED_NS {
            return false;
        }
        // Whoever clears the deadline delivers it: the thread or we, never both.
        if thread
            .deadline
            .compare_exchange(deadline, 0, AcqRel, Relaxed)
            .is_err()
        {
            return false;
        }
        thread.note_starved(now);
        posix.fire_now();
        true
    }

    /// Disarms the timer and returns once no signal from it can be sent any more.
    pub(crate) fn stop(&self) {
        match self {
            IrqTimer::Posix(t) => t.arm_ns(0),
            IrqTimer::Thread(t) => t.stop(),
            IrqTimer::ThreadOrPosix { thread, posix } => {
                thread.stop();
                posix.arm_ns(0);
            }
        }
    }
}

/// A POSIX per-thread timer that signals one thread on expiry.
pub(crate) struct PosixTimer {
    id: libc::timer_t,
    /// What this timer's arms have shown about [`POSIX_ARM_HORIZON`].
    evidence: ArmEvidence,
}

/// What an arm of a POSIX timer costs in this process, added to its delays (see
/// `arm_horizon`).
static POSIX_ARM_HORIZON: ArmHorizon = ArmHorizon::new();

// SAFETY: a timer_t is a kernel handle; timer_settime/timer_delete may be called
// from any thread.
unsafe impl Send for PosixTimer {}
// SAFETY: as above; the handle is never mutated after creation.
unsafe impl Sync for PosixTimer {}

impl PosixTimer {
    /// A disarmed timer that signals thread `tid` with `sig` on expiry.
    pub(crate) fn new(tid: i32, sig: libc::c_int) -> io::Result<PosixTimer> {
        // SAFETY: a zeroed sigevent is valid; timer_create writes `id` on success.
        unsafe {
            let mut sev: libc::sigevent = std::mem::zeroed();
            sev.sigev_notify = libc::SIGEV_THREAD_ID;
            sev.sigev_signo = sig;
            sev.sigev_notify_thread_id = tid;
            let mut id: libc::timer_t = std::mem::zeroed();
            if libc::timer_create(libc::CLOCK_MONOTONIC, &mut sev, &mut id) != 0 {
                return Err(io::Error::last_os_error());
            }
            Ok(PosixTimer {
                id,
                evidence: ArmEvidence::new(),
            })
        }
    }

    /// Expiry `ns` after the arm returns (0 disarms): the delay programmed is `ns` plus
    /// the arm horizon, the time an arm itself takes here. Times the arm and learns
    /// from it. Async-signal-safe.
    fn arm_ns(&self, ns: u64) {
        if ns == 0 {
            return self.program(0);
        }
        let horizon = POSIX_ARM_HORIZON.delay_for(0);
        let before = monotonic_ns();
        self.program(ns + horizon);
        // The evidence: whether an arm for `ns` alone (or the horizon, if longer) would
        // have fired inside this one.
        POSIX_ARM_HORIZON.observe(&self.evidence, ns.max(horizon), monotonic_ns() - before);
    }

    /// Expiry at once (1 ns: the signal is pending when the arm returns).
    fn fire_now(&self) {
        self.program(1);
    }

    /// `timer_settime` for a one-shot expiry `ns` from now (0 disarms).
    fn program(&self, ns: u64) {
        let spec = libc::itimerspec {
            it_interval: libc::timespec {
                tv_sec: 0,
                tv_nsec: 0,
            },
            it_value: libc::timespec {
                tv_sec: (ns / 1_000_000_000) as libc::time_t,
                tv_nsec: (ns % 1_000_000_000) as libc::c_long,
            },
        };
        // SAFETY: valid timer id and itimerspec; old value not requested.
        unsafe { libc::timer_settime(self.id, 0, &spec, std::ptr::null_mut()) };
    }
}

impl Drop for PosixTimer {
    fn drop(&mut self) {
        // SAFETY: the id came from timer_create and is deleted once.
        unsafe { libc::timer_delete(self.id) };
    }
}

/// Bit 0 of [`TimerThread::seq`]: the thread is asked to exit. Arms add 2.
const STOP: u32 = 1;
/// Within this of the deadline the thread spins rather than sleeps (a futex wake-up
/// takes tens of µs on a VM).
const SPIN_NS: u64 = 50_000;
/// After sending a signal the thread spins this long for the handler's re-arm.
const IDLE_SPIN_NS: u64 = 200_000;

/// A thread that sends a signal to a target thread at an armed deadline.
pub(crate) struct TimerThread {
    /// Expiry on `CLOCK_MONOTONIC` in ns; 0: disarmed.
    deadline: AtomicU64,
    /// Futex word: every arm adds 2 (so a sleeping thread notices), [`STOP`] ends it.
    seq: AtomicU32,
    /// The thread is going to sleep on `seq`: an arm must wake it.
    sleeping: AtomicBool,
    /// The thread was started and has not yet left its loop.
    running: AtomicBool,
    /// It missed a deadline by more than [`STARVED_NS`] (set once, never cleared).
    starved: AtomicBool,
    /// Futex word, 1 once the thread has left its loop (sends nothing any more).
    done: AtomicU32,
}

impl TimerThread {
    pub(crate) const fn new() -> TimerThread {
        TimerThread {
            deadline: AtomicU64::new(0),
            seq: AtomicU32::new(0),
            sleeping: AtomicBool::new(false),
            running: AtomicBool::new(false),
            starved: AtomicBool::new(false),
            done: AtomicU32::new(0),
        }
    }

    fn arm_ns(&self, ns: u64) {
        let deadline = if ns == 0 { 0 } else { monotonic_ns() + ns };
        self.deadline.store(deadline, Release);
        self.seq.fetch_add(2, SeqCst);
        if self.sleeping.load(SeqCst) {
            futex::wake(&self.seq);
        }
    }

    /// Records that this thread was starved, for its line and for new `Auto` lines.
    fn note_starved(&self, now: u64) {
        self.starved.store(true, Relaxed);
        LAST_STARVED_NS.store(now, Relaxed);
    }

    /// Starts the thread in `scope`; it signals thread `tid` with `sig` until stopped.
    pub(crate) fn spawn<'scope>(
        &'scope self,
        scope: &'scope Scope<'scope, '_>,
        tid: libc::pid_t,
        sig: libc::c_int,
    ) -> io::Result<()> {
        self.running.store(true, SeqCst);
        let spawned = std::thread::Builder::new()
            .name("irq-timer".into())
            .spawn_scoped(scope, move || self.run(tid, sig));
        if spawned.is_err() {
            self.running.store(false, SeqCst);
        }
        spawned.map(drop)
    }

    /// Ends the thread and waits until it can no longer send. Idempotent.
    fn stop(&self) {
        self.deadline.store(0, SeqCst);
        self.seq.fetch_or(STOP, SeqCst);
        futex::wake(&self.seq);
        if self.running.load(SeqCst) {
            while self.done.load(Acquire) == 0 {
                futex::wait(&self.done, 0, None);
            }
        }
    }

    /// The thread body: signal thread `tid` with `sig` at each armed deadline until
    /// stopped. Raw `tgkill`: glibc's `pthread_kill` adds two mask changes and a lock,
    /// all of it latency between the deadline and the interrupt.
    fn run(&self, tid: libc::pid_t, sig: libc::c_int) {
        // SAFETY: getpid has no preconditions.
        let pid = unsafe { libc::getpid() };
        // SAFETY: PR_SET_TIMERSLACK only changes this thread's sleep rounding (1 ns:
        // wake up on time from the futex timeouts below).
        unsafe { libc::prctl(libc::PR_SET_TIMERSLACK, 1 as libc::c_ulong) };
        let mut last_fired = monotonic_ns();
        loop {
            let seq = self.seq.load(SeqCst);
            if seq & STOP != 0 {
                break;
            }
            let deadline = self.deadline.load(Acquire);
            let now = monotonic_ns();
            if deadline != 0 && now >= deadline {
                // Disarm before sending: one-shot, unless re-armed meanwhile.
                if self
                    .deadline
                    .compare_exchange(deadline, 0, AcqRel, Relaxed)
                    .is_ok()
                {
                    // SAFETY: thread `tid` runs the line's closure until stop() has
                    // returned, so the id cannot have been reused.
                    unsafe { libc::syscall(libc::SYS_tgkill, pid, tid, sig) };
                    if now - deadline > STARVED_NS {
                        self.note_starved(now);
                    }
                    last_fired = now;
                }
                continue;
            }
            let near = if deadline != 0 {
                deadline - now <= SPIN_NS
            } else {
                now - last_fired < IDLE_SPIN_NS
            };
            if near {
                std::hint::spin_loop();
                continue;
            }
            // Sleep until an arm or stop changes `seq`, or until SPIN_NS before the deadline.
            self.sleeping.store(true, SeqCst);
            if self.seq.load(SeqCst) == seq {
                let timeout =
                    (deadline != 0).then(|| Duration::from_nanos(deadline - now - SPIN_NS));
                futex::wait(&self.seq, seq, timeout);
            }
            self.sleeping.store(false, SeqCst);
        }
        self.done.store(1, Release);
        futex::wake(&self.done);
    }
}
