//! What the kernel checks and userspace does not: sleeping in atomic context.
//!
//! [`might_sleep`] is the kernel's annotation for code that may block; called in
//! hardirq or softirq context, with BHs or irqs disabled, it records a
//! `BUG: sleeping function called from invalid context` violation (lock-free, so it
//! is also safe inside the hardirq stand-in). [`warn_on`] is `WARN_ON()`.

use crate::contexts::preempt_count::in_atomic;
use crate::contexts::violations::{report_violation, report_violation_at, Violation};
use std::ffi::CStr;

/// Kernel `might_sleep()`: records a violation if the current context is atomic.
/// Async-signal-safe.
#[track_caller]
pub fn might_sleep() {
    if in_atomic() {
        report_violation(Violation::SleepInAtomic);
    }
}

/// Kernel `__might_sleep(__FILE__, __LINE__)` for C callers: as [`might_sleep`], with the
/// report naming `file:line` (the C caller's). Async-signal-safe.
#[track_caller]
pub fn might_sleep_at(file: &'static CStr, line: u32) {
    if in_atomic() {
        report_violation_at(Violation::SleepInAtomic, file, line);
    }
}

/// Kernel `WARN_ON(condition)`: records a `WARNING: at file:line` violation when
/// `condition` holds and returns it. Async-signal-safe.
#[track_caller]
pub fn warn_on(condition: bool) -> bool {
    if condition {
        report_violation(Violation::Warning);
    }
    condition
}
