/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: high-resolution timers with the kernel's semantics, on the host's clocks. An
 * hrtimer runs its callback once its clock reaches the expiry, on the glue's timer
 * interrupt thread in hardirq context with irqs disabled (in_hardirq() true, might_sleep()
 * reported), or, with HRTIMER_MODE_SOFT, on the timer softirq thread in softirq context.
 * HRTIMER_RESTART queues it again at the expiry the callback set (hrtimer_forward*()).
 * hrtimer_cancel() waits for a running callback; hrtimer_try_to_cancel() returns -1 then.
 * Both eras' set-ups: hrtimer_init() (then ->function) and hrtimer_setup().
 */
#ifndef _LINUX_HRTIMER_H
#define _LINUX_HRTIMER_H

#include <linux/container_of.h>
#include <linux/hrtimer_types.h>
#include <linux/ktime.h>
#include <linux/timer.h>
#include <linux/types.h>

#ifndef CLOCK_REALTIME
#define CLOCK_REALTIME 0
#define CLOCK_MONOTONIC 1
#define CLOCK_PROCESS_CPUTIME_ID 2
#define CLOCK_THREAD_CPUTIME_ID 3
#define CLOCK_MONOTONIC_RAW 4
#define CLOCK_REALTIME_COARSE 5
#define CLOCK_MONOTONIC_COARSE 6
#define CLOCK_BOOTTIME 7
#define CLOCK_REALTIME_ALARM 8
#define CLOCK_BOOTTIME_ALARM 9
#define CLOCK_TAI 11
#endif

enum hrtimer_mode {
	HRTIMER_MODE_ABS = 0x00,
	HRTIMER_MODE_REL = 0x01,
	HRTIMER_MODE_PINNED = 0x02,
	HRTIMER_MODE_SOFT = 0x04,
	HRTIMER_MODE_HARD = 0x08,

	HRTIMER_MODE_ABS_PINNED = HRTIMER_MODE_ABS | HRTIMER_MODE_PINNED,
	HRTIMER_MODE_REL_PINNED = HRTIMER_MODE_REL | HRTIMER_MODE_PINNED,

	HRTIMER_MODE_ABS_SOFT = HRTIMER_MODE_ABS | HRTIMER_MODE_SOFT,
	HRTIMER_MODE_REL_SOFT = HRTIMER_MODE_REL | HRTIMER_MODE_SOFT,

	HRTIMER_MODE_ABS_PINNED_SOFT = HRTIMER_MODE_ABS_PINNED | HRTIMER_MODE_SOFT,
	HRTIMER_MODE_REL_PINNED_SOFT = HRTIMER_MODE_REL_PINNED | HRTIMER_MODE_SOFT,

	HRTIMER_MODE_ABS_HARD = HRTIMER_MODE_ABS | HRTIMER_MODE_HARD,
	HRTIMER_MODE_REL_HARD = HRTIMER_MODE_REL | HRTIMER_MODE_HARD,

	HRTIMER_MODE_ABS_PINNED_HARD = HRTIMER_MODE_ABS_PINNED | HRTIMER_MODE_HARD,
	HRTIMER_MODE_REL_PINNED_HARD = HRTIMER_MODE_REL_PINNED | HRTIMER_MODE_HARD,
};

#define HRTIMER_STATE_INACTIVE 0x00
#define HRTIMER_STATE_ENQUEUED 0x01

/* The host's clocks have nanosecond resolution: so do hrtimers. */
#define hrtimer_resolution 1U
#define HIGH_RES_NSEC 1
#define KTIME_HIGH_RES (HIGH_RES_NSEC)
#define MONOTONIC_RES_NSEC HIGH_RES_NSEC
#define KTIME_MONOTONIC_RES KTIME_HIGH_RES

/* @clock's time now, and a time of @clock as a CLOCK_MONOTONIC deadline (the glue). */
long long __kunit_c_clock_now(int clock);
long long __kunit_c_clock_to_mono(int clock, long long t);

static inline int __kunit_c_hrtimer_fire(struct __kunit_c_tnode *node, long long *again)
{
	struct hrtimer *timer = container_of(node, struct hrtimer, __kc);

	if (timer->function(timer) != HRTIMER_RESTART)
		return 0;
	*again = __kunit_c_clock_to_mono(timer->__kc_clock, timer->node.expires);
	return 1;
}

static inline void hrtimer_setup(struct hrtimer *timer,
				 enum hrtimer_restart (*function)(struct hrtimer *),
				 clockid_t clock_id, enum hrtimer_mode mode)
{
	*timer = (struct hrtimer){
		.function = function,
		.__kc_clock = clock_id,
		.is_soft = !!(mode & HRTIMER_MODE_SOFT),
		.is_hard = !(mode & HRTIMER_MODE_SOFT),
		.__kc = __KUNIT_C_TNODE_INIT(__kunit_c_hrtimer_fire,
					     (mode & HRTIMER_MODE_SOFT) ?
					     __KUNIT_C_BASE_SOFTIRQ : __KUNIT_C_BASE_HARDIRQ),
	};
}
#define hrtimer_setup_on_stack(timer, function, clock_id, mode)		\
	hrtimer_setup(timer, function, clock_id, mode)
/* The older set-up: the caller sets ->function afterwards. */
#define hrtimer_init(timer, clock_id, mode) hrtimer_setup(timer, NULL, clock_id, mode)
#define hrtimer_init_on_stack(timer, clock_id, mode) hrtimer_init(timer, clock_id, mode)
static inline void destroy_hrtimer_on_stack(struct hrtimer *timer) { (void)timer; }
static inline void hrtimer_update_function(struct hrtimer *timer,
					   enum hrtimer_restart (*function)(struct hrtimer *))
{
	timer->function = function;
}

