//! Self-tests of run-in-irq, written with kunit (`harness = false`).
//!
//! The allocator wrapper is the global allocator here, so allocation in hardirq
//! context is detected in every case.

#[global_allocator]
static ALLOC: run_in_irq::IrqCheckedAlloc = run_in_irq::IrqCheckedAlloc::system();

#[path = "selftests/context.rs"]
mod context;
#[path = "selftests/irq_test.rs"]
mod irq_test;
#[path = "selftests/masking.rs"]
mod masking;
#[path = "selftests/nesting.rs"]
mod nesting;
#[path = "selftests/parallel.rs"]
mod parallel;
#[path = "selftests/probe.rs"]
mod probe;
#[path = "selftests/seed.rs"]
mod seed;
#[path = "selftests/signals.rs"]
mod signals;
#[path = "selftests/simd.rs"]
mod simd;
#[path = "selftests/sleep.rs"]
mod sleep;
#[path = "selftests/soak.rs"]
mod soak;
#[path = "selftests/symbolize.rs"]
mod symbolize;

kunit::main!();
