//! The "slow irq start-up" knob: how long the irq test's first timer expiry waits.
//!
//! On slow kernels (UML, 32-bit arm, m68k) the first hrtimer expiry of
//! `kunit_run_irq_test` could come after the task had already done all its
//! iterations; with the pre-fix algorithm (iterations counted in task context only)
//! the test then failed with "Timer function was not called". This knob reproduces
//! that setup deterministically, for any algorithm:
//!
//! ```
//! use run_in_irq::{set_irq_startup, IrqStartup};
//! // First expiry only once the task has made 300 000 calls of its own:
//! set_irq_startup(IrqStartup::AfterTaskCalls(300_000));
//! // ... or after a fixed delay (keep it well under the 1 s limit):
//! set_irq_startup(IrqStartup::Delay(std::time::Duration::from_millis(200)));
//! set_irq_startup(IrqStartup::Immediate); // the default
//! ```
//!
//! The setting is process-wide and read when each irq test starts.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// When the irq test arms its first timer expiry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum IrqStartup {
    /// One interval (5 µs) after the test starts, as in the kernel.
    #[default]
    Immediate,
    /// The given time after the test starts (plus one interval).
    Delay(Duration),
    /// Only after the task context has made this many calls (armed during the next
    /// task call, expiring one interval later): with `max_iterations` or more, the
    /// pre-fix algorithm never sees an irq, deterministically.
    AfterTaskCalls(u32),
}

// Encoding: top two bits select the variant, the rest is the value.
const KIND_SHIFT: u32 = 62;
static STARTUP: AtomicU64 = AtomicU64::new(0);

/// Sets the process-wide irq start-up behaviour of `kunit_run_irq_test` /
/// [`crate::run_irq_test`].
pub fn set_irq_startup(startup: IrqStartup) {
    let v = match startup {
        IrqStartup::Immediate => 0,
        IrqStartup::Delay(d) => 1 << KIND_SHIFT | (d.as_nanos() as u64).min((1 << KIND_SHIFT) - 1),
        IrqStartup::AfterTaskCalls(n) => 2 << KIND_SHIFT | n as u64,
    };
    STARTUP.store(v, Ordering::Relaxed);
}

/// The current process-wide setting.
pub fn irq_startup() -> IrqStartup {
    let v = STARTUP.load(Ordering::Relaxed);
    let value = v & ((1 << KIND_SHIFT) - 1);
    match v >> KIND_SHIFT {
        0 => IrqStartup::Immediate,
        1 => IrqStartup::Delay(Duration::from_nanos(value)),
        _ => IrqStartup::AfterTaskCalls(value as u32),
    }
}