static inline void hrtimer_set_expires(struct hrtimer *timer, ktime_t time)
{
	timer->node.expires = time;
	timer->_softexpires = time;
}
static inline void hrtimer_set_expires_range_ns(struct hrtimer *timer, ktime_t time, u64 delta)
{
	timer->_softexpires = time;
	timer->node.expires = ktime_add_safe(time, (ktime_t)delta);
}
static inline void hrtimer_set_expires_tv64(struct hrtimer *timer, s64 tv64)
{
	hrtimer_set_expires(timer, tv64);
}
static inline void hrtimer_add_expires(struct hrtimer *timer, ktime_t time)
{
	timer->node.expires = ktime_add_safe(timer->node.expires, time);
	timer->_softexpires = ktime_add_safe(timer->_softexpires, time);
}
static inline void hrtimer_add_expires_ns(struct hrtimer *timer, u64 ns)
{
	hrtimer_add_expires(timer, (ktime_t)ns);
}
static inline ktime_t hrtimer_get_expires(const struct hrtimer *timer) { return timer->node.expires; }
static inline ktime_t hrtimer_get_softexpires(const struct hrtimer *timer) { return timer->_softexpires; }
static inline s64 hrtimer_get_expires_tv64(const struct hrtimer *timer) { return timer->node.expires; }
static inline s64 hrtimer_get_expires_ns(const struct hrtimer *timer) { return timer->node.expires; }
static inline ktime_t hrtimer_cb_get_time(const struct hrtimer *timer)
{
	return __kunit_c_clock_now(timer->__kc_clock);
}
static inline ktime_t hrtimer_expires_remaining(const struct hrtimer *timer)
{
	return ktime_sub(timer->node.expires, hrtimer_cb_get_time(timer));
}
#define hrtimer_get_remaining(timer) hrtimer_expires_remaining(timer)

/* Queued (its callback not yet started). */
static inline bool hrtimer_is_queued(const struct hrtimer *timer)
{
	return __atomic_load_n(&timer->__kc.queued, __ATOMIC_ACQUIRE) != 0;
}
static inline bool hrtimer_callback_running(const struct hrtimer *timer)
{
	return __kunit_c_tnode_running(&timer->__kc) != 0;
}
/* Queued or its callback running. */
static inline bool hrtimer_active(const struct hrtimer *timer)
{
	return hrtimer_is_queued(timer) || hrtimer_callback_running(timer);
}

/* Arms (or re-arms) at the soft expiry, in @timer's clock. */
static inline void hrtimer_start_range_ns(struct hrtimer *timer, ktime_t tim, u64 delta_ns,
					  const enum hrtimer_mode mode)
{
	if (mode & HRTIMER_MODE_REL)
		tim = ktime_add_safe(tim, hrtimer_cb_get_time(timer));
	timer->is_rel = !!(mode & HRTIMER_MODE_REL);
	hrtimer_set_expires_range_ns(timer, tim, delta_ns);
	__kunit_c_tnode_arm(&timer->__kc, __kunit_c_clock_to_mono(timer->__kc_clock, tim),
			    __KUNIT_C_ARM_ALWAYS);
}
static inline void hrtimer_start(struct hrtimer *timer, ktime_t tim, const enum hrtimer_mode mode)
{
	hrtimer_start_range_ns(timer, tim, 0, mode);
}
static inline void hrtimer_start_expires(struct hrtimer *timer, enum hrtimer_mode mode)
{
	ktime_t soft = hrtimer_get_softexpires(timer);

	hrtimer_start_range_ns(timer, soft, (u64)ktime_sub(hrtimer_get_expires(timer), soft),
			       (enum hrtimer_mode)(mode & ~HRTIMER_MODE_REL));
}
static inline void hrtimer_restart(struct hrtimer *timer)
{
	hrtimer_start_expires(timer, HRTIMER_MODE_ABS);
}

/* 0: it was not queued; 1: it was, and is dequeued; -1: its callback runs (nothing done). */
static inline int hrtimer_try_to_cancel(struct hrtimer *timer)
{
	return __kunit_c_tnode_try_cancel(&timer->__kc);
}
/* Waits for a running callback, then dequeues: 1 if it was queued then. */
#define hrtimer_cancel(timer)							\
	__kunit_c_tnode_cancel_sync(&(timer)->__kc, 0, __FILE__, __LINE__)

/*
 * Moves the expiry forward by whole @intervals until it is after @now; returns how many
 * intervals that took (0 if it already was after @now). Not for a queued timer.
 */
static inline u64 hrtimer_forward(struct hrtimer *timer, ktime_t now, ktime_t interval)
{
	ktime_t delta = ktime_sub(now, hrtimer_get_expires(timer));
	u64 orun = 1;

	if (delta < 0)
		return 0;
	if (WARN_ON(hrtimer_is_queued(timer)))
		return 0;
	if (interval < (ktime_t)hrtimer_resolution)
		interval = hrtimer_resolution;
	if (delta >= interval) {
		orun = (u64)(delta / interval);
		hrtimer_add_expires_ns(timer, orun * (u64)interval);
		if (hrtimer_get_expires(timer) > now)
			return orun;
		orun++;
	}
	hrtimer_add_expires(timer, interval);
	return orun;
}
static inline u64 hrtimer_forward_now(struct hrtimer *timer, ktime_t interval)
{
	return hrtimer_forward(timer, hrtimer_cb_get_time(timer), interval);
}

#endif /* _LINUX_HRTIMER_H */
