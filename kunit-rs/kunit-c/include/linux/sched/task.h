/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the task reference counts and the per-task lock of <linux/sched/task.h>. A task
 * here is a thread's own task_struct (see <linux/sched.h>) and lives as long as its thread,
 * so references are not counted: getting one returns the task, putting one does nothing.
 * task_lock() takes one lock shared by every task (coarser than the kernel's per-task
 * alloc_lock, with the same exclusion).
 */
#ifndef _LINUX_SCHED_TASK_H
#define _LINUX_SCHED_TASK_H

#include <linux/sched.h>
#include <linux/spinlock.h>

static inline struct task_struct *get_task_struct(struct task_struct *t)
{
	return t;
}

static inline void put_task_struct(struct task_struct *t)
{
	(void)t;
}

/* Weak: one lock for the whole program, however many files include this. */
spinlock_t __kunit_c_task_alloc_lock __attribute__((weak));

static inline void task_lock(struct task_struct *p)
{
	(void)p;
	spin_lock(&__kunit_c_task_alloc_lock);
}

static inline void task_unlock(struct task_struct *p)
{
	(void)p;
	spin_unlock(&__kunit_c_task_alloc_lock);
}

#endif /* _LINUX_SCHED_TASK_H */
