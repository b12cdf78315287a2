/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the state of a rate limit (at most @burst events every @interval jiffies), as
 * lib/ratelimit.c of kernels since 6.16 keeps it: the events left in the current interval
 * and the misses are atomics. ___ratelimit() itself is lib/ratelimit.c's, which the kernel
 * always links; link it with the test.
 */
#ifndef _LINUX_RATELIMIT_H
#define _LINUX_RATELIMIT_H

#include <linux/atomic.h>
#include <linux/bits.h>
#include <linux/jiffies.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/string.h>

#define DEFAULT_RATELIMIT_INTERVAL (5 * HZ)
#define DEFAULT_RATELIMIT_BURST 10

/* Report the misses when the state is released, not at each new interval. */
#define RATELIMIT_MSG_ON_RELEASE BIT(0)
/* begin and rs_n_left are set: the first event since (re)enabling has been seen. */
#define RATELIMIT_INITIALIZED BIT(1)

struct ratelimit_state {
	raw_spinlock_t lock;
	int interval;
	int burst;
	atomic_t rs_n_left;
	atomic_t missed;
	unsigned int flags;
	unsigned long begin;
};

#define RATELIMIT_STATE_INIT_FLAGS(name, interval_init, burst_init, flags_init) {	\
	.lock = __RAW_SPIN_LOCK_UNLOCKED(name.lock),				\
	.interval = (interval_init),						\
	.burst = (burst_init),							\
	.flags = (flags_init),							\
}
#define RATELIMIT_STATE_INIT(name, interval_init, burst_init)			\
	RATELIMIT_STATE_INIT_FLAGS(name, interval_init, burst_init, 0)
#define RATELIMIT_STATE_INIT_DISABLED						\
	RATELIMIT_STATE_INIT(ratelimit_state, 0, DEFAULT_RATELIMIT_BURST)
#define DEFINE_RATELIMIT_STATE(name, interval_init, burst_init)		\
	struct ratelimit_state name = RATELIMIT_STATE_INIT(name, interval_init, burst_init)

static inline void ratelimit_state_init(struct ratelimit_state *rs, int interval, int burst)
{
	memset(rs, 0, sizeof(*rs));
	raw_spin_lock_init(&rs->lock);
	rs->interval = interval;
	rs->burst = burst;
}

static inline void ratelimit_default_init(struct ratelimit_state *rs)
{
	ratelimit_state_init(rs, DEFAULT_RATELIMIT_INTERVAL, DEFAULT_RATELIMIT_BURST);
}

static inline void ratelimit_state_inc_miss(struct ratelimit_state *rs)
{
	atomic_inc(&rs->missed);
}

static inline int ratelimit_state_get_miss(struct ratelimit_state *rs)
{
	return atomic_read(&rs->missed);
}

/* The misses so far, which start again from 0. */
static inline int ratelimit_state_reset_miss(struct ratelimit_state *rs)
{
	return __atomic_exchange_n(&rs->missed.counter, 0, __ATOMIC_SEQ_CST);
}

static inline void ratelimit_set_flags(struct ratelimit_state *rs, unsigned long flags)
{
	rs->flags = (unsigned int)flags;
}

static inline void ratelimit_state_exit(struct ratelimit_state *rs)
{
	int m;

	if (!(rs->flags & RATELIMIT_MSG_ON_RELEASE))
		return;
	m = ratelimit_state_reset_miss(rs);
	if (m)
		pr_warn("%s: %d output lines suppressed due to ratelimiting\n", "kunit", m);
}

/* True (nonzero) when the event may go ahead; @func names the caller in reports. */
int ___ratelimit(struct ratelimit_state *rs, const char *func);
#define __ratelimit(state) ___ratelimit(state, __func__)

#endif /* _LINUX_RATELIMIT_H */
