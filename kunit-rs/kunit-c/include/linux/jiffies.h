/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: jiffies, the tick count, read from the host's monotonic clock: HZ ticks a
 * second (CONFIG_HZ, else 100 as KUnit's default UML configuration has it), starting as
 * the kernel's do at INITIAL_JIFFIES, five minutes before the 32-bit wrap, so comparisons
 * that ignore wrapping fail here as they would there. jiffies is a value, not a variable:
 * it cannot be written or have its address taken.
 */
#ifndef _LINUX_JIFFIES_H
#define _LINUX_JIFFIES_H

#include <linux/kconfig.h>
#include <linux/limits.h>
#include <linux/math.h>
#include <linux/time64.h>
#include <linux/types.h>
#include <asm/param.h>

#define TICK_NSEC ((NSEC_PER_SEC + HZ / 2) / HZ)

#define INITIAL_JIFFIES ((unsigned long)(unsigned int)(-300 * HZ))

u64 __kunit_c_jiffies_64(unsigned int hz, unsigned long initial);

#define get_jiffies_64() __kunit_c_jiffies_64(HZ, INITIAL_JIFFIES)
#define jiffies ((unsigned long)get_jiffies_64())
#define jiffies_64 get_jiffies_64()

/* True when @a is after @b, across the counter's wrap (half its range apart at most). */
#define time_after(a, b) ((long)((b) - (a)) < 0)
#define time_before(a, b) time_after(b, a)
#define time_after_eq(a, b) ((long)((a) - (b)) >= 0)
#define time_before_eq(a, b) time_after_eq(b, a)
#define time_in_range(a, b, c) (time_after_eq(a, b) && time_before_eq(a, c))
#define time_in_range_open(a, b, c) (time_after_eq(a, b) && time_before(a, c))
#define time_after64(a, b) ((s64)((b) - (a)) < 0)
#define time_before64(a, b) time_after64(b, a)
#define time_after_eq64(a, b) ((s64)((a) - (b)) >= 0)
#define time_before_eq64(a, b) time_after_eq64(b, a)
#define time_is_before_jiffies(a) time_after(jiffies, a)
#define time_is_after_jiffies(a) time_before(jiffies, a)
#define time_is_before_eq_jiffies(a) time_after_eq(jiffies, a)
#define time_is_after_eq_jiffies(a) time_before_eq(jiffies, a)

#define MAX_JIFFY_OFFSET ((LONG_MAX >> 1) - 1)

/* Rounded up, as the kernel's: a wait of msecs_to_jiffies(m) is at least m ms. */
static inline unsigned long msecs_to_jiffies(const unsigned int m)
{
	if ((int)m < 0)
		return MAX_JIFFY_OFFSET;
	return ((unsigned long)m * HZ + MSEC_PER_SEC - 1) / MSEC_PER_SEC;
}

static inline unsigned long usecs_to_jiffies(const unsigned int u)
{
	if ((int)u < 0)
		return MAX_JIFFY_OFFSET;
	return ((unsigned long)u * HZ + USEC_PER_SEC - 1) / USEC_PER_SEC;
}

static inline unsigned long nsecs_to_jiffies(u64 n)
{
	return (unsigned long)(n / (NSEC_PER_SEC / HZ));
}

static inline u64 nsecs_to_jiffies64(u64 n)
{
	return n / (NSEC_PER_SEC / HZ);
}

static inline unsigned int jiffies_to_msecs(const unsigned long j)
{
	return (unsigned int)(j * MSEC_PER_SEC / HZ);
}

static inline unsigned int jiffies_to_usecs(const unsigned long j)
{
	return (unsigned int)(j * USEC_PER_SEC / HZ);
}

static inline u64 jiffies_to_nsecs(const unsigned long j)
{
	return (u64)j * (NSEC_PER_SEC / HZ);
}

static inline u64 jiffies64_to_nsecs(u64 j)
{
	return j * (NSEC_PER_SEC / HZ);
}

#define secs_to_jiffies(s) ((unsigned long)(s) * HZ)

static inline unsigned long round_jiffies_relative(unsigned long j)
{
	return j;
}

#endif /* _LINUX_JIFFIES_H */
