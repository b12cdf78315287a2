//! The irq signal and this thread's mask bit for it: the "interrupt controller"
//! below irq entry. Irq entry (`irq`) unblocks the signal around softirq work run
//! from the handler; line teardown blocks it and discards what is pending.
//! Every function here is a plain syscall wrapper and async-signal-safe.

/// The real-time signal the hardirq stand-in uses.
pub fn irq_signal() -> libc::c_int {
    libc::SIGRTMIN() + 4
}

/// A signal set holding only `sig`.
pub(crate) fn sigset_of(sig: libc::c_int) -> libc::sigset_t {
    // SAFETY: sigemptyset/sigaddset initialise the zeroed set in place.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, sig);
        set
    }
}

/// Unblocks (`true`) or blocks the irq signal on this thread. Async-signal-safe:
/// one `rt_sigprocmask` call (glibc's `pthread_sigmask` only filters out its own
/// internal signals first).
pub(crate) fn set_irq_signal_unblocked(unblocked: bool) {
    let set = sigset_of(irq_signal());
    let how = if unblocked {
        libc::SIG_UNBLOCK
    } else {
        libc::SIG_BLOCK
    };
    // SAFETY: plain mask change of the calling thread; old mask not requested.
    unsafe { libc::pthread_sigmask(how, &set, std::ptr::null_mut()) };
}

/// Blocks the irq signal on this thread and discards instances already pending
/// (the `hrtimer_cancel` of an expiry that has not been delivered yet).
/// Returns the previous mask for [`restore_mask`].
pub(crate) fn block_and_drain() -> libc::sigset_t {
    let set = sigset_of(irq_signal());
    // SAFETY: plain mask change; a zeroed sigset_t is a valid out-parameter.
    let old = unsafe {
        let mut old: libc::sigset_t = std::mem::zeroed();
        libc::pthread_sigmask(libc::SIG_BLOCK, &set, &mut old);
        old
    };
    drain_blocked();
    old
}

/// Discards pending instances of the (blocked) irq signal on this thread.
pub(crate) fn drain_blocked() {
    let set = sigset_of(irq_signal());
    let zero = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: non-blocking sigtimedwait on our own signal.
    while unsafe { libc::sigtimedwait(&set, std::ptr::null_mut(), &zero) } > 0 {}
}

/// Reinstates a mask saved by [`block_and_drain`].
pub(crate) fn restore_mask(mask: &libc::sigset_t) {
    // SAFETY: a mask previously returned by pthread_sigmask.
    unsafe { libc::pthread_sigmask(libc::SIG_SETMASK, mask, std::ptr::null_mut()) };
}
