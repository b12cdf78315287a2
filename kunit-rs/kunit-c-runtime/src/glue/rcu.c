/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: RCU with a real grace period over the process's threads.
 *
 * Each thread that ever read has a record: 0 outside a read-side critical section, else
 * the grace-period generation it saw when its outermost rcu_read_lock() began. A grace
 * period bumps the generation to g and waits until every record is 0 or >= g: every
 * reader that could have seen the old data has left. A reader publishes its record, then
 * a full fence, then reads; the writer publishes its pointer, a full fence, then scans:
 * either the writer sees the reader's record, or the reader sees the new pointer.
 *
 * Callbacks (call_rcu(), kfree_rcu()) go to a queue that one worker thread drains: it
 * waits a grace period and invokes what was queued before it began. rcu_barrier() waits
 * until everything queued before it has been invoked.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "glue.h"

struct kc_rcu_head {
	struct kc_rcu_head *next;
	void (*func)(struct kc_rcu_head *head);
};

struct reader {
	unsigned long long seen; /* 0: not reading */
	struct reader *next;
	int free; /* its thread has exited: the record may be reused */
};

static unsigned long long generation = 1;
static struct reader *readers;
static pthread_mutex_t readers_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_key_t reader_key;
static pthread_once_t reader_key_once = PTHREAD_ONCE_INIT;
static __thread struct reader *self;
static __thread unsigned int nesting;

void kfree(const void *p);

static void reader_exit(void *r)
{
	__atomic_store_n(&((struct reader *)r)->seen, 0, __ATOMIC_RELEASE);
	__atomic_store_n(&((struct reader *)r)->free, 1, __ATOMIC_RELEASE);
}

static void make_key(void)
{
	pthread_key_create(&reader_key, reader_exit);
}

static struct reader *my_record(void)
{
	struct reader *r;

	if (self)
		return self;
	pthread_once(&reader_key_once, make_key);
	pthread_mutex_lock(&readers_lock);
	for (r = readers; r; r = r->next)
		if (__atomic_load_n(&r->free, __ATOMIC_ACQUIRE))
			break;
	if (r) {
		r->free = 0;
	} else {
		r = calloc(1, sizeof(*r));
		if (!r) {
			fprintf(stderr, "kunit-c: RCU: out of memory\n");
			abort();
		}
		r->next = readers;
		__atomic_store_n(&readers, r, __ATOMIC_RELEASE);
	}
	pthread_mutex_unlock(&readers_lock);
	pthread_setspecific(reader_key, r);
	self = r;
	return r;
}

void __kunit_c_rcu_read_lock(void)
{
	struct reader *r = my_record();

	if (nesting++ == 0) {
		__atomic_store_n(&r->seen, __atomic_load_n(&generation, __ATOMIC_SEQ_CST),
				 __ATOMIC_SEQ_CST);
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
	}
}

void __kunit_c_rcu_read_unlock(void)
{
	if (!nesting) {
		fprintf(stderr, "WARNING: rcu_read_unlock() without rcu_read_lock()\n");
		return;
	}
	if (--nesting == 0) {
		/* For ThreadSanitizer: what the reader did happens before the grace period's end. */
		kc_tsan_release(&generation);
		__atomic_store_n(&self->seen, 0, __ATOMIC_RELEASE);
	}
}

int __kunit_c_rcu_read_lock_held(void)
{
	return nesting != 0;
}

static void nap(void)
{
	struct timespec ts = { 0, 20000 }; /* a wait loop's pause; correctness is not timed */

	nanosleep(&ts, NULL);
}

void __kunit_c_synchronize_rcu(void)
{
	unsigned long long g, seen;
	struct reader *r;

	if (nesting) {
		/* The kernel deadlocks here (and lockdep says why); say it and go on. */
		fprintf(stderr, "WARNING: synchronize_rcu() in an RCU read-side critical section\n");
	}
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	g = __atomic_add_fetch(&generation, 1, __ATOMIC_SEQ_CST);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	for (r = __atomic_load_n(&readers, __ATOMIC_ACQUIRE); r; r = r->next) {
		if (r == self)
			continue;
		while ((seen = __atomic_load_n(&r->seen, __ATOMIC_ACQUIRE)) && seen < g)
			nap();
	}
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	kc_tsan_acquire(&generation);
}

/* The callback queue and its worker. */
static pthread_mutex_t cb_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cb_cond = PTHREAD_COND_INITIALIZER;
static struct kc_rcu_head *cb_head, **cb_tail = &cb_head;
static unsigned long long cb_queued, cb_done;
static int worker_started;

/* kfree_rcu()'s callbacks: the offset of the rcu_head in its object, not a function. */
#define KC_KFREE_RCU_MAX_OFFSET 4096

static void *worker(void *arg)
{
	struct kc_rcu_head *list, *next;
	unsigned long long n;

	(void)arg;
	pthread_mutex_lock(&cb_lock);
	for (;;) {
		while (!cb_head)
			pthread_cond_wait(&cb_cond, &cb_lock);
		list = cb_head;
		cb_head = NULL;
		cb_tail = &cb_head;
		n = cb_queued;
		pthread_mutex_unlock(&cb_lock);
		__kunit_c_synchronize_rcu();
		for (; list; list = next) {
			uintptr_t f = (uintptr_t)list->func;

			next = list->next;
			if (f < KC_KFREE_RCU_MAX_OFFSET)
				kfree((char *)list - f);
			else
				list->func(list);
		}
		pthread_mutex_lock(&cb_lock);
		cb_done = n;
		pthread_cond_broadcast(&cb_cond);
	}
	return NULL;
}

void __kunit_c_call_rcu(struct kc_rcu_head *head, void (*func)(struct kc_rcu_head *head))
{
	pthread_t t;

	head->func = func;
	head->next = NULL;
	pthread_mutex_lock(&cb_lock);
	if (!worker_started) {
		pthread_attr_t attr;

		pthread_attr_init(&attr);
		pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
		if (pthread_create(&t, &attr, worker, NULL)) {
			fprintf(stderr, "kunit-c: RCU: cannot start the callback thread\n");
			abort();
		}
		pthread_attr_destroy(&attr);
		worker_started = 1;
	}
	*cb_tail = head;
	cb_tail = &head->next;
	cb_queued++;
	pthread_cond_broadcast(&cb_cond);
	pthread_mutex_unlock(&cb_lock);
}

void __kunit_c_rcu_barrier(void)
{
	unsigned long long ticket;

	pthread_mutex_lock(&cb_lock);
	ticket = cb_queued;
	while (cb_done < ticket)
		pthread_cond_wait(&cb_cond, &cb_lock);
	pthread_mutex_unlock(&cb_lock);
}
