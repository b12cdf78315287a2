/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: the context queries, answered by run-in-irq's context model. */
#ifndef _LINUX_HARDIRQ_H
#define _LINUX_HARDIRQ_H
#include <linux/preempt.h>
#endif
