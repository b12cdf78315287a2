/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: integer base-2 logarithms and powers of two. ilog2() and friends fold to a
 * constant for a constant argument, as the kernel's do, so they can size arrays.
 */
#ifndef _LINUX_LOG2_H
#define _LINUX_LOG2_H

#include <stdbool.h>
#include <linux/types.h>
#include <linux/bitops.h>

static inline __attribute__((const)) int __ilog2_u32(u32 n)
{
	return fls(n) - 1;
}

static inline __attribute__((const)) int __ilog2_u64(u64 n)
{
	return fls64(n) - 1;
}

/* True for 1, 2, 4, ...; false for 0. */
static inline __attribute__((const)) bool is_power_of_2(unsigned long n)
{
	return n != 0 && ((n & (n - 1)) == 0);
}

static inline __attribute__((const)) unsigned long __roundup_pow_of_two(unsigned long n)
{
	return 1UL << fls_long(n - 1);
}

static inline __attribute__((const)) unsigned long __rounddown_pow_of_two(unsigned long n)
{
	return 1UL << (fls_long(n) - 1);
}

/* log2 of a constant; -1 for 0 (a constant expression). */
#define const_ilog2(n) ((n) < 2 ? 0 : 63 - __builtin_clzll((unsigned long long)(n)))

/* floor(log2(n)), undefined for 0 (the kernel's -1 for a run-time 0). */
#define ilog2(n)								\
	(__builtin_constant_p(n) ? ((n) < 2 ? 0 : 63 - __builtin_clzll(n)) :	\
	 (sizeof(n) <= 4) ? __ilog2_u32(n) : __ilog2_u64(n))

/* The power of two at or above @n (undefined for 0 and above the top power). */
#define roundup_pow_of_two(n)							\
	(__builtin_constant_p(n) ? (((n) == 1) ? 1 : (1UL << (ilog2((n) - 1) + 1))) \
				 : __roundup_pow_of_two(n))

#define rounddown_pow_of_two(n)							\
	(__builtin_constant_p(n) ? (1UL << ilog2(n)) : __rounddown_pow_of_two(n))

static inline __attribute__((const)) int __order_base_2(unsigned long n)
{
	return n > 1 ? ilog2(n - 1) + 1 : 0;
}

/* ceil(log2(n)); 0 for 0 and 1. */
#define order_base_2(n)								\
	(__builtin_constant_p(n) ? (((n) == 0 || (n) == 1) ? 0 : ilog2((n) - 1) + 1) \
				 : __order_base_2(n))

static inline __attribute__((const)) int __bits_per(unsigned long n)
{
	if (n < 2)
		return 1;
	if (is_power_of_2(n))
		return order_base_2(n) + 1;
	return order_base_2(n);
}

/* The number of bits needed to hold @n (1 for 0 and 1). */
#define bits_per(n)								\
	(__builtin_constant_p(n) ?						\
	 (((n) == 0 || (n) == 1) ? 1 : ilog2(n) + 1) : __bits_per(n))

/* The largest power of two dividing @n. */
static inline __attribute__((const)) unsigned long max_pow_of_two_factor(unsigned long n)
{
	return n & -n;
}

#endif /* _LINUX_LOG2_H */
