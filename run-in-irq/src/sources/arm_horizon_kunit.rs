//! `arm_horizon.rs`'s tests (suite `run_in_irq_arm_horizon`): the learning rule, on made-up
//! timings (the real ones depend on the machine). They read the private horizon, so
//! `arm_horizon.rs` declares this module under cfg(test) and the library's own test target
//! runs it.

#[kunit::kunit_tests(run_in_irq_arm_horizon)]
mod tests {
    use crate::sources::arm_horizon::*;

    impl ArmHorizon {
        /// The horizon now (ns; 0: none learned).
        fn ns(&self) -> u64 {
            self.ns.load(Relaxed)
        }
    }

    fn observe_all(h: &ArmHorizon, e: &ArmEvidence, arms: &[(u64, u64)]) {
        for &(delay, took) in arms {
            h.observe(e, delay, took);
        }
    }

    #[test]
    fn on_time_arms_leave_it_unknown() {
        let (h, e) = (ArmHorizon::new(), ArmEvidence::new());
        observe_all(&h, &e, &[(5_000, 600); 1000]);
        assert_eq!(h.ns(), 0);
        assert_eq!(h.delay_for(5_000), 5_000);
    }

    #[test]
    fn a_run_of_early_arms_raises_it_above_their_delay() {
        let (h, e) = (ArmHorizon::new(), ArmEvidence::new());
        observe_all(&h, &e, &[(5_000, 8_900); RISE_SCORE as usize - 1]);
        assert_eq!(h.ns(), 0, "one early arm short");
        h.observe(&e, 5_000, 8_900);
        assert_eq!(h.ns(), 5_000 + STEP_NS);
        // Shorter requests are programmed at the horizon, longer ones as asked.
        assert_eq!(h.delay_for(1_000), 5_000 + STEP_NS);
        assert_eq!(h.delay_for(9_000), 9_000);
        // It climbs on while arms at the horizon are still mostly early (here 3 of 4)...
        for _ in 0..RISE_SCORE {
            observe_all(&h, &e, &[(5_500, 9_000), (5_500, 9_000), (5_500, 9_000)]);
            h.observe(&e, 5_500, 2_600);
        }
        assert_eq!(h.ns(), 6_000);
        // Arms longer than the horizon say nothing about it.
        observe_all(&h, &e, &[(9_000, 2_600); 2 * FALL_AFTER as usize]);
        assert_eq!(h.ns(), 6_000);
    }

    #[test]
    fn a_long_on_time_run_at_the_horizon_lowers_it_a_step() {
        let (h, e) = (ArmHorizon::new(), ArmEvidence::new());
        observe_all(&h, &e, &[(6_000, 9_000); RISE_SCORE as usize]);
        assert_eq!(h.ns(), 6_500);
        observe_all(&h, &e, &[(6_500, 2_600); FALL_AFTER as usize - 1]);
        // An early arm breaks the run.
        h.observe(&e, 6_500, 9_500);
        observe_all(&h, &e, &[(6_500, 2_600); FALL_AFTER as usize - 1]);
        assert_eq!(h.ns(), 6_500);
        h.observe(&e, 6_500, 2_600);
        assert_eq!(h.ns(), 6_000);
        // Back where arms fire early: it rises again.
        observe_all(&h, &e, &[(6_000, 9_000); RISE_SCORE as usize]);
        assert_eq!(h.ns(), 6_500);
    }

    #[test]
    fn early_arms_in_the_minority_do_not_raise_it() {
        let (h, e) = (ArmHorizon::new(), ArmEvidence::new());
        // One early arm in three, in runs: the on-time ones keep the lead down.
        for _ in 0..1000 {
            observe_all(&h, &e, &[(6_000, 9_900); RISE_SCORE as usize - 1]);
            observe_all(&h, &e, &[(6_000, 2_600); 2 * (RISE_SCORE as usize - 1)]);
        }
        assert_eq!(h.ns(), 0);
    }

    #[test]
    fn held_up_arms_are_no_evidence() {
        let (h, e) = (ArmHorizon::new(), ArmEvidence::new());
        // Preempted inside timer_settime: far past the delay.
        observe_all(&h, &e, &[(5_000, 5_000 + STALL_NS + 1); 100]);
        assert_eq!(h.ns(), 0);
    }

    #[test]
    fn it_stays_below_the_cap() {
        let (h, e) = (ArmHorizon::new(), ArmEvidence::new());
        observe_all(
            &h,
            &e,
            &[(MAX_NS, MAX_NS + 1_000); 10 * RISE_SCORE as usize],
        );
        assert_eq!(h.ns(), MAX_NS);
    }
}
