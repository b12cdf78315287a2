/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: struct work_struct (see <linux/workqueue.h>). */
#ifndef _LINUX_WORKQUEUE_TYPES_H
#define _LINUX_WORKQUEUE_TYPES_H

#include <linux/atomic.h>
#include <linux/types.h>

struct work_struct;
struct kunit;
typedef void (*work_func_t)(struct work_struct *work);

struct timer_list;
/* A delayed work's timer function: queues the item (the glue). */
void delayed_work_timer_fn(struct timer_list *t);

struct work_struct {
	atomic_long_t data; /* bit 0: WORK_STRUCT_PENDING, as the kernel's */
	struct list_head entry; /* on its workqueue's list while queued */
	work_func_t func;
	void *__kc_wq; /* the workqueue it was queued on last */
	struct kunit *__kc_test; /* the current test of whoever queued it */
	unsigned long __kc_seq; /* its workqueue's count when it was queued */
};

#endif /* _LINUX_WORKQUEUE_TYPES_H */
