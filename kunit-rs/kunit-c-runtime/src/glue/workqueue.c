/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: workqueues (<linux/workqueue.h>). Each workqueue has its list of queued
 * items and its own worker threads, started when an item is queued and no worker of it is
 * idle, up to max_active: an item that blocks never holds up the others, as the kernel's
 * concurrency management guarantees. A worker takes the first item not running anywhere
 * (an item never runs twice at once), or only the head on an ordered workqueue. PENDING
 * (bit 0 of work->data) is set from queueing until the item starts, so it may queue itself
 * again; the worker never touches an item after its function returns (it may free it).
 * Flushes count: each queueing takes the workqueue's next number, so flush_work() and
 * flush_workqueue() wait only for what was queued before them. Everything is under
 * timer.c's kc_sched_lock, so a delayed work moves from its timer to its list atomically.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>

#include "glue.h"
#include "timer_layout.h"

#define KC_WORK_PENDING 1L
#define KC_WORK_CANCELING (1L << 4)

#define KC_WQ_BH (1u << 0)
#define KC_WQ_HIGHPRI (1u << 4)
#define KC_WQ_UNBOUND (1u << 1)
#define KC_WQ_ORDERED (1u << 17)
#define KC_WQ_DFL_ACTIVE 256
#define KC_WQ_MAX_ACTIVE 512

void __kunit_c_fail_current_test(const char *file, int line, char *msg);

struct workqueue_struct;

struct kc_worker {
	struct kc_worker *next;
	struct workqueue_struct *wq;
	pthread_t thread;
	struct kc_work *cur; /* the item running, never dereferenced */
	unsigned long cur_seq;
	void *cur_test;
};

struct workqueue_struct {
	char name[24];
	unsigned int flags;
	int max_active;
	struct kc_list list; /* queued items, in queueing order */
	struct kc_worker *workers;
	int nr_workers, nr_idle, nr_active;
	unsigned long seq; /* the last queueing's number */
	bool dying;
	struct workqueue_struct *next; /* all workqueues */
};

static struct workqueue_struct *all_wqs;
/* Workers wait here for items (any workqueue's: an item may wait for another's end). */
static pthread_cond_t kc_more = PTHREAD_COND_INITIALIZER;
static __thread struct kc_worker *self_worker;

static bool on_list(const struct kc_work *w)
{
	return w->entry.next && w->entry.next != &w->entry;
}

static void list_del_init(struct kc_list *e)
{
	e->prev->next = e->next;
	e->next->prev = e->prev;
	e->next = e->prev = e;
}

static void list_add_tail(struct kc_list *e, struct kc_list *head)
{
	e->next = head;
	e->prev = head->prev;
	head->prev->next = e;
	head->prev = e;
}

static struct kc_work *work_of(struct kc_list *e)
{
	return (struct kc_work *)((char *)e - offsetof(struct kc_work, entry));
}

static long data_of(struct kc_work *w)
{
	return __atomic_load_n(&w->data, __ATOMIC_ACQUIRE);
}

static void set_bits(struct kc_work *w, long bits)
{
	__atomic_fetch_or(&w->data, bits, __ATOMIC_ACQ_REL);
}

static void clear_bits(struct kc_work *w, long bits)
{
	__atomic_fetch_and(&w->data, ~bits, __ATOMIC_ACQ_REL);
}

/* Running on some worker now, as the queueing numbered @max_seq or earlier (0: any). */
static bool running(const struct kc_work *w, unsigned long max_seq)
{
	for (struct workqueue_struct *wq = all_wqs; wq; wq = wq->next)
		for (struct kc_worker *k = wq->workers; k; k = k->next)
			if (k->cur == w && (!max_seq || k->cur_seq <= max_seq))
				return true;
	return false;
}

