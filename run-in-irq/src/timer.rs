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
//!   re-armed with `timer_settime` (async-signal-safe). Needs no second CPU.
//!
//! [`HardirqTimer::Auto`] picks the timer thread when the process may run on two
//! CPUs or more (it waits by spinning when the deadline is near), else the POSIX timer.

use crate::futex;
use std::io;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering::*};
use std::sync::OnceLock;
use std::thread::Scope;
use std::time::Duration;

/// What delivers an irq line's timer interrupts (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum HardirqTimer {
    /// [`HardirqTimer::TimerThread`] with two or more usable CPUs, else
    /// [`HardirqTimer::PosixTimer`].
    #[default]
    Auto,
    /// A per-line thread that sends the signal at the deadline.
    TimerThread,
    /// A per-thread POSIX timer (`SIGEV_THREAD_ID`).
    PosixTimer,
}

impl HardirqTimer {
    /// The concrete kind [`HardirqTimer::Auto`] stands for on this machine.
    pub(crate) fn resolve(self) -> HardirqTimer {
        static MULTI_CPU: OnceLock<bool> = OnceLock::new();
        match self {
            HardirqTimer::Auto => {
                let multi = *MULTI_CPU.get_or_init(|| {
                    std::thread::available_parallelism().is_ok_and(|n| n.get() >= 2)
                });
                if multi {
                    HardirqTimer::TimerThread
                } else {
                    HardirqTimer::PosixTimer
                }
            }
            kind => kind,
        }
    }
}

/// `CLOCK_MONOTONIC` in nanoseconds. Async-signal-safe (POSIX lists clock_gettime).
fn monotonic_ns() -> u64 {
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
}

impl IrqTimer<'_> {
    /// Expiry `ns` from now (0 disarms); replaces the previous one. Async-signal-safe.
    pub(crate) fn arm_ns(&self, ns: u64) {
        match self {
            IrqTimer::Posix(t) => t.arm_ns(ns),
            IrqTimer::Thread(t) => t.arm_ns(ns),
        }
    }

    /// Disarms the timer and returns once no signal from it can be sent any more.
    pub(crate) fn stop(&self) {
        match self {
            IrqTimer::Posix(t) => t.arm_ns(0),
            IrqTimer::Thread(t) => t.stop(),
        }
    }
}

/// A POSIX per-thread timer that signals one thread on expiry.
pub(crate) struct PosixTimer {
    id: libc::timer_t,
}

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
            Ok(PosixTimer { id })
        }
    }

    fn arm_ns(&self, ns: u64) {
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
