//! Layer 4, the irq test: `kunit_run_irq_test()`'s algorithm without the framework
//! (`algorithm`: `func` in task, softirq and hardirq context at once, on an irq line) and
//! the process-wide knob for when its first timer expiry comes (`startup`).

pub(crate) mod algorithm;
pub(crate) mod startup;