static struct kc_work *pick(struct workqueue_struct *wq)
{
	if (wq->nr_active >= wq->max_active)
		return NULL;
	for (struct kc_list *e = wq->list.next; e != &wq->list; e = e->next) {
		if (!running(work_of(e), 0))
			return work_of(e);
		if (wq->flags & KC_WQ_ORDERED)
			return NULL;
	}
	return NULL;
}

static void kick_locked(struct workqueue_struct *wq);

static void run_item(void *arg)
{
	struct kc_work *w = arg;

	w->func(w);
}

static void *worker_thread(void *arg)
{
	struct kc_worker *k = arg;
	struct workqueue_struct *wq = k->wq;
	/* Room for the whole name: PR_SET_NAME keeps the first 15 bytes, as TASK_COMM_LEN. */
	char comm[48];

	self_worker = k;
	snprintf(comm, sizeof(comm), "kworker/%s", wq->name);
	prctl(PR_SET_NAME, comm);
	pthread_mutex_lock(&kc_sched_lock);
	for (;;) { /* counted in nr_idle here */
		struct kc_work *w = pick(wq);
		void *test;

		if (!w) {
			if (wq->dying)
				break;
			pthread_cond_wait(&kc_more, &kc_sched_lock);
			continue;
		}
		wq->nr_idle--;
		wq->nr_active++;
		list_del_init(&w->entry);
		k->cur = w;
		k->cur_seq = w->seq;
		k->cur_test = test = w->test;
		/* No longer pending once it starts: it may queue itself again. */
		clear_bits(w, KC_WORK_PENDING);
		kick_locked(wq); /* the rest of the list gets a worker of its own */
		pthread_mutex_unlock(&kc_sched_lock);
		__kunit_c_serve((wq->flags & KC_WQ_BH) ? KC_CTX_SOFTIRQ : KC_CTX_TASK, test,
				run_item, w);
		pthread_mutex_lock(&kc_sched_lock);
		k->cur = NULL;
		k->cur_test = NULL;
		wq->nr_active--;
		wq->nr_idle++;
		pthread_cond_broadcast(&kc_done);
		pthread_cond_broadcast(&kc_more);
	}
	wq->nr_idle--;
	pthread_mutex_unlock(&kc_sched_lock);
	return NULL;
}

/*
 * Starts a worker when items wait and no worker of @wq is idle (a starting one counts as
 * idle), up to max_active: so an item that blocks never holds up the next.
 */
static void kick_locked(struct workqueue_struct *wq)
{
	if (wq->list.next != &wq->list && wq->nr_idle == 0 && wq->nr_workers < wq->max_active) {
		struct kc_worker *k = calloc(1, sizeof(*k));

		if (k) {
			k->wq = wq;
			k->next = wq->workers;
			if (!pthread_create(&k->thread, NULL, worker_thread, k)) {
				wq->workers = k;
				wq->nr_workers++;
				wq->nr_idle++;
			} else {
				free(k);
			}
		}
		if (!wq->nr_workers) {
			fprintf(stderr, "kunit-c: cannot start a worker for workqueue %s\n",
				wq->name);
			abort();
		}
	}
	pthread_cond_broadcast(&kc_more);
}

/* Puts a pending item on @wq's list and sees that a worker will take it. */
static void insert_locked(struct workqueue_struct *wq, struct kc_work *w)
{
	w->wq = wq;
	w->seq = ++wq->seq;
	list_add_tail(&w->entry, &wq->list);
	kick_locked(wq);
}

struct workqueue_struct *__kunit_c_alloc_workqueue(const char *name, unsigned int flags,
						   int max_active)
{
	struct workqueue_struct *wq = calloc(1, sizeof(*wq));

	if (!wq)
		return NULL;
	snprintf(wq->name, sizeof(wq->name), "%s", name);
	wq->flags = flags;
	if (max_active <= 0)
		max_active = KC_WQ_DFL_ACTIVE;
	wq->max_active = max_active > KC_WQ_MAX_ACTIVE ? KC_WQ_MAX_ACTIVE : max_active;
	wq->list.next = wq->list.prev = &wq->list;
	pthread_mutex_lock(&kc_sched_lock);
	wq->next = all_wqs;
	all_wqs = wq;
	pthread_mutex_unlock(&kc_sched_lock);
	return wq;
}

