//! The interrupt "CPU": hardirq entry/exit, masking replay and softirq processing.
//!
//! Each thread is a CPU. The `IrqVector` attached to a thread (an irq line, see
//! `line`) is what its hardirq stand-in runs. This module holds the context
//! transitions, shared by the signal handler and by `local_irq_enable()` (which
//! replays a hardirq that arrived while irqs were masked):
//!
//! * hardirq: irqs disabled, `HARDIRQ_OFFSET` added, handler runs, offset removed;
//! * irq exit: if softirq work is pending and the interrupted code was not in an
//!   interrupt or BH-disabled section, it runs now with irqs enabled (so a hardirq
//!   can interrupt it, never the reverse), at most [`MAX_SOFTIRQ_RESTART`] rounds;
//! * return: irqs enabled, and a hardirq masked meanwhile is taken at once.
//!
//! It sits right above the context model and the signal mask: interrupt sources
//! (signal handler, timers, ksoftirqd) and lines build on it, never the reverse.
//! Every step touches only this thread's `Cell`s and is async-signal-safe.

use crate::contexts::preempt_count::{
    in_interrupt, with_cpu, CpuState, HARDIRQ_OFFSET, SOFTIRQ_OFFSET,
};
use crate::entry::sigmask::set_irq_signal_unblocked;
use std::cell::Cell;

/// Kernel `MAX_SOFTIRQ_RESTART`: rounds of softirq work per irq exit; the rest
/// waits for the next irq exit or `local_bh_enable()`.
pub const MAX_SOFTIRQ_RESTART: u32 = 10;

/// What irq entry dispatches to on this thread: the attached line's handlers.
/// Both run on this thread inside irq context and must be async-signal-safe.
pub(crate) trait IrqVector {
    /// The hardirq handler (irqs disabled, `HARDIRQ_OFFSET` set).
    fn hardirq(&self);
    /// Softirq work run at irq exit or BH enable (`SOFTIRQ_OFFSET` set).
    fn softirq(&self);
}

