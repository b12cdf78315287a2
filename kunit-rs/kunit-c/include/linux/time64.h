/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: 64-bit time values and unit constants (the kernel's <linux/time64.h>). */
#ifndef _LINUX_TIME64_H
#define _LINUX_TIME64_H

#include <linux/types.h>
#include <linux/math64.h>

#define MSEC_PER_SEC 1000L
#define USEC_PER_MSEC 1000L
#define NSEC_PER_USEC 1000L
#define NSEC_PER_MSEC 1000000L
#define USEC_PER_SEC 1000000L
#define NSEC_PER_SEC 1000000000L
#define PSEC_PER_SEC 1000000000000LL
#define FSEC_PER_SEC 1000000000000000LL

#define TIME64_MAX ((s64)~((u64)1 << 63))
#define TIME64_MIN (-TIME64_MAX - 1)
#define KTIME_MAX ((s64)~((u64)1 << 63))
#define KTIME_MIN (-KTIME_MAX - 1)
#define KTIME_SEC_MAX (KTIME_MAX / NSEC_PER_SEC)
#define KTIME_SEC_MIN (KTIME_MIN / NSEC_PER_SEC)

struct timespec64 {
	time64_t tv_sec;
	long tv_nsec;
};

struct itimerspec64 {
	struct timespec64 it_interval;
	struct timespec64 it_value;
};

static inline int timespec64_equal(const struct timespec64 *a, const struct timespec64 *b)
{
	return a->tv_sec == b->tv_sec && a->tv_nsec == b->tv_nsec;
}

static inline int timespec64_compare(const struct timespec64 *lhs, const struct timespec64 *rhs)
{
	if (lhs->tv_sec < rhs->tv_sec)
		return -1;
	if (lhs->tv_sec > rhs->tv_sec)
		return 1;
	return lhs->tv_nsec < rhs->tv_nsec ? -1 : lhs->tv_nsec > rhs->tv_nsec ? 1 : 0;
}

static inline bool timespec64_valid(const struct timespec64 *ts)
{
	return ts->tv_sec >= 0 && (unsigned long)ts->tv_nsec < NSEC_PER_SEC;
}

static inline s64 timespec64_to_ns(const struct timespec64 *ts)
{
	if (ts->tv_sec >= KTIME_SEC_MAX)
		return KTIME_MAX;
	if (ts->tv_sec <= KTIME_SEC_MIN)
		return KTIME_MIN;
	return ((s64)ts->tv_sec * NSEC_PER_SEC) + ts->tv_nsec;
}

/* The timespec64 of nsec nanoseconds: tv_nsec in [0, NSEC_PER_SEC) also for negative nsec. */
static inline struct timespec64 ns_to_timespec64(s64 nsec)
{
	struct timespec64 ts = { 0, 0 };
	s64 rem;

	if (!nsec)
		return ts;
	ts.tv_sec = nsec / NSEC_PER_SEC;
	rem = nsec % NSEC_PER_SEC;
	if (rem < 0) {
		ts.tv_sec--;
		rem += NSEC_PER_SEC;
	}
	ts.tv_nsec = (long)rem;
	return ts;
}

static inline struct timespec64 timespec64_add(struct timespec64 lhs, struct timespec64 rhs)
{
	return ns_to_timespec64(timespec64_to_ns(&lhs) + timespec64_to_ns(&rhs));
}

static inline struct timespec64 timespec64_sub(struct timespec64 lhs, struct timespec64 rhs)
{
	return ns_to_timespec64(timespec64_to_ns(&lhs) - timespec64_to_ns(&rhs));
}

#endif /* _LINUX_TIME64_H */