struct workqueue_struct *system_wq, *system_percpu_wq, *system_highpri_wq, *system_long_wq,
	*system_unbound_wq, *system_dfl_wq, *system_freezable_wq, *system_power_efficient_wq,
	*system_freezable_power_efficient_wq, *system_bh_wq, *system_bh_highpri_wq;

/* The system's workqueues exist before any constructor's suite runs (no thread yet). */
__attribute__((constructor)) static void system_workqueues(void)
{
	system_wq = __kunit_c_alloc_workqueue("events", 0, 0);
	system_percpu_wq = system_wq;
	system_highpri_wq = __kunit_c_alloc_workqueue("events_highpri", KC_WQ_HIGHPRI, 0);
	system_long_wq = __kunit_c_alloc_workqueue("events_long", 0, 0);
	system_unbound_wq = __kunit_c_alloc_workqueue("events_unbound", KC_WQ_UNBOUND,
						      KC_WQ_MAX_ACTIVE);
	system_dfl_wq = system_unbound_wq;
	system_freezable_wq = __kunit_c_alloc_workqueue("events_freezable", 1u << 2, 0);
	system_power_efficient_wq = __kunit_c_alloc_workqueue("events_power_efficient",
							      1u << 7, 0);
	system_freezable_power_efficient_wq =
		__kunit_c_alloc_workqueue("events_freezable_pwr_ef", (1u << 2) | (1u << 7), 0);
	system_bh_wq = __kunit_c_alloc_workqueue("events_bh", KC_WQ_BH, 0);
	system_bh_highpri_wq = __kunit_c_alloc_workqueue("events_bh_highpri",
							 KC_WQ_BH | KC_WQ_HIGHPRI, 0);
}

bool queue_work_on(int cpu, struct workqueue_struct *wq, struct kc_work *w)
{
	bool ret = false;

	(void)cpu;
	pthread_mutex_lock(&kc_sched_lock);
	if (!(data_of(w) & KC_WORK_PENDING)) {
		set_bits(w, KC_WORK_PENDING);
		w->test = kunit_get_current_test();
		insert_locked(wq, w);
		ret = true;
	}
	pthread_mutex_unlock(&kc_sched_lock);
	return ret;
}

/*
 * Takes a pending item off its timer or list, leaving PENDING set for the caller: 1; not
 * pending: 0; -EAGAIN: pending but in neither place (its timer's callback is moving it,
 * or a cancel holds it), to wait for and retry.
 */
static int grab_locked(struct kc_work *w, struct kc_delayed_work *dw)
{
	if (!(data_of(w) & KC_WORK_PENDING))
		return 0;
	if (dw && kc_tnode_cancel_locked(&dw->timer.kc))
		return 1;
	if (on_list(w)) {
		list_del_init(&w->entry);
		return 1;
	}
	return -EAGAIN;
}

static int grab_wait_locked(struct kc_work *w, struct kc_delayed_work *dw)
{
	int r;

	while ((r = grab_locked(w, dw)) == -EAGAIN)
		kc_wait_done();
	return r;
}

/* The delayed work's timer expired: its item joins its workqueue (still pending). */
void delayed_work_timer_fn(struct kc_timer_list *t)
{
	struct kc_delayed_work *dw =
		(struct kc_delayed_work *)((char *)t - offsetof(struct kc_delayed_work, timer));

	pthread_mutex_lock(&kc_sched_lock);
	insert_locked(dw->wq, &dw->work);
	pthread_mutex_unlock(&kc_sched_lock);
}

