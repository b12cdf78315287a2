/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: waiting. The *delay() forms spin on the monotonic clock, as the kernel's busy
 * waits do (they are allowed in atomic context); the *sleep() forms sleep the thread (at
 * least the time asked, as the kernel guarantees; never less).
 */
#ifndef _LINUX_DELAY_H
#define _LINUX_DELAY_H

#include <linux/kernel.h>

void __kunit_c_ndelay(unsigned long nsecs);
void __kunit_c_nsleep(unsigned long long nsecs);

#define ndelay(n) __kunit_c_ndelay(n)
#define udelay(n) __kunit_c_ndelay((unsigned long)(n) * 1000UL)
#define mdelay(n) __kunit_c_ndelay((unsigned long)(n) * 1000000UL)

static inline void msleep(unsigned int msecs)
{
	__kunit_c_might_sleep_site(__FILE__, __LINE__);
	__kunit_c_nsleep((unsigned long long)msecs * 1000000ULL);
}

static inline unsigned long msleep_interruptible(unsigned int msecs)
{
	msleep(msecs);
	return 0; /* no signal can cut it short */
}

static inline void ssleep(unsigned int seconds)
{
	msleep(seconds * 1000);
}

static inline void usleep_range(unsigned long min, unsigned long max)
{
	(void)max;
	__kunit_c_might_sleep_site(__FILE__, __LINE__);
	__kunit_c_nsleep((unsigned long long)min * 1000ULL);
}

static inline void fsleep(unsigned long usecs)
{
	if (usecs <= 10)
		udelay(usecs);
	else
		usleep_range(usecs, usecs * 2);
}

/* The sleeping helpers report a sleep in atomic context at their caller's line. */
#define msleep(msecs) __kunit_c_sleeper(msleep(msecs))
#define msleep_interruptible(msecs) __kunit_c_sleeper(msleep_interruptible(msecs))
#define ssleep(seconds) __kunit_c_sleeper(ssleep(seconds))
#define usleep_range(min, max) __kunit_c_sleeper(usleep_range(min, max))
#define fsleep(usecs) __kunit_c_sleeper(fsleep(usecs))

#endif /* _LINUX_DELAY_H */
