/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: the timer bases behind <linux/timer.h> and <linux/hrtimer.h>. Two bases,
 * each a queue ordered by CLOCK_MONOTONIC deadline (the same deadline: arming order) and a
 * thread that runs the callbacks one at a time: "ktimers" in softirq context (timer_list,
 * soft hrtimers, delayed work's timers) and "hrtimer" in hardirq context with irqs off. A
 * thread of its own is another CPU's interrupt: the callback may take locks and allocate
 * as in the kernel, and the test thread is never interrupted. The node is never touched
 * after its callback returns (a callback may free its timer), except to queue an hrtimer
 * again on HRTIMER_RESTART, which keeps it alive by contract. Each callback runs with
 * the test that armed the timer as its current test, which its kernel-rule violations fail.
 */
#define _GNU_SOURCE
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <time.h>

#include "glue.h"
#include "timer_layout.h"

pthread_mutex_t kc_sched_lock = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t kc_done = PTHREAD_COND_INITIALIZER;

void __kunit_c_fail_current_test(const char *file, int line, char *msg);

struct kc_base {
	const char *comm;
	int context;
	struct kc_tnode head; /* sentinel of the queue */
	pthread_cond_t wake; /* on CLOCK_MONOTONIC: the head changed */
	pthread_t thread;
	bool started;
	struct kc_tnode *running; /* whose callback runs now */
	void *running_test;
};

static struct kc_base bases[2] = {
	[KC_BASE_SOFTIRQ] = { .comm = "ktimers/0", .context = KC_CTX_SOFTIRQ,
			      .head = { &bases[0].head, &bases[0].head } },
	[KC_BASE_HARDIRQ] = { .comm = "hrtimer/0", .context = KC_CTX_HARDIRQ,
			      .head = { &bases[1].head, &bases[1].head } },
};

static long long mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

void kc_wait_done(void)
{
	pthread_cond_wait(&kc_done, &kc_sched_lock);
}

static void unlink_node(struct kc_tnode *n)
{
	n->prev->next = n->next;
	n->next->prev = n->prev;
	n->next = n->prev = NULL;
	__atomic_store_n(&n->queued, 0, __ATOMIC_RELEASE);
}

/* After the nodes due no later than @deadline: equal deadlines run in arming order. */
static void insert_node(struct kc_base *b, struct kc_tnode *n, long long deadline)
{
	struct kc_tnode *at = b->head.next;

	n->deadline = deadline;
	while (at != &b->head && at->deadline <= deadline)
		at = at->next;
	n->next = at;
	n->prev = at->prev;
	at->prev->next = n;
	at->prev = n;
	__atomic_store_n(&n->queued, 1, __ATOMIC_RELEASE);
	if (b->head.next == n)
		pthread_cond_signal(&b->wake);
}

struct kc_call {
	struct kc_tnode *node;
	int (*fire)(struct kc_tnode *node, long long *again);
	long long again;
	int restart;
};

static void run_fire(void *arg)
{
	struct kc_call *c = arg;

	c->restart = c->fire(c->node, &c->again);
}

static void *base_thread(void *arg)
{
	struct kc_base *b = arg;

	prctl(PR_SET_NAME, b->comm);
	pthread_mutex_lock(&kc_sched_lock);
	for (;;) {
		struct kc_tnode *n = b->head.next;
		struct kc_call call;
		void *test;

		if (n == &b->head) {
			pthread_cond_wait(&b->wake, &kc_sched_lock);
			continue;
		}
		if (n->deadline > mono_ns()) {
			struct timespec ts = { (time_t)(n->deadline / 1000000000ll),
					       (long)(n->deadline % 1000000000ll) };

			pthread_cond_timedwait(&b->wake, &kc_sched_lock, &ts);
			continue;
		}
		unlink_node(n);
		b->running = n;
		b->running_test = test = n->test;
		call = (struct kc_call){ .node = n, .fire = n->fire };
		pthread_mutex_unlock(&kc_sched_lock);
		__kunit_c_serve(b->context, test, run_fire, &call);
		pthread_mutex_lock(&kc_sched_lock);
		/* HRTIMER_RESTART, unless the callback queued it itself (or it was shut down). */
		if (call.restart && !n->queued && !n->shutdown)
			insert_node(b, n, call.again);
		b->running = NULL;
		b->running_test = NULL;
		pthread_cond_broadcast(&kc_done);
	}
	return NULL;
}

static struct kc_base *base_of(const struct kc_tnode *n)
{
	return &bases[n->base == KC_BASE_HARDIRQ ? KC_BASE_HARDIRQ : KC_BASE_SOFTIRQ];
}

/* Starts @b's thread on first use (kc_sched_lock held). */
static void start_base(struct kc_base *b)
{
	pthread_condattr_t attr;

	if (b->started)
		return;
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&b->wake, &attr);
	pthread_condattr_destroy(&attr);
	if (pthread_create(&b->thread, NULL, base_thread, b)) {
		fprintf(stderr, "kunit-c: cannot start the %s timer thread\n", b->comm);
		abort();
	}
	pthread_detach(b->thread);
	b->started = true;
}