/// A type-erased pointer to the attached vector (null data pointer: none).
type VectorPtr = *const (dyn IrqVector + 'static);

thread_local! {
    /// The vector attached to this thread (none when null).
    static VECTOR: Cell<Option<VectorPtr>> = const { Cell::new(None) };
    /// Nesting depth of our signal handler on this thread.
    static IN_SIGNAL: Cell<u32> = const { Cell::new(0) };
    /// The kernel holds the irq signal blocked on this thread: set on handler entry,
    /// cleared while softirq work runs from the handler.
    static SIGNAL_BLOCKED: Cell<bool> = const { Cell::new(false) };
}

/// The previously attached vector, as [`set_vector`] returns it.
#[derive(Clone, Copy)]
pub(crate) struct PreviousVector(Option<VectorPtr>);

/// Attaches `vector` to this thread until the returned previous one is put back with
/// [`restore_vector`] (lines nest). Done with irqs masked so a signal never sees a
/// half-made change.
///
/// # Safety
/// `vector` must stay valid until [`restore_vector`] replaces it on this thread.
pub(crate) unsafe fn set_vector(vector: &dyn IrqVector) -> PreviousVector {
    // SAFETY: only the lifetime is erased; the caller keeps the vector alive while
    // it is attached, and irq entry only dereferences the attached one.
    let ptr: VectorPtr = unsafe { std::mem::transmute(vector as *const dyn IrqVector) };
    PreviousVector(replace_vector(Some(ptr)))
}

/// Reattaches the vector that was current before the matching [`set_vector`].
pub(crate) fn restore_vector(previous: PreviousVector) {
    replace_vector(previous.0);
}

fn replace_vector(v: Option<VectorPtr>) -> Option<VectorPtr> {
    let was_disabled = with_cpu(|c| c.irqs_disabled.replace(true));
    let previous = VECTOR.with(|l| l.replace(v));
    if !was_disabled {
        local_irq_enable();
    }
    previous
}

/// The attached vector, if any.
fn vector<'a>() -> Option<&'a dyn IrqVector> {
    // SAFETY: an attached vector outlives its attachment (`set_vector`'s contract),
    // and this is only called on the thread it is attached to, within it.
    VECTOR.with(Cell::get).map(|p| unsafe { &*p })
}

/// True while running inside this crate's signal handler on this thread (a context
/// where even the task's in-progress `malloc` may hold locks).
pub fn in_signal_handler() -> bool {
    IN_SIGNAL.with(Cell::get) != 0
}

/// Handler entry; returns what [`signal_exit`] restores.
pub(crate) fn signal_enter() -> bool {
    IN_SIGNAL.with(|d| d.set(d.get() + 1));
    SIGNAL_BLOCKED.with(|b| b.replace(true))
}

pub(crate) fn signal_exit(was_blocked: bool) {
    SIGNAL_BLOCKED.with(|b| b.set(was_blocked));
    IN_SIGNAL.with(|d| d.set(d.get() - 1));
}

/// Marks softirq work pending on this thread; it runs at irq exit or at the
/// outermost `local_bh_enable()`. Async-signal-safe.
pub(crate) fn raise_local_softirq() {
    with_cpu(|c| c.softirq_pending.set(true));
}

/// Entry point of the hardirq stand-in (the signal handler body).
pub(crate) fn hardirq_arrived() {
    with_cpu(|c| {
        if c.irqs_disabled.get() {
            // Masked: remember it; local_irq_enable() or irq return replays it.
            c.hardirq_pending.set(true);
            return;
        }
        c.irqs_disabled.set(true);
        irq_body(c);
        enable_and_replay(c);
    })
}

/// `local_irq_enable()`: unmask, then take any hardirq that arrived while masked.
pub(crate) fn local_irq_enable() {
    with_cpu(enable_and_replay);
}

/// Clears the mask and takes pending hardirqs, each as a fresh interrupt.
/// The order matters: the flag is cleared *before* `pending` is read, so a signal
/// either sees the mask (and is found here) or does not (and runs by itself).
fn enable_and_replay(c: &CpuState) {
    loop {
        c.irqs_disabled.set(false);
        if !c.hardirq_pending.replace(false) {
            return;
        }
        c.irqs_disabled.set(true);
        irq_body(c);
    }
}

/// One interrupt: hardirq handler, then irq exit (softirq processing).
/// Called with irqs disabled; returns with irqs disabled.
fn irq_body(c: &CpuState) {
    c.add(HARDIRQ_OFFSET);
    if let Some(v) = vector() {
        v.hardirq();
    }
    c.sub(HARDIRQ_OFFSET);
    if !in_interrupt() && c.softirq_pending.get() {
        do_softirq(c);
    }
}

/// `__do_softirq()`: run pending work in softirq context with irqs enabled.
/// Called with irqs disabled, not in interrupt; returns with irqs disabled.
///
/// Inside the signal handler the kernel holds the signal blocked (a second interrupt
/// stays latched and costs nothing until irqs are enabled); it is unblocked only
/// around the work itself, so a hardirq can interrupt softirq work, and nesting
/// stops at hardirq → softirq → hardirq.
fn do_softirq(c: &CpuState) {
    c.add(SOFTIRQ_OFFSET);
    let blocked = SIGNAL_BLOCKED.with(Cell::get);
    let mut rounds = 0;
    while rounds < MAX_SOFTIRQ_RESTART && c.softirq_pending.replace(false) {
        rounds += 1;
        enable_and_replay(c);
        if blocked {
            SIGNAL_BLOCKED.with(|b| b.set(false));
            set_irq_signal_unblocked(true);
        }
        if let Some(v) = vector() {
            v.softirq();
        }
        if blocked {
            set_irq_signal_unblocked(false);
            SIGNAL_BLOCKED.with(|b| b.set(true));
        }
        c.irqs_disabled.set(true);
    }
    c.sub(SOFTIRQ_OFFSET);
}

/// `local_bh_enable()` tail: run softirq work raised while BHs were disabled.
/// The check is inlined into every BH-enable (and so every FPU-section end); the
/// work itself is out of line.
#[inline]
pub(crate) fn run_pending_softirq_if_allowed() {
    with_cpu(|c| {
        if c.softirq_pending.get() && !in_interrupt() && !c.irqs_disabled.get() {
            run_pending_softirq(c);
        }
    })
}

#[cold]
fn run_pending_softirq(c: &CpuState) {
    c.irqs_disabled.set(true);
    do_softirq(c);
    enable_and_replay(c);
}
