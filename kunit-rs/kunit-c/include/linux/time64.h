/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: 64-bit time and the unit conversion constants. */
#ifndef _LINUX_TIME64_H
#define _LINUX_TIME64_H

#include <linux/types.h>

typedef s64 time64_t;
typedef u64 timeu64_t;

struct timespec64 {
	time64_t tv_sec;
	long tv_nsec;
};

#define MSEC_PER_SEC 1000L
#define USEC_PER_MSEC 1000L
#define NSEC_PER_USEC 1000L
#define NSEC_PER_MSEC 1000000L
#define USEC_PER_SEC 1000000L
#define NSEC_PER_SEC 1000000000L
#define PSEC_PER_SEC 1000000000000LL
#define FSEC_PER_SEC 1000000000000000LL

#endif /* _LINUX_TIME64_H */
