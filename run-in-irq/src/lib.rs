//! Kernel irq contexts in userspace.
