/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: lcm(), defined by the kernel's lib/math/lcm.c. */
#ifndef _LCM_H
#define _LCM_H

#include <linux/compiler.h>

unsigned long lcm(unsigned long a, unsigned long b) __attribute__((const));
unsigned long lcm_not_zero(unsigned long a, unsigned long b) __attribute__((const));

#endif /* _LCM_H */
