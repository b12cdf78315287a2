//! Layer 2, irq entry and exit: the irq signal's mask bit (`sigmask`), the hardirq entry/exit
//! and softirq processing of a thread's "CPU" (`irq`), and what code running on it calls:
//! masking guards (`irqflags`), the SIMD gate (`simd`) and the allocator that catches
//! allocation in hardirq (`alloc`); the irq contexts of a thread serving another CPU's
//! timers (`irq_thread`).

pub(crate) mod alloc;
pub(crate) mod irq;
pub(crate) mod irq_thread;
pub(crate) mod irqflags;
pub(crate) mod sigmask;
pub(crate) mod simd;
