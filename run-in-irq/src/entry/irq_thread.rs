//! A thread that stands in for another CPU's interrupt handling: kunit-c's timer and
//! hrtimer bases run their callbacks on threads of their own, which enter softirq or
//! hardirq context around each callback, as the kernel runs a timer from the timer
//! softirq and an hrtimer from the timer interrupt. No signal is involved: the callback
//! runs on an ordinary thread (it may take locks and allocate, as a kernel callback may),
//! and the context queries, `might_sleep()` and the violation records see the context.

use crate::contexts::preempt_count::{in_interrupt, with_cpu, HARDIRQ_OFFSET, SOFTIRQ_OFFSET};

/// Runs `f` on this thread in softirq context (serving a softirq, irqs enabled), as the
/// kernel runs a `timer_list` callback. Nests within nothing: called in task context.
pub fn serve_softirq<R>(f: impl FnOnce() -> R) -> R {
    debug_assert!(!in_interrupt(), "serve_softirq() from an irq context");
    with_cpu(|c| c.add(SOFTIRQ_OFFSET));
    let _leave = Leave(|| with_cpu(|c| c.sub(SOFTIRQ_OFFSET)));
    f()
}

/// Runs `f` on this thread in hardirq context with irqs disabled, as the kernel runs an
/// hrtimer callback from the timer interrupt. Called in task context.
pub fn serve_hardirq<R>(f: impl FnOnce() -> R) -> R {
    debug_assert!(!in_interrupt(), "serve_hardirq() from an irq context");
    let was_disabled = with_cpu(|c| {
        c.add(HARDIRQ_OFFSET);
        c.irqs_disabled.replace(true)
    });
    let _leave = Leave(move || {
        with_cpu(|c| {
            c.irqs_disabled.set(was_disabled);
            c.sub(HARDIRQ_OFFSET);
        })
    });
    f()
}

/// Undoes the context change when `f` returns or unwinds.
struct Leave<F: FnMut()>(F);

impl<F: FnMut()> Drop for Leave<F> {
    fn drop(&mut self) {
        (self.0)();
    }
}
