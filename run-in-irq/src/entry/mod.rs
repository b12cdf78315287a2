//! Layer 2, irq entry and exit: the irq signal's mask bit (`sigmask`), the hardirq entry/exit
//! and softirq processing of a thread's "CPU" (`irq`), and what code running on it calls:
//! masking guards (`irqflags`), the SIMD gate (`simd`) and the allocator that catches
//! allocation in hardirq (`alloc`).

pub(crate) mod alloc;
pub(crate) mod irq;
pub(crate) mod irqflags;
pub(crate) mod sigmask;
pub(crate) mod simd;