#define KC_ARM_IF_PENDING 1
#define KC_ARM_IF_EARLIER 2

int kc_tnode_arm_locked(struct kc_tnode *n, long long deadline, int how)
{
	struct kc_base *b = base_of(n);
	int was = n->queued != 0;

	if (n->shutdown)
		return 0;
	if (how == KC_ARM_IF_PENDING && !was)
		return 0;
	if (how == KC_ARM_IF_EARLIER && was && n->deadline <= deadline)
		return 1;
	start_base(b);
	if (was)
		unlink_node(n);
	n->test = kunit_get_current_test();
	insert_node(b, n, deadline);
	return was;
}

int kc_tnode_cancel_locked(struct kc_tnode *n)
{
	if (!n->queued)
		return 0;
	if (base_of(n)->head.next == n)
		pthread_cond_signal(&base_of(n)->wake);
	unlink_node(n);
	return 1;
}

bool kc_tnode_running_locked(const struct kc_tnode *n)
{
	return base_of(n)->running == n;
}

int __kunit_c_tnode_arm(struct kc_tnode *n, long long deadline, int how)
{
	int ret;

	pthread_mutex_lock(&kc_sched_lock);
	ret = kc_tnode_arm_locked(n, deadline, how);
	pthread_mutex_unlock(&kc_sched_lock);
	return ret;
}

int __kunit_c_tnode_cancel(struct kc_tnode *n)
{
	int ret;

	pthread_mutex_lock(&kc_sched_lock);
	ret = kc_tnode_cancel_locked(n);
	pthread_mutex_unlock(&kc_sched_lock);
	return ret;
}

int __kunit_c_tnode_try_cancel(struct kc_tnode *n)
{
	int ret;

	pthread_mutex_lock(&kc_sched_lock);
	ret = kc_tnode_running_locked(n) ? -1 : kc_tnode_cancel_locked(n);
	pthread_mutex_unlock(&kc_sched_lock);
	return ret;
}

int __kunit_c_tnode_running(const struct kc_tnode *n)
{
	int ret;

	pthread_mutex_lock(&kc_sched_lock);
	ret = kc_tnode_running_locked(n);
	pthread_mutex_unlock(&kc_sched_lock);
	return ret;
}

/*
 * Dequeues and waits until the callback is not running (dequeuing again what it armed),
 * so that on return it neither runs nor is queued. From the timer's own callback, where
 * the kernel would wait forever, the test fails instead and nothing is waited for.
 */
int __kunit_c_tnode_cancel_sync(struct kc_tnode *n, int shutdown, const char *file, int line)
{
	struct kc_base *b = base_of(n);
	int ret = 0;

	pthread_mutex_lock(&kc_sched_lock);
	if (shutdown)
		n->shutdown = 1;
	for (;;) {
		ret |= kc_tnode_cancel_locked(n);
		if (!kc_tnode_running_locked(n))
			break;
		if (b->started && pthread_equal(pthread_self(), b->thread)) {
			char *msg = NULL;

			pthread_mutex_unlock(&kc_sched_lock);
			if (asprintf(&msg, "a timer's own callback waits for that callback to "
				     "end (del_timer_sync(), timer_delete_sync(), "
				     "hrtimer_cancel()): the kernel deadlocks here") < 0)
				msg = NULL;
			__kunit_c_fail_current_test(file, line, msg);
			return ret;
		}
		kc_wait_done();
	}
	pthread_mutex_unlock(&kc_sched_lock);
	return ret;
}

/* A time of @clock, in ns, as a CLOCK_MONOTONIC deadline (hrtimers of any clock). */
long long __kunit_c_clock_now(int clock)
{
	struct timespec ts;

	if (clock_gettime((clockid_t)clock, &ts))
		clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

long long __kunit_c_clock_to_mono(int clock, long long t)
{
	long long offset;

	if (clock == CLOCK_MONOTONIC)
		return t;
	offset = __kunit_c_clock_now(clock) - mono_ns();
	if (offset < 0 && t > LLONG_MAX + offset)
		return LLONG_MAX;
	if (offset > 0 && t < LLONG_MIN + offset)
		return LLONG_MIN;
	return t - offset;
}

static bool timers_running_for(void *test)
{
	return bases[0].running_test == test || bases[1].running_test == test;
}

void kc_timers_forget_test_locked(void *test)
{
	for (int i = 0; i < 2; i++)
		for (struct kc_tnode *n = bases[i].head.next; n != &bases[i].head; n = n->next)
			if (n->test == test)
				n->test = NULL;
}

bool kc_works_running_for(void *test);

/*
 * A C test ended (kunit-c-runtime drops its record): timers and work items it armed or
 * queued no longer name it, and its callbacks still running are waited for, so nothing
 * reports into a test that is gone.
 */
void __kunit_c_sched_test_ended(void *test)
{
	if (!test)
		return;
	pthread_mutex_lock(&kc_sched_lock);
	kc_timers_forget_test_locked(test);
	kc_works_forget_test_locked(test);
	while (timers_running_for(test) || kc_works_running_for(test))
		kc_wait_done();
	pthread_mutex_unlock(&kc_sched_lock);
}