bool __kunit_c_queue_delayed_work(struct workqueue_struct *wq, struct kc_delayed_work *dw,
				  unsigned long delay, unsigned long expires, long long deadline,
				  bool mod)
{
	struct kc_work *w = &dw->work;
	bool ret = true;

	pthread_mutex_lock(&kc_sched_lock);
	if (mod) {
		ret = grab_wait_locked(w, dw) == 1;
	} else if (data_of(w) & KC_WORK_PENDING) {
		pthread_mutex_unlock(&kc_sched_lock);
		return false;
	}
	set_bits(w, KC_WORK_PENDING);
	dw->wq = wq;
	w->test = kunit_get_current_test();
	if (!delay) {
		insert_locked(wq, w);
	} else {
		w->wq = wq;
		dw->timer.expires = expires;
		kc_tnode_arm_locked(&dw->timer.kc, deadline, 0);
	}
	pthread_mutex_unlock(&kc_sched_lock);
	return ret;
}

static void fail_here(const char *what)
{
	char *msg = NULL;

	if (asprintf(&msg, "%s from the work item it waits for: the kernel deadlocks here",
		     what) < 0)
		msg = NULL;
	__kunit_c_fail_current_test("workqueue", 0, msg);
}

/*
 * Waits, with kc_sched_lock held (and held again on return), for the last queueing of @w to
 * finish: false if it was idle.
 */
static bool flush_work_locked(struct kc_work *w)
{
	unsigned long target = 0;

	if (on_list(w)) {
		target = w->seq;
	} else {
		for (struct workqueue_struct *wq = all_wqs; wq; wq = wq->next)
			for (struct kc_worker *k = wq->workers; k; k = k->next)
				if (k->cur == w && k->cur_seq > target)
					target = k->cur_seq;
	}
	if (!target)
		return false;
	if (self_worker && self_worker->cur == w) {
		pthread_mutex_unlock(&kc_sched_lock);
		fail_here("flush_work()");
		pthread_mutex_lock(&kc_sched_lock);
		return false;
	}
	while ((on_list(w) && w->seq <= target) || running(w, target))
		kc_wait_done();
	return true;
}

bool flush_work(struct kc_work *w)
{
	bool ret;

	pthread_mutex_lock(&kc_sched_lock);
	ret = flush_work_locked(w);
	pthread_mutex_unlock(&kc_sched_lock);
	return ret;
}

/*
 * The armed timer's item is queued and waited for under one hold of the lock: dropping it in
 * between let a worker run the item to its end first, and the flush then found nothing to wait
 * for and returned false although it had queued the work.
 */
bool flush_delayed_work(struct kc_delayed_work *dw)
{
	bool ret;

	pthread_mutex_lock(&kc_sched_lock);
	if (kc_tnode_cancel_locked(&dw->timer.kc))
		insert_locked(dw->wq, &dw->work);
	ret = flush_work_locked(&dw->work);
	pthread_mutex_unlock(&kc_sched_lock);
	return ret;
}

static bool cancel(struct kc_work *w, struct kc_delayed_work *dw)
{
	int r;

	pthread_mutex_lock(&kc_sched_lock);
	/* Moving from timer to list: wait; held by a cancel: that one reports it. */
	while ((r = grab_locked(w, dw)) == -EAGAIN && dw && kc_tnode_running_locked(&dw->timer.kc))
		kc_wait_done();
	if (r == 1)
		clear_bits(w, KC_WORK_PENDING);
	pthread_mutex_unlock(&kc_sched_lock);
	return r == 1;
}

/*
 * Dequeues, then waits for a running instance; PENDING stays set meanwhile, so nothing
 * (the item itself included) can queue it again. True if it was pending.
 */
