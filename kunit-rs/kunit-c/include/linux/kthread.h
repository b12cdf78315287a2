/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: kernel threads as host threads. As in the kernel, kthread_create() makes a
 * thread that does not run @threadfn until wake_up_process(); kthread_run() does both;
 * kthread_stop() makes kthread_should_stop() true for it, wakes it, waits for @threadfn
 * to return and returns its value (-EINTR, @threadfn never called, if it was never woken).
 * The task a kthread is given is not its `current` (see <linux/sched.h>); comm is.
 */
#ifndef _LINUX_KTHREAD_H
#define _LINUX_KTHREAD_H

#include <stdbool.h>
#include <linux/err.h>
#include <linux/sched.h>

struct task_struct *__kunit_c_kthread_create(int (*threadfn)(void *data), void *data,
					     const char *namefmt, ...)
	__attribute__((format(printf, 3, 4)));
int kthread_stop(struct task_struct *k);
bool kthread_should_stop(void);
const char *__kunit_c_kthread_comm(struct task_struct *k);

#define kthread_create(threadfn, data, namefmt, ...)				\
	__kunit_c_kthread_create((threadfn), (data), namefmt, ##__VA_ARGS__)
#define kthread_run(threadfn, data, namefmt, ...)				\
({										\
	struct task_struct *__k = kthread_create(threadfn, data, namefmt, ##__VA_ARGS__); \
	if (!IS_ERR(__k))							\
		wake_up_process(__k);						\
	__k;									\
})

#endif /* _LINUX_KTHREAD_H */
