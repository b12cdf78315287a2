/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: real-time-clock dates (the kernel's <linux/rtc.h>): struct rtc_time, the
 * calendar helpers drivers/rtc/lib.c defines (link that file) and the range constants RTC
 * drivers declare. The RTC class itself (struct rtc_device, its ops, alarms, timers) needs
 * a driver model and interrupts that kunit-c does not model, so it is absent: code that
 * names it fails to compile rather than run wrong.
 */
#ifndef _LINUX_RTC_H_
#define _LINUX_RTC_H_

/* What the kernel's <linux/rtc.h> brings in through <linux/interrupt.h>, which RTC code relies on. */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/time.h>
#include <linux/time64.h>
#include <linux/types.h>

/* The broken-down time of the RTC ioctls (<uapi/linux/rtc.h>): tm_year from 1900, tm_mon 0..11. */
struct rtc_time {
	int tm_sec;
	int tm_min;
	int tm_hour;
	int tm_mday;
	int tm_mon;
	int tm_year;
	int tm_wday;
	int tm_yday;
	int tm_isdst;
};

int rtc_month_days(unsigned int month, unsigned int year);
int rtc_year_days(unsigned int day, unsigned int month, unsigned int year);
int rtc_valid_tm(struct rtc_time *tm);
time64_t rtc_tm_to_time64(struct rtc_time *tm);
void rtc_time64_to_tm(time64_t time, struct rtc_time *tm);
ktime_t rtc_tm_to_ktime(struct rtc_time tm);
struct rtc_time rtc_ktime_to_tm(ktime_t kt);

/* Seconds from @rhs to @lhs. */
static inline time64_t rtc_tm_sub(struct rtc_time *lhs, struct rtc_time *rhs)
{
	return rtc_tm_to_time64(lhs) - rtc_tm_to_time64(rhs);
}

/* Gregorian: every fourth year, but not centuries unless divisible by 400. */
static inline bool is_leap_year(unsigned int year)
{
	return (!(year % 4) && (year % 100)) || !(year % 400);
}

/* The first and last second an RTC's hardware can count, for its range_min/range_max. */
#define RTC_TIMESTAMP_BEGIN_0000 -62167219200ULL /* 0000-01-01 00:00:00 */
#define RTC_TIMESTAMP_BEGIN_1900 -2208988800LL /* 1900-01-01 00:00:00 */
#define RTC_TIMESTAMP_BEGIN_2000 946684800LL /* 2000-01-01 00:00:00 */
#define RTC_TIMESTAMP_END_2063 2966371199LL /* 2063-12-31 23:59:59 */
#define RTC_TIMESTAMP_END_2079 3471292799LL /* 2079-12-31 23:59:59 */
#define RTC_TIMESTAMP_END_2099 4102444799LL /* 2099-12-31 23:59:59 */
#define RTC_TIMESTAMP_END_2199 7258118399LL /* 2199-12-31 23:59:59 */
#define RTC_TIMESTAMP_END_9999 253402300799LL /* 9999-12-31 23:59:59 */

#endif
