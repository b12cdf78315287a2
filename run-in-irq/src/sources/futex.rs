//! Futex wait/wake on an `AtomicU32`: the async-signal-safe wake-up behind the
//! ksoftirqd worker and the timer thread.

use std::sync::atomic::AtomicU32;
use std::time::Duration;

/// Sleeps while `word == expected`, at most `timeout` (None: no limit). Spurious
/// returns are possible; callers re-check their condition.
pub(crate) fn wait(word: &AtomicU32, expected: u32, timeout: Option<Duration>) {
    let ts = timeout.map(|d| libc::timespec {
        tv_sec: d.as_secs() as libc::time_t,
        tv_nsec: d.subsec_nanos() as libc::c_long,
    });
    let ts_ptr = ts
        .as_ref()
        .map_or(std::ptr::null(), |t| t as *const libc::timespec);
    // SAFETY: FUTEX_WAIT on a live, aligned u32 with a relative timeout that outlives
    // the call; returns at once if the value differs.
    unsafe {
        libc::syscall(
            libc::SYS_futex,
            word.as_ptr(),
            libc::FUTEX_WAIT | libc::FUTEX_PRIVATE_FLAG,
            expected,
            ts_ptr,
        )
    };
}

/// Wakes every waiter on `word`. Async-signal-safe (one syscall).
pub(crate) fn wake(word: &AtomicU32) {
    // SAFETY: FUTEX_WAKE on a live, aligned u32 has no other preconditions.
    unsafe {
        libc::syscall(
            libc::SYS_futex,
            word.as_ptr(),
            libc::FUTEX_WAKE | libc::FUTEX_PRIVATE_FLAG,
            i32::MAX,
        )
    };
}
