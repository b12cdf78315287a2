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
