/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the kernel's integer math helpers: rounding, division with rounding, abs(),
 * fractions. int_pow() and int_sqrt() are declared here and defined by the kernel's lib/math/ files.
 */
#ifndef _LINUX_MATH_H
#define _LINUX_MATH_H

#include <linux/types.h>
#include <linux/const.h>
#include <linux/math64.h>
#include <asm-generic/div64.h>
#include <asm-generic/bitsperlong.h>

/* y must be a power of two for round_up()/round_down(). */
#define __round_mask(x, y) ((__typeof__(x))((y) - 1))
#ifndef round_up
#define round_up(x, y) ((((x) - 1) | __round_mask(x, y)) + 1)
#endif
#ifndef round_down
#define round_down(x, y) ((x) & ~__round_mask(x, y))
#endif

#define DIV_ROUND_UP_POW2(n, d) ((n) / (d) + !!((n) & ((d) - 1)))
#ifndef DIV_ROUND_UP
#define DIV_ROUND_UP(n, d) __KERNEL_DIV_ROUND_UP(n, d)
#endif
#define DIV_ROUND_DOWN_ULL(ll, d) ({ unsigned long long __kc_t = (ll); do_div(__kc_t, d); __kc_t; })
#define DIV_ROUND_UP_ULL(ll, d) DIV_ROUND_DOWN_ULL((unsigned long long)(ll) + (d) - 1, (d))
#define DIV_ROUND_UP_SECTOR_T(ll, d) DIV_ROUND_UP(ll, d)

/* Any y (not only powers of two). */
#define roundup(x, y) ({ __typeof__(y) __kc_y = (y); (((x) + (__kc_y - 1)) / __kc_y) * __kc_y; })
#define rounddown(x, y) ({ __typeof__(x) __kc_x = (x); __kc_x - (__kc_x % (y)); })

/* x / divisor rounded to the nearest; halves away from zero. */
#define DIV_ROUND_CLOSEST(x, divisor) ({					\
	__typeof__(x) __kc_x = (x);						\
	__typeof__(divisor) __kc_d = (divisor);					\
	(((__typeof__(x))-1) > 0 || ((__typeof__(divisor))-1) > 0 ||		\
	 ((__kc_x > 0) == (__kc_d > 0))) ? ((__kc_x + (__kc_d / 2)) / __kc_d)	\
					 : ((__kc_x - (__kc_d / 2)) / __kc_d); })
#define DIV_ROUND_CLOSEST_ULL(x, divisor) ({					\
	__typeof__(divisor) __kc_d = (divisor);					\
	unsigned long long __kc_t = (x) + (__kc_d) / 2;				\
	do_div(__kc_t, __kc_d);							\
	__kc_t; })

#define __KC_STRUCT_FRACT(type)							\
	struct type##_fract {							\
		type numerator;							\
		type denominator;						\
	};
__KC_STRUCT_FRACT(s8)
__KC_STRUCT_FRACT(u8)
__KC_STRUCT_FRACT(s16)
__KC_STRUCT_FRACT(u16)
__KC_STRUCT_FRACT(s32)
__KC_STRUCT_FRACT(u32)
#undef __KC_STRUCT_FRACT

/* x * n / d without overflowing the intermediate product where x * n would. */
#define mult_frac(x, n, d) ({							\
	__typeof__(x) __kc_x = (x);						\
	__typeof__(n) __kc_n = (n);						\
	__typeof__(d) __kc_d = (d);						\
	__typeof__(__kc_x) __kc_q = __kc_x / __kc_d;				\
	__typeof__(__kc_x) __kc_r = __kc_x % __kc_d;				\
	__kc_q * __kc_n + __kc_r * __kc_n / __kc_d; })

#define sector_div(a, b) do_div(a, b)

/* |x| in x's own type (char as signed char); the result of abs(INT_MIN) is INT_MIN. */
#define __kc_abs_choose(x, type, other) __builtin_choose_expr(			\
	__builtin_types_compatible_p(__typeof__(x), signed type) ||		\
	__builtin_types_compatible_p(__typeof__(x), unsigned type),		\
	({ signed type __kc_a = (x); __kc_a < 0 ? -__kc_a : __kc_a; }), other)
#define abs(x)									\
	__kc_abs_choose(x, long long,						\
	__kc_abs_choose(x, long,						\
	__kc_abs_choose(x, int,							\
	__kc_abs_choose(x, short,						\
	__kc_abs_choose(x, char,						\
	__builtin_choose_expr(__builtin_types_compatible_p(__typeof__(x), char), \
		(char)({ signed char __kc_a = (x); __kc_a < 0 ? -__kc_a : __kc_a; }), \
		((void)0)))))))

/* |a - b| without overflow in a and b's (common) type. */
#define abs_diff(a, b) ({							\
	__typeof__(a) __kc_a = (a);						\
	__typeof__(b) __kc_b = (b);						\
	(void)(&__kc_a == &__kc_b);						\
	__kc_a > __kc_b ? (__kc_a - __kc_b) : (__kc_b - __kc_a); })

/* val scaled from [0, 2^32) into [0, ep_ro). */
static inline u32 reciprocal_scale(u32 val, u32 ep_ro)
{
	return (u32)(((u64)val * ep_ro) >> 32);
}

u64 int_pow(u64 base, unsigned int exp);
unsigned long int_sqrt(unsigned long x);

#if BITS_PER_LONG < 64
u32 int_sqrt64(u64 x);
#else
static inline u32 int_sqrt64(u64 x)
{
	return (u32)int_sqrt(x);
}
#endif

#endif /* _LINUX_MATH_H */
