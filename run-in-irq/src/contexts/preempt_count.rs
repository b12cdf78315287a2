//! Per-thread "preempt count": which kernel context the current thread is in.
//!
//! A userspace thread stands in for a CPU. The layout follows the kernel's
//! `preempt_count` (include/linux/preempt.h): a softirq byte where bit 0 means
//! "serving a softirq" and each `local_bh_disable()` adds 2, a hardirq nibble and an
//! NMI nibble (never set here; kept so the predicates read like the kernel's).
//!
//! All state is in `Cell`s inside a const-initialised `thread_local!` without a
//! destructor, so reading or updating it from a signal handler is async-signal-safe:
//! no lazy initialisation, no allocation. Updates are plain read-modify-write; a
//! signal handler that lands in the middle of one always restores what it changed
//! before returning (strict nesting), so no update is lost.

use std::cell::Cell;
use std::sync::atomic::{compiler_fence, Ordering};

pub(crate) const SOFTIRQ_OFFSET: u32 = 1 << 8;
pub(crate) const SOFTIRQ_DISABLE_OFFSET: u32 = 2 * SOFTIRQ_OFFSET;
const SOFTIRQ_MASK: u32 = 0xff << 8;
pub(crate) const HARDIRQ_OFFSET: u32 = 1 << 16;
const HARDIRQ_MASK: u32 = 0xf << 16;
const NMI_MASK: u32 = 0xf << 20;

/// The per-thread ("per-CPU") context state.
pub(crate) struct CpuState {
    /// Kernel-style preempt count (softirq, hardirq and NMI fields).
    pub(crate) preempt_count: Cell<u32>,
    /// `local_irq_save()` / hardirq entry: the hardirq stand-in is deferred.
    pub(crate) irqs_disabled: Cell<bool>,
    /// A hardirq arrived while irqs were disabled; replayed when they are enabled.
    pub(crate) hardirq_pending: Cell<bool>,
    /// Softirq work was raised on this thread and has not run yet.
    pub(crate) softirq_pending: Cell<bool>,
    /// Between `kernel_fpu_begin()` and its end (x86 `in_kernel_fpu`).
    pub(crate) in_kernel_fpu: Cell<bool>,
}

impl CpuState {
    const fn new() -> Self {
        CpuState {
            preempt_count: Cell::new(0),
            irqs_disabled: Cell::new(false),
            hardirq_pending: Cell::new(false),
            softirq_pending: Cell::new(false),
            in_kernel_fpu: Cell::new(false),
        }
    }

    pub(crate) fn add(&self, v: u32) {
        self.preempt_count
            .set(self.preempt_count.get().wrapping_add(v));
    }

    pub(crate) fn sub(&self, v: u32) {
        self.preempt_count
            .set(self.preempt_count.get().wrapping_sub(v));
    }
}

thread_local! {
    static CPU: CpuState = const { CpuState::new() };
    /// The "CPU" (thread id) whose contexts this thread runs; 0: its own. A ksoftirqd
    /// worker serves its line's thread, and what it records belongs to that thread.
    static OWNER: Cell<i32> = const { Cell::new(0) };
}

/// Kernel thread id of the calling thread. Async-signal-safe (a bare syscall).
pub(crate) fn gettid() -> i32 {
    // SAFETY: gettid has no preconditions and cannot fail.
    unsafe { libc::gettid() }
}

/// Thread id of the "CPU" whose contexts the current thread runs.
pub(crate) fn owner_tid() -> i32 {
    match OWNER.with(Cell::get) {
        0 => gettid(),
        tid => tid,
    }
}

/// Marks the current thread as a worker serving `tid`'s contexts (0 to clear).
pub(crate) fn set_owner(tid: i32) {
    OWNER.with(|o| o.set(tid));
}

/// Runs `f` on this thread's context state. Async-signal-safe.
///
/// The state is shared with this thread's signal handler, which the compiler does not
/// know about: signal fences on both sides keep every access where the code puts it
/// (otherwise, once these helpers are inlined, LLVM may drop a store that nothing on the
/// thread reads before it is overwritten, or move it across the SIMD work it brackets).
/// They cost no instructions.
#[inline]
pub(crate) fn with_cpu<R>(f: impl FnOnce(&CpuState) -> R) -> R {
    compiler_fence(Ordering::SeqCst);
    let r = CPU.with(f);
    compiler_fence(Ordering::SeqCst);
    r
}

/// The raw preempt count of this thread (for diagnostics and tests).
#[inline]
pub fn preempt_count() -> u32 {
    with_cpu(|c| c.preempt_count.get())
}

/// Softirq field: non-zero while serving a softirq or with bottom halves disabled.
pub fn softirq_count() -> u32 {
    preempt_count() & SOFTIRQ_MASK
}

/// Hardirq nesting field.
#[inline]
pub fn hardirq_count() -> u32 {
    preempt_count() & HARDIRQ_MASK
}

/// True in NMI context. This crate never enters it; kept for kernel-shaped predicates.
#[inline]
pub fn in_nmi() -> bool {
    preempt_count() & NMI_MASK != 0
}

/// True while the hardirq stand-in (the signal handler) runs on this thread.
#[inline]
pub fn in_hardirq() -> bool {
    hardirq_count() != 0
}

/// True while a softirq (BH) handler runs on this thread.
pub fn in_serving_softirq() -> bool {
    preempt_count() & SOFTIRQ_OFFSET != 0
}

/// True while serving a softirq *or* with bottom halves disabled (kernel `in_softirq()`).
pub fn in_softirq() -> bool {
    softirq_count() != 0
}

/// True in any interrupt context or with bottom halves disabled (kernel `in_interrupt()`).
#[inline]
pub fn in_interrupt() -> bool {
    preempt_count() & (NMI_MASK | HARDIRQ_MASK | SOFTIRQ_MASK) != 0
}

/// True in plain task (process) context (kernel `in_task()`).
pub fn in_task() -> bool {
    preempt_count() & (NMI_MASK | HARDIRQ_MASK | SOFTIRQ_OFFSET) == 0
}

/// True while this thread has irqs "disabled" (`local_irq_save`, or inside hardirq).
#[inline]
pub fn irqs_disabled() -> bool {
    with_cpu(|c| c.irqs_disabled.get())
}

/// True where the kernel would forbid sleeping: any irq context, BH or irqs disabled.
pub fn in_atomic() -> bool {
    preempt_count() != 0 || irqs_disabled()
}
