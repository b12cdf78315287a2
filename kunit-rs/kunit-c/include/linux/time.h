/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: calendar time (the kernel's <linux/time.h>): struct tm and its conversions, and
 * the 32-bit time comparisons. time64_to_tm() is kernel/time/timeconv.c's (link that file);
 * mktime64() is kernel/time/time.c's, which kunit-c's glue defines weakly.
 */
#ifndef _LINUX_TIME_H
#define _LINUX_TIME_H

#include <linux/cache.h>
#include <linux/math64.h>
#include <linux/time64.h>

/* Seconds since 1970-01-01 00:00:00 of a Gregorian date; @hour may be 24 (next midnight). */
time64_t mktime64(const unsigned int year, const unsigned int mon, const unsigned int day,
		  const unsigned int hour, const unsigned int min, const unsigned int sec);

/* The broken-down time of time64_to_tm(), as the kernel lays it out. */
struct tm {
	int tm_sec;	/* 0..59, 60 for a leap second */
	int tm_min;	/* 0..59 */
	int tm_hour;	/* 0..23 */
	int tm_mday;	/* 1..31 */
	int tm_mon;	/* 0..11 */
	long tm_year;	/* years since 1900 */
	int tm_wday;	/* 0..6, Sunday is 0 */
	int tm_yday;	/* 0..365 */
};

void time64_to_tm(time64_t totalsecs, int offset, struct tm *result);

/*
 * The system time zone settimeofday() sets (kernel/time/time.c's sys_tz; here kunit-c's
 * glue defines it weakly, UTC). Also in the tree's <uapi/linux/time.h>, which a file
 * including it after this header would define twice (a compile error, not a silent one).
 */
#ifndef _UAPI_LINUX_TIME_H
struct timezone {
	int tz_minuteswest;	/* minutes west of Greenwich */
	int tz_dsttime;		/* type of dst correction */
};
#endif
extern struct timezone sys_tz;

static inline bool itimerspec64_valid(const struct itimerspec64 *its)
{
	return timespec64_valid(&its->it_interval) && timespec64_valid(&its->it_value);
}

/* Wrap-safe comparisons of 32-bit seconds, as time_after() is of jiffies. */
#define time_after32(a, b) ((s32)((u32)(b) - (u32)(a)) < 0)
#define time_before32(b, a) time_after32(a, b)
#define time_between32(t, l, h) ((u32)(h) - (u32)(l) >= (u32)(t) - (u32)(l))

#endif