static bool cancel_sync(struct kc_work *w, struct kc_delayed_work *dw)
{
	int r;

	pthread_mutex_lock(&kc_sched_lock);
	r = grab_wait_locked(w, dw);
	set_bits(w, KC_WORK_PENDING | KC_WORK_CANCELING);
	if (self_worker && self_worker->cur == w) {
		clear_bits(w, KC_WORK_PENDING | KC_WORK_CANCELING);
		pthread_mutex_unlock(&kc_sched_lock);
		fail_here("cancel_work_sync()");
		return r == 1;
	}
	while (running(w, 0))
		kc_wait_done();
	clear_bits(w, KC_WORK_PENDING | KC_WORK_CANCELING);
	pthread_cond_broadcast(&kc_done);
	pthread_mutex_unlock(&kc_sched_lock);
	return r == 1;
}

bool cancel_work(struct kc_work *w) { return cancel(w, NULL); }
bool cancel_work_sync(struct kc_work *w) { return cancel_sync(w, NULL); }
bool cancel_delayed_work(struct kc_delayed_work *dw) { return cancel(&dw->work, dw); }
bool cancel_delayed_work_sync(struct kc_delayed_work *dw) { return cancel_sync(&dw->work, dw); }

static bool wq_busy_until(struct workqueue_struct *wq, unsigned long target)
{
	for (struct kc_list *e = wq->list.next; e != &wq->list; e = e->next)
		if (work_of(e)->seq <= target)
			return true;
	for (struct kc_worker *k = wq->workers; k; k = k->next)
		if (k->cur && k->cur_seq <= target)
			return true;
	return false;
}

/* Waits for every item queued on @wq before the call. */
void __flush_workqueue(struct workqueue_struct *wq)
{
	unsigned long target;

	pthread_mutex_lock(&kc_sched_lock);
	if (self_worker && self_worker->wq == wq) {
		pthread_mutex_unlock(&kc_sched_lock);
		fail_here("flush_workqueue()");
		return;
	}
	target = wq->seq;
	while (wq_busy_until(wq, target))
		kc_wait_done();
	pthread_mutex_unlock(&kc_sched_lock);
}

/* Waits until @wq is empty and idle, items queued by its own items included. */
void drain_workqueue(struct workqueue_struct *wq)
{
	pthread_mutex_lock(&kc_sched_lock);
	while (wq_busy_until(wq, (unsigned long)-1))
		kc_wait_done();
	pthread_mutex_unlock(&kc_sched_lock);
}

void destroy_workqueue(struct workqueue_struct *wq)
{
	struct kc_worker *k;

	if (!wq)
		return;
	drain_workqueue(wq);
	pthread_mutex_lock(&kc_sched_lock);
	wq->dying = true;
	pthread_cond_broadcast(&kc_more);
	k = wq->workers;
	pthread_mutex_unlock(&kc_sched_lock);
	for (struct kc_worker *i = k; i; i = i->next)
		pthread_join(i->thread, NULL);
	pthread_mutex_lock(&kc_sched_lock);
	for (struct workqueue_struct **p = &all_wqs; *p; p = &(*p)->next)
		if (*p == wq) {
			*p = wq->next;
			break;
		}
	pthread_mutex_unlock(&kc_sched_lock);
	while (k) {
		struct kc_worker *next = k->next;

		free(k);
		k = next;
	}
	free(wq);
}

bool workqueue_congested(int cpu, struct workqueue_struct *wq)
{
	(void)cpu;
	(void)wq;
	return false;
}

struct kc_work *current_work(void)
{
	return self_worker ? self_worker->cur : NULL;
}

bool current_is_workqueue_rescuer(void)
{
	return false;
}

void kc_works_forget_test_locked(void *test)
{
	for (struct workqueue_struct *wq = all_wqs; wq; wq = wq->next)
		for (struct kc_list *e = wq->list.next; e != &wq->list; e = e->next)
			if (work_of(e)->test == test)
				work_of(e)->test = NULL;
}

bool kc_works_running_for(void *test)
{
	for (struct workqueue_struct *wq = all_wqs; wq; wq = wq->next)
		for (struct kc_worker *k = wq->workers; k; k = k->next)
			if (k->cur && k->cur_test == test)
				return true;
	return false;
}
