// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of <linux/time.h>: mktime64() counts seconds of the proleptic Gregorian
 * calendar (leap years by the 4/100/400 rule, dates before 1970 negative, hour 24 the next
 * midnight, days past a month's end rolling over), and the 32-bit comparisons survive the
 * wrap of their seconds; time64_to_tm() turns seconds back into the calendar.
 */
#include <kunit/test.h>
#include <linux/ktime.h>
#include <linux/rtc.h>
#include <linux/time.h>

static void time_mktime64_known_dates(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, mktime64(1970, 1, 1, 0, 0, 0), 0LL);
	KUNIT_EXPECT_EQ(test, mktime64(1969, 12, 31, 23, 59, 59), -1LL);
	KUNIT_EXPECT_EQ(test, mktime64(2000, 2, 29, 0, 0, 0), 951782400LL);
	KUNIT_EXPECT_EQ(test, mktime64(2038, 1, 19, 3, 14, 8), 2147483648LL);
	KUNIT_EXPECT_EQ(test, mktime64(1900, 3, 1, 0, 0, 0), -2203891200LL);
	KUNIT_EXPECT_EQ(test, mktime64(2100, 3, 1, 12, 0, 0), 4107585600LL);
}

static void time_mktime64_rolls_over(struct kunit *test)
{
	/* Hour 24 is the next day's midnight (what RTCs report at the day's end). */
	KUNIT_EXPECT_EQ(test, mktime64(2024, 12, 31, 24, 0, 0), mktime64(2025, 1, 1, 0, 0, 0));
	/* 1900 is no leap year, 2000 is: "February 29" is March 1 in one, itself in the other. */
	KUNIT_EXPECT_EQ(test, mktime64(1900, 2, 29, 0, 0, 0), mktime64(1900, 3, 1, 0, 0, 0));
	KUNIT_EXPECT_NE(test, mktime64(2000, 2, 29, 0, 0, 0), mktime64(2000, 3, 1, 0, 0, 0));
	KUNIT_EXPECT_EQ(test, mktime64(2023, 1, 32, 0, 0, 0), mktime64(2023, 2, 1, 0, 0, 0));
}

static void time_comparisons32_wrap(struct kunit *test)
{
	u32 before_wrap = 0xfffffff0u, after_wrap = 0x10u;

	KUNIT_EXPECT_TRUE(test, time_after32(after_wrap, before_wrap));
	KUNIT_EXPECT_TRUE(test, time_before32(before_wrap, after_wrap));
	KUNIT_EXPECT_FALSE(test, time_after32(before_wrap, after_wrap));
	KUNIT_EXPECT_TRUE(test, time_between32(0u, before_wrap, after_wrap));
	KUNIT_EXPECT_FALSE(test, time_between32(0x20u, before_wrap, after_wrap));
}

static void time_rtc_ranges_and_leap_years(struct kunit *test)
{
	/* The RTC range constants are the seconds of the dates they name. */
	KUNIT_EXPECT_EQ(test, (long long)RTC_TIMESTAMP_BEGIN_1900, mktime64(1900, 1, 1, 0, 0, 0));
	KUNIT_EXPECT_EQ(test, (long long)RTC_TIMESTAMP_BEGIN_2000, mktime64(2000, 1, 1, 0, 0, 0));
	KUNIT_EXPECT_EQ(test, RTC_TIMESTAMP_END_2099, mktime64(2099, 12, 31, 23, 59, 59));
	KUNIT_EXPECT_EQ(test, RTC_TIMESTAMP_END_9999, mktime64(9999, 12, 31, 23, 59, 59));
	KUNIT_EXPECT_TRUE(test, is_leap_year(2000));
	KUNIT_EXPECT_TRUE(test, is_leap_year(2024));
	KUNIT_EXPECT_FALSE(test, is_leap_year(1900));
	KUNIT_EXPECT_FALSE(test, is_leap_year(2023));
}

