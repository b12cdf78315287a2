/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: fixed-point logarithms (8.24), defined by the kernel's lib/math/int_log.c. */
#ifndef __LINUX_INT_LOG_H
#define __LINUX_INT_LOG_H

#include <linux/types.h>

/* log2(value) * 2^24; value 0 is an error (WARN) and gives 0. */
unsigned int intlog2(u32 value);
/* log10(value) * 2^24; value 0 is an error (WARN) and gives 0. */
unsigned int intlog10(u32 value);

#endif /* __LINUX_INT_LOG_H */
