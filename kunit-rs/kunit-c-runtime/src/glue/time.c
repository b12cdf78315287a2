/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c glue: calendar arithmetic of <linux/time.h> that the kernel keeps out of line. */
#include "glue.h"

/*
 * Days from 1970-01-01 to a proleptic Gregorian date (month 1..12), counted in 400-year
 * eras of 146097 days whose years start in March, so that the leap day ends each year.
 * Linear in @day, so a day past the month's end rolls over as mktime64()'s callers expect.
 */
static long long days_from_epoch(long long year, unsigned int mon, unsigned int day)
{
	long long era, yoe, doy;

	if (mon <= 2)
		year--;
	era = (year >= 0 ? year : year - 399) / 400;
	yoe = year - era * 400;
	doy = (153 * (mon > 2 ? mon - 3 : mon + 9) + 2) / 5 + (long long)day - 1;
	return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
}

/*
 * mktime64(): seconds since the epoch of a date and time (hour 24 is the next midnight).
 * Weak: kernel/time/time.c's definition replaces it when that file is linked.
 */
KC_WEAK long long mktime64(const unsigned int year, const unsigned int mon,
			   const unsigned int day, const unsigned int hour,
			   const unsigned int min, const unsigned int sec)
{
	return ((days_from_epoch(year, mon, day) * 24 + hour) * 60 + min) * 60 + sec;
}

/* <linux/time.h>'s struct tm. */
struct kc_tm {
	int tm_sec, tm_min, tm_hour, tm_mday, tm_mon;
	long tm_year;
	int tm_wday, tm_yday;
};

/*
 * time64_to_tm(): the broken-down UTC time of @totalsecs + @offset seconds, the inverse of
 * days_from_epoch() (the same March-based eras). Weak: kernel/time/timeconv.c's definition
 * replaces it when that file is linked.
 */
KC_WEAK void time64_to_tm(long long totalsecs, int offset, struct kc_tm *result)
{
	long long secs = totalsecs + offset;
	long long days = secs / 86400, rem = secs % 86400;
	long long z, era, doe, yoe, year, doy, mp;
	unsigned int mon, mday;

	if (rem < 0) {
		rem += 86400;
		days--;
	}
	result->tm_hour = (int)(rem / 3600);
	result->tm_min = (int)(rem % 3600 / 60);
	result->tm_sec = (int)(rem % 60);
	/* 1970-01-01 was a Thursday. */
	result->tm_wday = (int)(((days + 4) % 7 + 7) % 7);

	z = days + 719468;
	era = (z >= 0 ? z : z - 146096) / 146097;
	doe = z - era * 146097;
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	mday = (unsigned int)(doy - (153 * mp + 2) / 5 + 1);
	mon = (unsigned int)(mp < 10 ? mp + 3 : mp - 9);
	year = yoe + era * 400 + (mon <= 2);

	result->tm_mday = (int)mday;
	result->tm_mon = (int)mon - 1;
	result->tm_year = (long)(year - 1900);
	result->tm_yday = (int)(days - days_from_epoch(year, 1, 1));
}

/*
 * The system time zone (<linux/time.h>'s struct timezone): UTC, as a kernel has it until
 * settimeofday() sets one. Weak: kernel/time/time.c's replaces it when linked.
 */
KC_WEAK struct {
	int tz_minuteswest;
	int tz_dsttime;
} sys_tz;
