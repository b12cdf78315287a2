//! A POSIX per-thread timer whose expiry delivers the irq signal to one thread
//! (`timer_create(CLOCK_MONOTONIC, SIGEV_THREAD_ID)`): the hrtimer stand-in.

use std::io;

pub(crate) struct IrqTimer {
    id: libc::timer_t,
}

// SAFETY: a timer_t is a kernel handle; timer_settime/timer_delete may be called
// from any thread.
unsafe impl Send for IrqTimer {}
// SAFETY: as above; the handle is never mutated after creation.
unsafe impl Sync for IrqTimer {}

impl IrqTimer {
    /// A disarmed timer that signals thread `tid` with `sig` on expiry.
    pub(crate) fn new(tid: i32, sig: libc::c_int) -> io::Result<IrqTimer> {
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
            Ok(IrqTimer { id })
        }
    }

    /// One-shot expiry `ns` from now (0 disarms). Async-signal-safe (POSIX lists
    /// timer_settime), so the handler re-arms with it (`hrtimer_forward_now`).
    pub(crate) fn arm_ns(&self, ns: u64) {
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

impl Drop for IrqTimer {
    fn drop(&mut self) {
        // SAFETY: the id came from timer_create and is deleted once.
        unsafe { libc::timer_delete(self.id) };
    }
}
