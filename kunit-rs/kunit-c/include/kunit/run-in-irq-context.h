/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: kunit_run_irq_test() on run-in-irq's irq contexts: @func runs from task
 * context, from a hardirq stand-in (a signal on the test thread) and from softirq,
 * until the calls in all three reach @max_iterations and each context ran (or 1 s
 * passed); then KUnit's final expectations are made here, in C, so their text is
 * KUnit's. @func runs inside a signal handler: no locks, printing or assertions there
 * (kmalloc(GFP_ATOMIC) is served by mmap() there); return false on failure. might_sleep()
 * or a GFP_KERNEL allocation in hardirq or softirq is reported as the kernel reports it.
 */
#ifndef _KUNIT_RUN_IN_IRQ_CONTEXT_H
#define _KUNIT_RUN_IN_IRQ_CONTEXT_H

#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/hardirq.h>

/* What the run leaves for the final checks, named as KUnit names it. */
struct kunit_irq_test_state {
	atomic_t task_func_calls;
	atomic_t hardirq_func_calls;
	atomic_t softirq_func_calls;
	bool task_func_reported_failure;
	bool hardirq_func_reported_failure;
	bool softirq_func_reported_failure;
};

/*
 * Runs the irq test (run-in-irq's newest algorithm) and fills @state; reports setup
 * errors and kernel-rule violations (might_sleep() in hardirq or softirq, a blocking
 * allocation in hardirq, ...) as failures. False when the run could not start.
 */
bool __kunit_c_run_irq_test(struct kunit *test, bool (*func)(void *),
			    int max_iterations, void *test_specific_state,
			    struct kunit_irq_test_state *state);

static inline void kunit_run_irq_test(struct kunit *test, bool (*func)(void *),
				      int max_iterations,
				      void *test_specific_state)
{
	struct kunit_irq_test_state state = { 0 };

	if (!__kunit_c_run_irq_test(test, func, max_iterations,
				    test_specific_state, &state))
		return;

	KUNIT_EXPECT_GT_MSG(test, atomic_read(&state.hardirq_func_calls), 0,
			    "Timer function was not called");
	KUNIT_EXPECT_GT_MSG(test, atomic_read(&state.softirq_func_calls), 0,
			    "BH work function was not called");
	KUNIT_EXPECT_FALSE_MSG(test, state.task_func_reported_failure,
			       "Failure reported from task context");
	KUNIT_EXPECT_FALSE_MSG(test, state.hardirq_func_reported_failure,
			       "Failure reported from hardirq context");
	KUNIT_EXPECT_FALSE_MSG(test, state.softirq_func_reported_failure,
			       "Failure reported from softirq context");
}

#endif /* _KUNIT_RUN_IN_IRQ_CONTEXT_H */
