/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c glue: jiffies from the monotonic clock, and the waits of <linux/delay.h>. */
#include <errno.h>
#include <limits.h>
#include <time.h>

#include "glue.h"

static unsigned long long mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (unsigned long long)ts.tv_sec * 1000000000ull + (unsigned long long)ts.tv_nsec;
}

/* Ticks since the process first asked, from @initial (see <linux/jiffies.h>). */
static unsigned long long origin;

unsigned long long __kunit_c_jiffies_64(unsigned int hz, unsigned long initial)
{
	unsigned long long zero = 0, now = mono_ns();

	if (!__atomic_load_n(&origin, __ATOMIC_ACQUIRE))
		__atomic_compare_exchange_n(&origin, &zero, now, 0, __ATOMIC_ACQ_REL,
					    __ATOMIC_ACQUIRE);
	now -= __atomic_load_n(&origin, __ATOMIC_ACQUIRE);
	return initial + now / (1000000000ull / hz);
}

/*
 * The CLOCK_MONOTONIC instant at which jiffies reach @expires (a timer's deadline): 0 when
 * they already have, LLONG_MAX when it is further than the clock can say.
 */
long long __kunit_c_jiffies_deadline(unsigned int hz, unsigned long initial,
				     unsigned long expires)
{
	unsigned long long now = __kunit_c_jiffies_64(hz, initial), tick = 1000000000ull / hz;
	long delta = (long)(expires - (unsigned long)now);
	unsigned long long from_origin;

	if (delta <= 0)
		return 0;
	from_origin = now - initial + (unsigned long long)delta;
	if (from_origin > (unsigned long long)LLONG_MAX / 2 / tick)
		return LLONG_MAX;
	return (long long)(__atomic_load_n(&origin, __ATOMIC_ACQUIRE) + from_origin * tick);
}

void __kunit_c_ndelay(unsigned long nsecs)
{
	unsigned long long end = mono_ns() + nsecs;

	while (mono_ns() < end)
		;
}

void __kunit_c_nsleep(unsigned long long nsecs)
{
	struct timespec ts = { (time_t)(nsecs / 1000000000ull), (long)(nsecs % 1000000000ull) };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/* See <linux/sched.h>: HZ is not known here, so the tick is measured in jiffies. */
long __kunit_c_schedule_timeout(long timeout, unsigned int hz, unsigned long initial)
{
	unsigned long long end = __kunit_c_jiffies_64(hz, initial) + (unsigned long long)timeout;

	while (__kunit_c_jiffies_64(hz, initial) < end)
		__kunit_c_nsleep(1000000000ull / hz);
	return 0;
}
