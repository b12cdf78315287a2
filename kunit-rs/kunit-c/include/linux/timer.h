/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: timers (struct timer_list) with the kernel's semantics. A timer armed for
 * jiffies value E runs once jiffies >= E, in softirq context (in_softirq() true,
 * might_sleep() reported), on the timer base's own thread: a separate "CPU", so the callback
 * may take locks and allocate as a kernel timer callback does. Callbacks run one at a time
 * and in expiry order (the same expiry: arming order). del_timer() and timer_delete()
 * only dequeue; the _sync forms also wait for a running callback; a callback may re-arm
 * its timer and may free it. Both eras' names: del_timer*() and timer_delete*(),
 * from_timer() and timer_container_of().
 */
#ifndef _LINUX_TIMER_H
#define _LINUX_TIMER_H

#include <linux/bug.h>
#include <linux/container_of.h>
#include <linux/jiffies.h>
#include <linux/timer_types.h>
#include <linux/types.h>

/* timer_list.flags (the kernel's values; the CPU bits name CPU 0 here). */
#define TIMER_CPUMASK 0x0003FFFF
#define TIMER_MIGRATING 0x00040000
#define TIMER_BASEMASK (TIMER_CPUMASK | TIMER_MIGRATING)
#define TIMER_DEFERRABLE 0x00080000
#define TIMER_PINNED 0x00100000
#define TIMER_IRQSAFE 0x00200000
#define TIMER_INIT_FLAGS (TIMER_DEFERRABLE | TIMER_PINNED | TIMER_IRQSAFE)
#define TIMER_ARRAYSHIFT 22
#define TIMER_ARRAYMASK 0xFFC00000
#define TIMER_TRACE_FLAGMASK (TIMER_MIGRATING | TIMER_DEFERRABLE | TIMER_PINNED | TIMER_IRQSAFE)

#define NEXT_TIMER_MAX_DELTA ((1UL << 30) - 1)

/* The glue's timer bases (timer.c). */
#define __KUNIT_C_ARM_ALWAYS 0 /* mod_timer() */
#define __KUNIT_C_ARM_IF_PENDING 1 /* mod_timer_pending() */
#define __KUNIT_C_ARM_IF_EARLIER 2 /* timer_reduce() */
int __kunit_c_tnode_arm(struct __kunit_c_tnode *node, long long deadline, int how);
int __kunit_c_tnode_cancel(struct __kunit_c_tnode *node);
int __kunit_c_tnode_cancel_sync(struct __kunit_c_tnode *node, int shutdown,
				const char *file, int line);
int __kunit_c_tnode_try_cancel(struct __kunit_c_tnode *node);
int __kunit_c_tnode_running(const struct __kunit_c_tnode *node);
long long __kunit_c_jiffies_deadline(unsigned int hz, unsigned long initial,
				     unsigned long expires);

/* The base's call of a timer_list: its function (none after a shutdown). */
static inline int __kunit_c_timer_fire(struct __kunit_c_tnode *node, long long *again)
{
	struct timer_list *timer = container_of(node, struct timer_list, __kc);
	void (*fn)(struct timer_list *) = __atomic_load_n(&timer->function, __ATOMIC_ACQUIRE);

	(void)again;
	if (fn)
		fn(timer);
	return 0;
}

#define __KUNIT_C_TNODE_INIT(fire_fn, base_kind)				\
	{ .fire = (fire_fn), .base = (base_kind) }

#define __TIMER_INITIALIZER(_function, _flags) {				\
		.function = (_function),					\
		.flags = (_flags),						\
		.__kc = __KUNIT_C_TNODE_INIT(__kunit_c_timer_fire, __KUNIT_C_BASE_SOFTIRQ), \
	}
#define DEFINE_TIMER(_name, _function)						\
	struct timer_list _name = __TIMER_INITIALIZER(_function, 0)

static inline void timer_setup(struct timer_list *timer,
			       void (*func)(struct timer_list *), unsigned int flags)
{
	*timer = (struct timer_list)__TIMER_INITIALIZER(func, flags);
}
#define timer_setup_on_stack(timer, callback, flags) timer_setup(timer, callback, flags)
static inline void destroy_timer_on_stack(struct timer_list *timer) { (void)timer; }
#define init_timer_key(timer, func, flags, name, key) timer_setup(timer, func, flags)

