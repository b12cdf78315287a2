//! The "may the SIMD unit be used here?" gate and the kernel-FPU section guard.
//!
//! Kernel semantics (x86 `irq_fpu_usable()`, arm64 `may_use_simd()`): SIMD is not
//! usable in hardirq context, nor while this CPU is already inside a
//! `kernel_fpu_begin()` section — which is exactly the state an interrupt that
//! lands in the middle of a task's SIMD code sees. Code under test picks its SIMD
//! or generic path with [`may_use_simd`]; SIMD paths bracket their work with
//! [`kernel_fpu_begin`].
//!
//! As on x86 (`fpregs_lock()`), a kernel-FPU section disables bottom halves, so a
//! softirq never interrupts it: pending softirq work runs when the section ends.

use crate::contexts::preempt_count::{in_hardirq, in_nmi, with_cpu};
use crate::contexts::violations::{report_violation, Violation};
use crate::entry::irqflags::{local_bh_disable, BhGuard};

/// True if the current context may use SIMD/FPU registers (kernel `may_use_simd()`).
///
/// False in hardirq context and while the current thread is inside a
/// [`kernel_fpu_begin`] section (so an interrupt landing there takes the fallback).
/// Async-signal-safe.
#[inline]
pub fn may_use_simd() -> bool {
    !in_nmi() && !in_hardirq() && !with_cpu(|c| c.in_kernel_fpu.get())
}

/// An open kernel-FPU section; dropping it is `kernel_fpu_end()`.
#[must_use = "dropping the guard ends the FPU section immediately"]
pub struct FpuGuard {
    was_in_fpu: bool,
    // Dropped after `Drop::drop` has restored `in_kernel_fpu`, as fields always are.
    _bh: Option<BhGuard>,
}

/// Starts a kernel-FPU section (kernel `kernel_fpu_begin()`): marks the thread as
/// using SIMD and disables bottom halves until the returned guard is dropped.
///
/// Calling it where [`may_use_simd`] is false is a kernel WARN; here it records a
/// [`Violation::FpuNotUsable`] (reported by `kunit_run_irq_test` / [`crate::take_violations`])
/// and still opens the section so the caller can carry on. Async-signal-safe.
#[inline]
pub fn kernel_fpu_begin() -> FpuGuard {
    if !may_use_simd() {
        report_violation(Violation::FpuNotUsable);
    }
    // With irqs disabled (always so in hardirq) the kernel skips fpregs_lock(); BHs
    // cannot run then anyway.
    let bh = if crate::contexts::preempt_count::irqs_disabled() {
        None
    } else {
        Some(local_bh_disable())
    };
    let was_in_fpu = with_cpu(|c| c.in_kernel_fpu.replace(true));
    FpuGuard {
        was_in_fpu,
        _bh: bh,
    }
}

impl Drop for FpuGuard {
    #[inline]
    fn drop(&mut self) {
        with_cpu(|c| c.in_kernel_fpu.set(self.was_in_fpu));
        // Then the `_bh` field drops: re-enabling BHs may run pending softirq work,
        // outside the FPU section.
    }
}
