/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: monotonic time in nanoseconds. */
#ifndef _LINUX_KTIME_H
#define _LINUX_KTIME_H
#include <time.h>
#include <linux/types.h>
typedef s64 ktime_t;
static inline u64 ktime_get_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000ull + (u64)ts.tv_nsec;
}
static inline ktime_t ktime_get(void) { return (ktime_t)ktime_get_ns(); }
#endif
