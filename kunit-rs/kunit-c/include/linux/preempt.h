/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: preempt_count-style context queries on run-in-irq's model of this thread, and
 * the preemption-disable depth the glue keeps for it (spinlocks take it, as in the kernel):
 * in_atomic() is true with preemption disabled or in any irq context.
 */
#ifndef _LINUX_PREEMPT_H
#define _LINUX_PREEMPT_H

#include <stdbool.h>

bool __kunit_c_in_task(void);
bool __kunit_c_in_hardirq(void);
bool __kunit_c_in_serving_softirq(void);
bool __kunit_c_in_softirq(void);
bool __kunit_c_in_interrupt(void);

#define in_task() __kunit_c_in_task()
#define in_hardirq() __kunit_c_in_hardirq()
#define in_irq() __kunit_c_in_hardirq()
#define in_serving_softirq() __kunit_c_in_serving_softirq()
#define in_softirq() __kunit_c_in_softirq()
#define in_interrupt() __kunit_c_in_interrupt()
#define in_nmi() 0

void __kunit_c_preempt_disable(void);
void __kunit_c_preempt_enable(void);
unsigned int __kunit_c_preempt_depth(void);

#define preempt_disable() __kunit_c_preempt_disable()
#define preempt_enable() __kunit_c_preempt_enable()
#define preempt_enable_no_resched() __kunit_c_preempt_enable()
#define preempt_count() __kunit_c_preempt_depth()
#define in_atomic() (__kunit_c_preempt_depth() != 0 || __kunit_c_in_interrupt())
#define preemptible() (!__kunit_c_preempt_depth() && !__kunit_c_in_interrupt())
#define migrate_disable() do { } while (0)
#define migrate_enable() do { } while (0)

#endif /* _LINUX_PREEMPT_H */
