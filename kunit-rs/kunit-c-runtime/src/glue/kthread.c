/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: <linux/kthread.h> on POSIX threads. A kthread's record begins with the
 * state word of <linux/sched.h>'s task_struct, so the header's wake_up_process() (an
 * exchange to TASK_RUNNING) is what lets a created thread run.
 */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "glue.h"

#define KC_TASK_RUNNING 0u
#define KC_TASK_UNINTERRUPTIBLE 2u

struct kc_kthread {
	unsigned int state; /* task_struct.__state: first, as in the header's layout */
	void *kunit_test; /* task_struct.kunit_test: second */
	const void *real_cred, *cred; /* task_struct's credentials: none (NULL) */
	unsigned int flags; /* task_struct.flags, .plug, .journal_info */
	void *plug, *journal_info;
	int (*threadfn)(void *data);
	void *data;
	int result;
	bool should_stop;
	pthread_t thread;
	char comm[16]; /* TASK_COMM_LEN */
};

static __thread struct kc_kthread *self;

/* The task_struct of a thread kthread_create() did not make: the header's fields. */
struct kc_task {
	unsigned int state;
	void *kunit_test;
	const void *real_cred, *cred;
	unsigned int flags;
	void *plug, *journal_info;
};

/* <linux/sched.h>'s _Static_assert pins the same size. */
_Static_assert(sizeof(struct kc_task) == 7 * sizeof(void *), "<linux/sched.h>");

/*
 * `current`: one task per thread, the same in every file (and in the runtime, which keeps
 * the running test in its kunit_test). In a kthread it is the kthread's own task, the
 * handle kthread_create() returned.
 */
void *__kunit_c_current(void)
{
	static __thread struct kc_task task;

	return self ? (void *)self : (void *)&task;
}

static void pause_briefly(void)
{
	struct timespec ts = { 0, 100000 }; /* 0.1 ms: a wait loop, correctness never timed */

	nanosleep(&ts, NULL);
}

static void *kthread_main(void *arg)
{
	struct kc_kthread *k = arg;

	self = k;
	/* Not running until woken (or stopped), as kthread_create() leaves it. */
	while (__atomic_load_n(&k->state, __ATOMIC_ACQUIRE) != KC_TASK_RUNNING &&
	       !__atomic_load_n(&k->should_stop, __ATOMIC_ACQUIRE))
		pause_briefly();
	/* As the kernel's kthread(): stopped before it ran, threadfn is never called. */
	if (__atomic_load_n(&k->should_stop, __ATOMIC_ACQUIRE))
		k->result = -EINTR;
	else
		k->result = k->threadfn(k->data);
	return NULL;
}

void *__kunit_c_kthread_create(int (*threadfn)(void *data), void *data, const char *namefmt, ...)
{
	struct kc_kthread *k = calloc(1, sizeof(*k));
	va_list ap;

	if (!k)
		return (void *)(long)-ENOMEM;
	k->state = KC_TASK_UNINTERRUPTIBLE;
	k->threadfn = threadfn;
	k->data = data;
	va_start(ap, namefmt);
	vsnprintf(k->comm, sizeof(k->comm), namefmt, ap);
	va_end(ap);
	if (pthread_create(&k->thread, NULL, kthread_main, k)) {
		free(k);
		return (void *)(long)-EAGAIN;
	}
	return k;
}

int kthread_stop(void *task)
{
	struct kc_kthread *k = task;
	int result;

	/* Stopping a thread never woken: it must not run threadfn (-EINTR). */
	__atomic_store_n(&k->should_stop, true, __ATOMIC_RELEASE);
	pthread_join(k->thread, NULL);
	result = k->result;
	free(k);
	return result;
}

bool kthread_should_stop(void)
{
	return self && __atomic_load_n(&self->should_stop, __ATOMIC_ACQUIRE);
}

const char *__kunit_c_kthread_comm(void *task)
{
	return ((struct kc_kthread *)task)->comm;
}
