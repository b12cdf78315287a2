/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: power-of-two helpers (the kernel's <linux/log2.h>). */
#ifndef _LINUX_LOG2_H
#define _LINUX_LOG2_H

#include <linux/types.h>

/* Whether n is a power of two (0 is not). */
static inline __attribute_const__ bool is_power_of_2(unsigned long n)
{
	return n != 0 && ((n & (n - 1)) == 0);
}

#endif /* _LINUX_LOG2_H */
