/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: masking the hardirq stand-in of this thread (run-in-irq). */
#ifndef _LINUX_IRQFLAGS_H
#define _LINUX_IRQFLAGS_H

#include <stdbool.h>

unsigned long __kunit_c_local_irq_save(void);
void __kunit_c_local_irq_restore(unsigned long flags);
bool __kunit_c_irqs_disabled(void);

#define local_irq_save(flags) ((flags) = __kunit_c_local_irq_save())
#define local_irq_restore(flags) __kunit_c_local_irq_restore(flags)
#define local_irq_disable() ((void)__kunit_c_local_irq_save())
#define local_irq_enable() __kunit_c_local_irq_restore(0)
#define irqs_disabled() __kunit_c_irqs_disabled()

#endif /* _LINUX_IRQFLAGS_H */
