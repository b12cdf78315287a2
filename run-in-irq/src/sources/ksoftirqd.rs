//! The ksoftirqd-like worker: softirq work raised by a hardirq runs on a dedicated
//! thread (the PREEMPT_RT arrangement). One worker per line, so softirq runs never
//! overlap. The wake is a futex on one state word, async-signal-safe.

use crate::contexts::preempt_count::{set_owner, with_cpu, SOFTIRQ_OFFSET};
use crate::sources::futex;
use std::sync::atomic::{AtomicU32, Ordering};

const PENDING: u32 = 1;
const STOP: u32 = 2;

pub(crate) struct Ksoftirqd {
    state: AtomicU32,
}

impl Ksoftirqd {
    pub(crate) const fn new() -> Ksoftirqd {
        Ksoftirqd {
            state: AtomicU32::new(0),
        }
    }

    /// Marks work pending and wakes the worker on the idle→pending edge.
    /// Async-signal-safe (atomics + futex syscall).
    pub(crate) fn kick(&self) {
        if self.state.fetch_or(PENDING, Ordering::AcqRel) & PENDING == 0 {
            futex::wake(&self.state);
        }
    }

    /// Asks the worker to exit once pending work is done.
    pub(crate) fn stop(&self) {
        self.state.fetch_or(STOP, Ordering::AcqRel);
        futex::wake(&self.state);
    }

    /// The worker body: run `softirq` in softirq context, for the "CPU" `owner_tid`,
    /// each time work is kicked, until stopped.
    pub(crate) fn run(&self, owner_tid: i32, softirq: impl Fn()) {
        set_owner(owner_tid);
        loop {
            let v = self.state.load(Ordering::Acquire);
            if v & PENDING != 0 {
                // No longer pending once it starts, as in the kernel.
                self.state.fetch_and(!PENDING, Ordering::AcqRel);
                with_cpu(|c| c.add(SOFTIRQ_OFFSET));
                softirq();
                with_cpu(|c| c.sub(SOFTIRQ_OFFSET));
            } else if v & STOP != 0 {
                break;
            } else {
                futex::wait(&self.state, v, None);
            }
        }
        set_owner(0);
    }
}
