/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: rounding helpers of the kernel's <linux/math.h>. */
#ifndef _LINUX_MATH_H
#define _LINUX_MATH_H

#include <linux/types.h>
#include <linux/math64.h>

#define DIV_ROUND_UP(n, d) (((n) + (d) - 1) / (d))
/* y must be a power of two. */
#define round_up(x, y) ((((x) - 1) | ((__typeof__(x))((y) - 1))) + 1)
#define round_down(x, y) ((x) & ~((__typeof__(x))((y) - 1)))

#endif /* _LINUX_MATH_H */
