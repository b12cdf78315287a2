//! Layer 3, interrupt sources: the signal handler that enters irq context (`signal`), the
//! timers that raise it (`timer`, with the POSIX timer's `arm_horizon`), the ksoftirqd-like
//! worker (`ksoftirqd`), their futex wake-up (`futex`), and the irq line that wires a
//! thread to all of them for the duration of a closure (`line`).

pub(crate) mod arm_horizon;
pub(crate) mod futex;
pub(crate) mod ksoftirqd;
pub(crate) mod line;
pub(crate) mod signal;
pub(crate) mod timer;
