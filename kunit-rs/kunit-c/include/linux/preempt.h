/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: preempt_count-style context queries on run-in-irq's model of this thread. */
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

#define preempt_disable() do { } while (0)
#define preempt_enable() do { } while (0)
#define migrate_disable() do { } while (0)
#define migrate_enable() do { } while (0)

#endif /* _LINUX_PREEMPT_H */
