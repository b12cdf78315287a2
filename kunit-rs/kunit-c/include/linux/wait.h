/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: wait queues. A waiter sleeps (a futex on the queue's event count, in the glue)
 * until its condition is true; each wake_up*() counts an event and wakes every sleeper,
 * which rechecks its condition, so a wake-up between a check and the sleep is never lost.
 * All sleepers wake (exclusive waits are not modelled): a waiter's condition decides.
 * The waits are sleeping functions: might_sleep() applies.
 */
#ifndef _LINUX_WAIT_H
#define _LINUX_WAIT_H

#include <linux/compiler.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/spinlock.h>

void __kunit_c_futex_wait(const unsigned int *addr, unsigned int val,
			  unsigned long long timeout_ns);
void __kunit_c_futex_wake_all(const unsigned int *addr);

struct wait_queue_head {
	spinlock_t lock;
	unsigned int events;
};
typedef struct wait_queue_head wait_queue_head_t;

#define __WAIT_QUEUE_HEAD_INITIALIZER(name) { .lock = __SPIN_LOCK_UNLOCKED(name.lock), .events = 0 }
#define DECLARE_WAIT_QUEUE_HEAD(name) wait_queue_head_t name = __WAIT_QUEUE_HEAD_INITIALIZER(name)
#define DECLARE_WAIT_QUEUE_HEAD_ONSTACK(name) DECLARE_WAIT_QUEUE_HEAD(name)

static inline void init_waitqueue_head(struct wait_queue_head *wq_head)
{
	spin_lock_init(&wq_head->lock);
	__atomic_store_n(&wq_head->events, 0, __ATOMIC_RELEASE);
}

static inline void __kunit_c_wake_up(struct wait_queue_head *wq_head)
{
	__atomic_add_fetch(&wq_head->events, 1, __ATOMIC_SEQ_CST);
	__kunit_c_futex_wake_all(&wq_head->events);
}

#define wake_up(wq) __kunit_c_wake_up(wq)
#define wake_up_all(wq) __kunit_c_wake_up(wq)
#define wake_up_nr(wq, nr) __kunit_c_wake_up(wq)
#define wake_up_interruptible(wq) __kunit_c_wake_up(wq)
#define wake_up_interruptible_all(wq) __kunit_c_wake_up(wq)
#define wake_up_locked(wq) __kunit_c_wake_up(wq)

static inline bool wq_has_sleeper(struct wait_queue_head *wq_head)
{
	(void)wq_head;
	return true; /* not tracked: a wake-up is always safe to send */
}
#define waitqueue_active(wq) wq_has_sleeper(wq)

/*
 * Waits until @condition; with @timeout (jiffies, > 0), at most that long. The value is
 * the kernel's: for the timed forms, the jiffies left (at least 1) when the condition
 * became true, 0 when it was still false at the end.
 */
#define __kunit_c_wait_event(wq, condition, timeout) ({			\
	long __left = (timeout);						\
	unsigned long __end = jiffies + (unsigned long)__left;			\
	might_sleep();								\
	for (;;) {								\
		unsigned int __ev = __atomic_load_n(&(wq)->events, __ATOMIC_SEQ_CST); \
		if (condition) {						\
			if (__left >= 0) {					\
				__left = (long)(__end - jiffies);		\
				if (__left < 1)					\
					__left = 1;				\
			}							\
			break;							\
		}							\
		if (__left >= 0 && time_after_eq(jiffies, __end)) {		\
			__left = (condition) ? 1 : 0;				\
			break;							\
		}							\
		__kunit_c_futex_wait(&(wq)->events, __ev, __left >= 0 ?	\
				     (unsigned long long)NSEC_PER_SEC / HZ : 0); \
	}									\
	__left;									\
})

/*
 * A waiter's own entry, for the kernel's open-coded wait loops (add_wait_queue(),
 * set_current_state(), schedule(), remove_wait_queue()): schedule() returns to the loop,
 * which rechecks its condition, so the entry needs no list here.
 */
struct wait_queue_entry {
	unsigned int flags;
	void *private;
};
typedef struct wait_queue_entry wait_queue_entry_t;
#define __WAITQUEUE_INITIALIZER(name, tsk) { .flags = 0, .private = (tsk) }
#define DECLARE_WAITQUEUE(name, tsk) struct wait_queue_entry name = __WAITQUEUE_INITIALIZER(name, tsk)
static inline void add_wait_queue(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry)
{
	(void)wq_head;
	(void)wq_entry;
}
#define add_wait_queue_exclusive(wq_head, wq_entry) add_wait_queue(wq_head, wq_entry)
static inline void remove_wait_queue(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry)
{
	(void)wq_head;
	(void)wq_entry;
}

#define wait_event(wq, condition) ((void)__kunit_c_wait_event(&(wq), condition, -1L))
#define wait_event_idle(wq, condition) wait_event(wq, condition)
#define wait_event_freezable(wq, condition) (wait_event(wq, condition), 0)
#define wait_event_interruptible(wq, condition) (wait_event(wq, condition), 0)
#define wait_event_killable(wq, condition) (wait_event(wq, condition), 0)
#define wait_event_timeout(wq, condition, timeout)				\
	__kunit_c_wait_event(&(wq), condition, (long)(timeout))
#define wait_event_idle_timeout(wq, condition, timeout)			\
	wait_event_timeout(wq, condition, timeout)
#define wait_event_interruptible_timeout(wq, condition, timeout)		\
	wait_event_timeout(wq, condition, timeout)

#endif /* _LINUX_WAIT_H */
