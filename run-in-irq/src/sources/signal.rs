//! The hardirq signal handler: process-wide disposition (installed while any line is
//! attached, the previous one restored afterwards) and per-thread setup
//! (alternate signal stack, unmasking, draining on teardown). The handler is one
//! interrupt source of irq entry (`irq`); the mask primitives are in `sigmask`.

use crate::contexts::stackscan;
use crate::entry::irq;
use crate::entry::sigmask::{block_and_drain, irq_signal, sigset_of};
use std::io;
use std::sync::Mutex;

/// Stack for the handler and everything nested on it (hardirq → softirq → hardirq).
const ALT_STACK_SIZE: usize = 512 * 1024;
/// An inaccessible page below the alternate stack, so an overflow faults.
const GUARD_PAGE: usize = 4096;

struct Disposition {
    users: usize,
    previous: Option<libc::sigaction>,
}

static DISPOSITION: Mutex<Disposition> = Mutex::new(Disposition {
    users: 0,
    previous: None,
});

extern "C" fn on_irq_signal(_sig: libc::c_int, _info: *mut libc::siginfo_t, uc: *mut libc::c_void) {
    // SAFETY: __errno_location returns this thread's errno slot; saving and restoring
    // it keeps the interrupted code's errno intact.
    let saved_errno = unsafe { *libc::__errno_location() };
    // Stack scans from inside this handler (allocation reports) end at its frame.
    let scan_limit = stackscan::set_scan_limit(uc as usize);
    let was_blocked = irq::signal_enter();
    irq::hardirq_arrived();
    irq::signal_exit(was_blocked);
    stackscan::set_scan_limit(scan_limit);
    // SAFETY: as above.
    unsafe { *libc::__errno_location() = saved_errno };
}

/// Installs the handler (first user) and counts the user.
fn acquire_disposition() -> io::Result<()> {
    let mut d = DISPOSITION.lock().unwrap_or_else(|e| e.into_inner());
    if d.users == 0 {
        // SAFETY: a zeroed sigaction is valid; we fill the fields we need. The handler
        // is async-signal-safe. No SA_NODEFER: the kernel keeps the signal blocked while
        // the handler runs, as an interrupt stays latched while irqs are off; softirq
        // work run from the handler unblocks it (see `irq::do_softirq`).
        let previous = unsafe {
            let mut act: libc::sigaction = std::mem::zeroed();
            act.sa_sigaction = on_irq_signal as *const () as usize;
            act.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK | libc::SA_RESTART;
            libc::sigemptyset(&mut act.sa_mask);
            let mut old: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(irq_signal(), &act, &mut old) != 0 {
                return Err(io::Error::last_os_error());
            }
            old
        };
        d.previous = Some(previous);
    }
    d.users += 1;
    Ok(())
}

/// Drops a user; the last one restores the previous disposition.
fn release_disposition() {
    let mut d = DISPOSITION.lock().unwrap_or_else(|e| e.into_inner());
    d.users -= 1;
    if d.users == 0 {
        if let Some(previous) = d.previous.take() {
            // SAFETY: restoring a disposition that sigaction returned earlier.
            unsafe { libc::sigaction(irq_signal(), &previous, std::ptr::null_mut()) };
        }
    }
}

thread_local! {
    /// How many `ThreadSignals` are live on this thread (nested lines share one setup).
    static DEPTH: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// Per-thread signal setup, undone on drop (also on unwind).
pub(crate) struct ThreadSignals {
    /// Outermost setup on this thread: owns the alt stack and mask changes.
    outermost: Option<Outermost>,
}

struct Outermost {
    stack: *mut libc::c_void,
    old_stack: libc::stack_t,
    old_mask: libc::sigset_t,
}

impl ThreadSignals {
    pub(crate) fn setup() -> io::Result<ThreadSignals> {
        acquire_disposition()?;
        let depth = DEPTH.with(|d| d.replace(d.get() + 1));
        if depth > 0 {
            return Ok(ThreadSignals { outermost: None });
        }
        match Outermost::setup() {
            Ok(o) => Ok(ThreadSignals { outermost: Some(o) }),
            Err(e) => {
                DEPTH.with(|d| d.set(0));
                release_disposition();
                Err(e)
            }
        }
    }
}

impl Outermost {
    fn setup() -> io::Result<Outermost> {
        // SAFETY: anonymous private mapping; checked for MAP_FAILED below.
        let base = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                ALT_STACK_SIZE + GUARD_PAGE,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_STACK,
                -1,
                0,
            )
        };
        if base == libc::MAP_FAILED {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: the lowest page is ours; making it a guard page catches overflow.
        unsafe { libc::mprotect(base, GUARD_PAGE, libc::PROT_NONE) };
        let new_stack = libc::stack_t {
            // SAFETY: base + GUARD_PAGE is inside the mapping.
            ss_sp: unsafe { base.cast::<u8>().add(GUARD_PAGE) }.cast(),
            ss_flags: 0,
            ss_size: ALT_STACK_SIZE,
        };
        // SAFETY: zeroed stack_t/sigset_t are valid out-parameters; the new stack
        // stays mapped until drop, after the old one is reinstalled.
        unsafe {
            let mut old_stack: libc::stack_t = std::mem::zeroed();
            if libc::sigaltstack(&new_stack, &mut old_stack) != 0 {
                let e = io::Error::last_os_error();
                libc::munmap(base, ALT_STACK_SIZE + GUARD_PAGE);
                return Err(e);
            }
            let mut old_mask: libc::sigset_t = std::mem::zeroed();
            let set = sigset_of(irq_signal());
            libc::pthread_sigmask(libc::SIG_UNBLOCK, &set, &mut old_mask);
            Ok(Outermost {
                stack: base,
                old_stack,
                old_mask,
            })
        }
    }
}

impl Drop for ThreadSignals {
    fn drop(&mut self) {
        if let Some(o) = self.outermost.take() {
            let _ = block_and_drain();
            // SAFETY: we are in task context (not on the alt stack), so replacing it is
            // allowed; the previous stack and mask are the ones saved in setup.
            unsafe {
                libc::sigaltstack(&o.old_stack, std::ptr::null_mut());
                libc::munmap(o.stack, ALT_STACK_SIZE + GUARD_PAGE);
                libc::pthread_sigmask(libc::SIG_SETMASK, &o.old_mask, std::ptr::null_mut());
            }
        }
        DEPTH.with(|d| d.set(d.get() - 1));
        release_disposition();
    }
}
