/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: kernel time in nanoseconds, read from the host's clocks by kunit-c's glue. */
#ifndef _LINUX_KTIME_H
#define _LINUX_KTIME_H

#include <linux/types.h>
#include <linux/time64.h>
#include <linux/jiffies.h>

typedef s64 ktime_t;

/* CLOCK_MONOTONIC, CLOCK_REALTIME and CLOCK_BOOTTIME, in nanoseconds. */
u64 ktime_get_ns(void);
u64 ktime_get_real_ns(void);
u64 ktime_get_boottime_ns(void);

static inline ktime_t ktime_get(void) { return (ktime_t)ktime_get_ns(); }
static inline ktime_t ktime_get_real(void) { return (ktime_t)ktime_get_real_ns(); }
static inline ktime_t ktime_get_boottime(void) { return (ktime_t)ktime_get_boottime_ns(); }
static inline u64 ktime_get_mono_fast_ns(void) { return ktime_get_ns(); }
static inline u64 ktime_get_raw_ns(void) { return ktime_get_ns(); }
static inline s64 ktime_to_ns(const ktime_t kt) { return kt; }
static inline s64 ktime_to_us(const ktime_t kt) { return kt / NSEC_PER_USEC; }
static inline s64 ktime_to_ms(const ktime_t kt) { return kt / NSEC_PER_MSEC; }
static inline ktime_t ns_to_ktime(u64 ns) { return (ktime_t)ns; }
/* Seconds and nanoseconds as a ktime_t, saturating at KTIME_MAX as the kernel's does. */
static inline ktime_t ktime_set(const s64 secs, const unsigned long nsecs)
{
	if (secs >= KTIME_SEC_MAX)
		return KTIME_MAX;
	return secs * NSEC_PER_SEC + (s64)nsecs;
}
static inline ktime_t ms_to_ktime(u64 ms) { return (ktime_t)(ms * NSEC_PER_MSEC); }
static inline ktime_t us_to_ktime(u64 us) { return (ktime_t)(us * NSEC_PER_USEC); }
static inline ktime_t ktime_add(ktime_t a, ktime_t b) { return a + b; }
static inline ktime_t ktime_sub(ktime_t a, ktime_t b) { return a - b; }
/*
 * kernel/time/hrtimer.c's addition for expiry times: a sum that overflows (or goes negative)
 * is the latest time there is (ktime_set(KTIME_SEC_MAX, 0), which is KTIME_MAX), as the
 * kernel's saturates.
 */
/* The resolution of low-resolution timers: one jiffy (the kernel's vdso/ktime.h). */
#define LOW_RES_NSEC TICK_NSEC
#define KTIME_LOW_RES (LOW_RES_NSEC)

static inline ktime_t ktime_add_safe(const ktime_t lhs, const ktime_t rhs)
{
	ktime_t res = (ktime_t)((u64)lhs + (u64)rhs);

	if (res < 0 || res < lhs || res < rhs)
		res = ktime_set(KTIME_SEC_MAX, 0);
	return res;
}
static inline ktime_t ktime_add_ns(ktime_t kt, u64 ns) { return kt + (ktime_t)ns; }
static inline ktime_t ktime_sub_ns(ktime_t kt, u64 ns) { return kt - (ktime_t)ns; }
static inline ktime_t ktime_add_us(ktime_t kt, u64 us) { return ktime_add_ns(kt, us * NSEC_PER_USEC); }
static inline ktime_t ktime_add_ms(ktime_t kt, u64 ms) { return ktime_add_ns(kt, ms * NSEC_PER_MSEC); }
static inline s64 ktime_us_delta(ktime_t later, ktime_t earlier) { return ktime_to_us(later - earlier); }
static inline s64 ktime_ms_delta(ktime_t later, ktime_t earlier) { return ktime_to_ms(later - earlier); }
static inline bool ktime_after(ktime_t a, ktime_t b) { return a > b; }
static inline bool ktime_before(ktime_t a, ktime_t b) { return a < b; }
static inline int ktime_compare(ktime_t a, ktime_t b) { return a < b ? -1 : a > b ? 1 : 0; }
static inline struct timespec64 ktime_to_timespec64(ktime_t kt) { return ns_to_timespec64(kt); }
static inline void ktime_get_ts64(struct timespec64 *ts) { *ts = ns_to_timespec64(ktime_get()); }
static inline void ktime_get_real_ts64(struct timespec64 *ts) { *ts = ns_to_timespec64(ktime_get_real()); }
static inline time64_t ktime_get_seconds(void) { return ktime_get() / NSEC_PER_SEC; }
static inline time64_t ktime_get_real_seconds(void) { return ktime_get_real() / NSEC_PER_SEC; }

#endif /* _LINUX_KTIME_H */
