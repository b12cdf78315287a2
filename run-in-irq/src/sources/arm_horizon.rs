//! The POSIX timer's arm horizon: the shortest delay a per-thread POSIX timer can be
//! armed for on this machine and still fire *after* `timer_settime` has returned.
//!
//! On bare metal that is well under a microsecond. On a virtual machine, programming
//! the CPU timer exits to the hypervisor, and a deadline a few microseconds out has
//! passed before the guest is back: the expiry fires inside the arm. For a hardirq
//! handler that re-arms itself that is a livelock — the next interrupt is pending
//! before the handler has returned, so task and softirq work never run, and the irq
//! test's back-off counts the lost calls for as long as the run lasts (its rule
//! compares cumulative counts), ending far above the interval the machine could have
//! kept. The kernel's clock event devices have the same limit (`min_delta_ns`). The
//! POSIX timer here adds the horizon to every delay (`timer::PosixTimer`): the
//! interval then starts when the arm returns, as it would where an arm costs nothing,
//! and the interrupted code gets its time between interrupts. (Programming short
//! deltas *at* the horizon is not enough: the expiry then lands while the handler
//! finishes, and the next interrupt is again pending when it returns.)
//!
//! The horizon is measured, not configured: every arm is timed, and an arm that took
//! at least its own delay fired inside. Early arms count up and on-time arms count
//! down (never below 0); when early ones lead by [`RISE_SCORE`], the horizon rises to
//! [`STEP_NS`] above the delay that fired early. So it rises while early arms are the
//! rule (a livelock), not for the occasional one a noisy host produces. After
//! [`FALL_AFTER`] on-time arms in a row at the horizon it falls by a step, so that a
//! burst of interference on a loaded machine (which can look like a livelock for a
//! moment) does not hold it high for the rest of the process: it settles where early
//! arms are neither the rule nor quite absent. It is process-wide (a property of the
//! machine: a new line starts with what earlier ones learned). An arm that took much
//! longer than its delay ([`STALL_NS`]: the thread was preempted) says nothing about
//! the timer and is ignored. An expiry inside the arm costs its interrupt's delivery,
//! 15–25 µs on a KVM guest (measured on an AMD EPYC VM), so the bound is well above
//! that and well below a scheduler time slice.

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering::Relaxed};

/// Each rise: this far above the delay that fired too early.
pub(crate) const STEP_NS: u64 = 500;
/// The horizon stays below this (10 × the irq test's initial interval); a machine that
/// needs more is not one a µs-scale interrupt test can run on anyway.
pub(crate) const MAX_NS: u64 = 50_000;
/// An early arm that took longer than its delay plus this was held up, not early (an
/// expiry inside the arm adds its own delivery, tens of µs on a VM: see the module).
pub(crate) const STALL_NS: u64 = 100_000;
/// On-time arms in a row at the horizon after which it falls by [`STEP_NS`].
pub(crate) const FALL_AFTER: u32 = 1024;
/// How far early arms must lead on-time ones for the horizon to rise (the lead then
/// starts again from 0).
pub(crate) const RISE_SCORE: u32 = 8;

/// A horizon, and what it has learned so far.
pub(crate) struct ArmHorizon {
    /// The shortest delay armed (ns; 0: none known).
    ns: AtomicU64,
}

/// The evidence of one timer since it was created (its arms are timed one at a time,
/// on the timer's thread).
pub(crate) struct ArmEvidence {
    /// How far early arms lead on-time ones (never below 0).
    score: AtomicU32,
    /// On-time arms in a row at the horizon.
    on_time_at_horizon: AtomicU32,
}

impl ArmEvidence {
    pub(crate) const fn new() -> ArmEvidence {
        ArmEvidence {
            score: AtomicU32::new(0),
            on_time_at_horizon: AtomicU32::new(0),
        }
    }
}

impl ArmHorizon {
    pub(crate) const fn new() -> ArmHorizon {
        ArmHorizon {
            ns: AtomicU64::new(0),
        }
    }

    /// What an arm for `ns` programs: at least the horizon.
    pub(crate) fn delay_for(&self, ns: u64) -> u64 {
        ns.max(self.ns.load(Relaxed))
    }

    /// Learns from one arm of `delay` ns whose `timer_settime` took `took` ns.
    /// Async-signal-safe (atomics only).
    pub(crate) fn observe(&self, evidence: &ArmEvidence, delay: u64, took: u64) {
        let score = evidence.score.load(Relaxed);
        if took < delay {
            evidence.score.store(score.saturating_sub(1), Relaxed);
            let horizon = self.ns.load(Relaxed);
            if delay == horizon {
                let streak = evidence.on_time_at_horizon.load(Relaxed) + 1;
                if streak >= FALL_AFTER {
                    let lower = horizon.saturating_sub(STEP_NS);
                    // Lost to a concurrent rise (another line's evidence): that one wins.
                    let _ = self.ns.compare_exchange(horizon, lower, Relaxed, Relaxed);
                    evidence.on_time_at_horizon.store(0, Relaxed);
                } else {
                    evidence.on_time_at_horizon.store(streak, Relaxed);
                }
            }
        } else if took - delay <= STALL_NS {
            evidence.on_time_at_horizon.store(0, Relaxed);
            let score = score + 1;
            if score >= RISE_SCORE {
                self.ns.fetch_max((delay + STEP_NS).min(MAX_NS), Relaxed);
                evidence.score.store(0, Relaxed);
            } else {
                evidence.score.store(score, Relaxed);
            }
        }
    }
}

#[cfg(test)]
#[path = "arm_horizon_kunit.rs"]
mod arm_horizon_kunit;
