/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: kunit_run_irq_test() on run-in-irq's irq contexts: @func runs from task
 * context, from a hardirq stand-in (a signal on the test thread) and from softirq,
 * until all three ran and @max_iterations calls were made (or 1 s passed), then
 * KUnit's final expectations are made. @func runs inside a signal handler: no
 * allocation, locks, printing or assertions there; return false on failure.
 */
#ifndef _KUNIT_RUN_IN_IRQ_CONTEXT_H
#define _KUNIT_RUN_IN_IRQ_CONTEXT_H

#include <kunit/test.h>
#include <linux/hardirq.h>

void kunit_run_irq_test(struct kunit *test, bool (*func)(void *),
			int max_iterations, void *test_specific_state);

#endif /* _KUNIT_RUN_IN_IRQ_CONTEXT_H */
