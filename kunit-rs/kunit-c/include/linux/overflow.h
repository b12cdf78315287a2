/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: overflow-checked arithmetic. Each stores the wrapped result in *d and returns
 * true when the mathematical result did not fit in *d's type (the compiler's builtins do
 * exactly that, for any mix of integer types).
 */
#ifndef _LINUX_OVERFLOW_H
#define _LINUX_OVERFLOW_H

#include <linux/compiler.h>

#define check_add_overflow(a, b, d) __builtin_add_overflow(a, b, d)
#define check_sub_overflow(a, b, d) __builtin_sub_overflow(a, b, d)
#define check_mul_overflow(a, b, d) __builtin_mul_overflow(a, b, d)

#endif /* _LINUX_OVERFLOW_H */