static void time_ktime_set_saturates(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, ktime_set(2, 5), (ktime_t)2000000005);
	KUNIT_EXPECT_EQ(test, ktime_set(-1, 0), (ktime_t)-1000000000);
	KUNIT_EXPECT_EQ(test, ktime_set(KTIME_SEC_MAX, 0), (ktime_t)KTIME_MAX);
	KUNIT_EXPECT_EQ(test, ktime_set(KTIME_SEC_MAX + 1, 0), (ktime_t)KTIME_MAX);
	KUNIT_EXPECT_LT(test, ktime_set(KTIME_SEC_MAX - 1, 0), (ktime_t)KTIME_MAX);
}

/* struct tm of @t + @offset, checked field by field. */
static void expect_tm(struct kunit *test, time64_t t, int offset, long year, int mon, int mday,
		      int hour, int min, int sec, int wday, int yday)
{
	struct tm tm;

	time64_to_tm(t, offset, &tm);
	KUNIT_EXPECT_EQ_MSG(test, tm.tm_year, year, "t=%lld", t);
	KUNIT_EXPECT_EQ_MSG(test, tm.tm_mon, mon, "t=%lld", t);
	KUNIT_EXPECT_EQ_MSG(test, tm.tm_mday, mday, "t=%lld", t);
	KUNIT_EXPECT_EQ_MSG(test, tm.tm_hour, hour, "t=%lld", t);
	KUNIT_EXPECT_EQ_MSG(test, tm.tm_min, min, "t=%lld", t);
	KUNIT_EXPECT_EQ_MSG(test, tm.tm_sec, sec, "t=%lld", t);
	KUNIT_EXPECT_EQ_MSG(test, tm.tm_wday, wday, "t=%lld", t);
	KUNIT_EXPECT_EQ_MSG(test, tm.tm_yday, yday, "t=%lld", t);
}

/* time64_to_tm() (weak glue, kernel/time/timeconv.c's when linked) inverts mktime64(). */
static void time_time64_to_tm_known_dates(struct kunit *test)
{
	/* 1970-01-01 00:00:00 was a Thursday. */
	expect_tm(test, 0, 0, 70, 0, 1, 0, 0, 0, 4, 0);
	/* 2019-01-04T15:32:23, a Friday (lib/tests/printf_kunit.c's %ptT date). */
	expect_tm(test, 1546615943, 0, 119, 0, 4, 15, 32, 23, 5, 3);
	/* The leap day of 2000 and the last second of a leap year. */
	expect_tm(test, 951782400, 0, 100, 1, 29, 0, 0, 0, 2, 59);
	expect_tm(test, mktime64(2024, 12, 31, 23, 59, 59), 0, 124, 11, 31, 23, 59, 59, 2, 365);
	/* Before the epoch: one second earlier is 1969-12-31 23:59:59, a Wednesday. */
	expect_tm(test, -1, 0, 69, 11, 31, 23, 59, 59, 3, 364);
	/* The offset moves the clock: an hour east of UTC. */
	expect_tm(test, 0, 3600, 70, 0, 1, 1, 0, 0, 4, 0);
	expect_tm(test, 0, -1, 69, 11, 31, 23, 59, 59, 3, 364);
	/* 2100 is no leap year: 1 March follows 28 February. */
	expect_tm(test, mktime64(2100, 3, 1, 12, 0, 0), 0, 200, 2, 1, 12, 0, 0, 1, 59);
}

static struct kunit_case time_test_cases[] = {
	KUNIT_CASE(time_time64_to_tm_known_dates),
	KUNIT_CASE(time_rtc_ranges_and_leap_years),
	KUNIT_CASE(time_ktime_set_saturates),
	KUNIT_CASE(time_mktime64_known_dates),
	KUNIT_CASE(time_mktime64_rolls_over),
	KUNIT_CASE(time_comparisons32_wrap),
	{}
};

static struct kunit_suite time_test_suite = {
	.name = "kunit_c_time",
	.test_cases = time_test_cases,
};
kunit_test_suite(time_test_suite);