#define timer_container_of(var, callback_timer, timer_fieldname)		\
	container_of(callback_timer, typeof(*var), timer_fieldname)
#define from_timer(var, callback_timer, timer_fieldname)			\
	timer_container_of(var, callback_timer, timer_fieldname)

/* Queued, its callback not yet started. */
static inline int timer_pending(const struct timer_list *timer)
{
	return __atomic_load_n(&timer->__kc.queued, __ATOMIC_ACQUIRE) != 0;
}

static inline int __kunit_c_mod_timer(struct timer_list *timer, unsigned long expires, int how)
{
	if (!__atomic_load_n(&timer->function, __ATOMIC_ACQUIRE))
		return 0; /* shut down: arming is ignored, as the kernel ignores it */
	if (how == __KUNIT_C_ARM_ALWAYS || !timer_pending(timer) ?
	    how != __KUNIT_C_ARM_IF_PENDING :
	    how == __KUNIT_C_ARM_IF_PENDING || time_before(expires, timer->expires))
		timer->expires = expires;
	return __kunit_c_tnode_arm(&timer->__kc,
				   __kunit_c_jiffies_deadline(HZ, INITIAL_JIFFIES, expires), how);
}

/* 1 when the timer was pending (it is moved), 0 when it was idle (it is armed). */
static inline int mod_timer(struct timer_list *timer, unsigned long expires)
{
	return __kunit_c_mod_timer(timer, expires, __KUNIT_C_ARM_ALWAYS);
}
/* Moves a pending timer; an idle one stays idle (0). */
static inline int mod_timer_pending(struct timer_list *timer, unsigned long expires)
{
	return __kunit_c_mod_timer(timer, expires, __KUNIT_C_ARM_IF_PENDING);
}
/* Arms an idle timer, or moves a pending one earlier (never later). */
static inline int timer_reduce(struct timer_list *timer, unsigned long expires)
{
	return __kunit_c_mod_timer(timer, expires, __KUNIT_C_ARM_IF_EARLIER);
}
/* Arms an idle timer at timer->expires (a pending one is the caller's bug: warned). */
static inline void add_timer(struct timer_list *timer)
{
	if (WARN_ON_ONCE(timer_pending(timer)))
		return;
	__kunit_c_mod_timer(timer, timer->expires, __KUNIT_C_ARM_ALWAYS);
}
#define add_timer_on(timer, cpu) ((void)(cpu), add_timer(timer))
#define add_timer_local(timer) add_timer(timer)
#define add_timer_global(timer) add_timer(timer)

/* Dequeues; 1 if it was pending. A running callback is not waited for. */
static inline int timer_delete(struct timer_list *timer)
{
	return __kunit_c_tnode_cancel(&timer->__kc);
}
/* Dequeues and waits for a running callback; 1 if it was pending. */
#define timer_delete_sync(timer)						\
	__kunit_c_tnode_cancel_sync(&(timer)->__kc, 0, __FILE__, __LINE__)
/* -1: its callback is running (nothing done); else as timer_delete(). */
static inline int try_to_del_timer_sync(struct timer_list *timer)
{
	return __kunit_c_tnode_try_cancel(&timer->__kc);
}
#define timer_delete_sync_try(timer) try_to_del_timer_sync(timer)
#define del_timer(timer) timer_delete(timer)
#define del_timer_sync(timer) timer_delete_sync(timer)
#define del_singleshot_timer_sync(timer) timer_delete_sync(timer)

/* As the _delete forms, and the timer can no longer be armed (its function is NULL). */
static inline int timer_shutdown(struct timer_list *timer)
{
	int ret = __kunit_c_tnode_cancel(&timer->__kc);

	__atomic_store_n(&timer->function, NULL, __ATOMIC_RELEASE);
	return ret;
}
#define timer_shutdown_sync(timer) ({						\
	struct timer_list *__t = (timer);					\
	int __r = __kunit_c_tnode_cancel_sync(&__t->__kc, 1, __FILE__, __LINE__); \
	__atomic_store_n(&__t->function, NULL, __ATOMIC_RELEASE);		\
	__r;									\
})

static inline unsigned long round_jiffies(unsigned long j) { return j; }
static inline unsigned long round_jiffies_up(unsigned long j) { return j; }
static inline unsigned long round_jiffies_up_relative(unsigned long j) { return j; }

#endif /* _LINUX_TIMER_H */
