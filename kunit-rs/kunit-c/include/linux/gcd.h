/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: gcd(), defined by the kernel's lib/math/gcd.c. */
#ifndef _GCD_H
#define _GCD_H

#include <linux/compiler.h>
#include <linux/jump_label.h>

/* gcd.c picks its algorithm by this key (on when the CPU has a fast __ffs). */
DECLARE_STATIC_KEY_TRUE(efficient_ffs_key);

unsigned long gcd(unsigned long a, unsigned long b) __attribute__((const));

#endif /* _GCD_H */
