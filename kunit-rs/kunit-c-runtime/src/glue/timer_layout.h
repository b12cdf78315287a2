/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: the timer and work structures as <linux/timer_types.h>,
 * <linux/hrtimer_types.h> and <linux/workqueue_types.h> lay them out (their
 * _Static_asserts pin the same sizes), and what timer.c shares with workqueue.c: the one
 * lock both take, so a delayed work moves between its timer and its workqueue atomically.
 */
#ifndef KUNIT_C_GLUE_TIMER_LAYOUT_H
#define KUNIT_C_GLUE_TIMER_LAYOUT_H

#include <pthread.h>
#include <stdbool.h>

struct kc_tnode {
	struct kc_tnode *next, *prev;
	long long deadline;
	int (*fire)(struct kc_tnode *node, long long *again);
	void *test;
	unsigned int queued;
	unsigned int base;
	unsigned int shutdown;
	unsigned int pad;
};

struct kc_timer_list {
	unsigned long expires;
	void (*function)(struct kc_timer_list *);
	unsigned int flags;
	struct kc_tnode kc;
};

struct kc_list {
	struct kc_list *next, *prev;
};

struct kc_work {
	long data;
	struct kc_list entry;
	void (*func)(struct kc_work *work);
	void *wq;
	void *test;
	unsigned long seq;
};

struct kc_delayed_work {
	struct kc_work work;
	struct kc_timer_list timer;
	void *wq;
	int cpu;
};

#if __SIZEOF_LONG__ == 8
_Static_assert(sizeof(struct kc_tnode) == 56, "struct __kunit_c_tnode");
_Static_assert(sizeof(struct kc_timer_list) == 80, "struct timer_list");
_Static_assert(sizeof(struct kc_work) == 56, "struct work_struct");
_Static_assert(sizeof(struct kc_delayed_work) == 152, "struct delayed_work");
#endif

#define KC_BASE_SOFTIRQ 0u
#define KC_BASE_HARDIRQ 1u

/* Timers and workqueues: one lock; kc_done is broadcast whenever a callback or item ends. */
extern pthread_mutex_t kc_sched_lock;
extern pthread_cond_t kc_done;
void kc_wait_done(void);

/* With kc_sched_lock held (timer.c). */
int kc_tnode_arm_locked(struct kc_tnode *node, long long deadline, int how);
int kc_tnode_cancel_locked(struct kc_tnode *node);
bool kc_tnode_running_locked(const struct kc_tnode *node);
/* The timers of a test that ended forget it (timer.c); its running callbacks are waited for. */
void kc_timers_forget_test_locked(void *test);
void kc_works_forget_test_locked(void *test);

/* The current C test, and running a callback in its context for a test (the Rust ABI). */
void *kunit_get_current_test(void);
#define KC_CTX_TASK 0
#define KC_CTX_SOFTIRQ 1
#define KC_CTX_HARDIRQ 2
void __kunit_c_serve(int context, void *test, void (*fn)(void *arg), void *arg);

#endif
