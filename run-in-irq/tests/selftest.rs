//! Self-tests of run-in-irq, written with kunit (`harness = false`): each concern's suites live
//! beside it in `src/` (`*_kunit.rs`) and are collected here; `support/probe.rs` is their
//! shared helpers.
//!
//! The allocator wrapper is the global allocator here, so allocation in hardirq
//! context is detected in every case.

#[global_allocator]
static ALLOC: run_in_irq::IrqCheckedAlloc = run_in_irq::IrqCheckedAlloc::system();

#[path = "../src/irq_run/algorithm_kunit.rs"]
mod algorithm_kunit;
#[path = "../src/entry/irq_kunit.rs"]
mod irq_kunit;
#[path = "../src/entry/irq_thread_kunit.rs"]
mod irq_thread_kunit;
#[path = "../src/entry/irqflags_kunit.rs"]
mod irqflags_kunit;
#[path = "../src/kunit_irq_test_kunit.rs"]
mod kunit_irq_test_kunit;
#[path = "../src/sources/line_kunit.rs"]
mod line_kunit;
#[path = "../src/contexts/might_sleep_kunit.rs"]
mod might_sleep_kunit;
#[path = "../src/contexts/preempt_count_kunit.rs"]
mod preempt_count_kunit;
#[path = "../src/sources/signal_kunit.rs"]
mod signal_kunit;
#[path = "../src/entry/simd_kunit.rs"]
mod simd_kunit;
#[path = "../src/irq_run/startup_kunit.rs"]
mod startup_kunit;
#[path = "../src/contexts/symbolize_kunit.rs"]
mod symbolize_kunit;

#[path = "support/probe.rs"]
mod probe;

kunit::main!();
