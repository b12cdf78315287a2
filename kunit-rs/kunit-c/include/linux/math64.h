/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: 64-bit division and multiplication helpers. Division is the compiler's; the
 * widening products use unsigned __int128. mul_u64_u64_div_u64() is lib/math/div64.c's.
 */
#ifndef _LINUX_MATH64_H
#define _LINUX_MATH64_H

#include <linux/types.h>
#include <linux/limits.h>
#include <asm-generic/div64.h>

static inline u64 div_u64_rem(u64 dividend, u32 divisor, u32 *remainder)
{
	*remainder = dividend % divisor;
	return dividend / divisor;
}

static inline s64 div_s64_rem(s64 dividend, s32 divisor, s32 *remainder)
{
	*remainder = dividend % divisor;
	return dividend / divisor;
}

static inline u64 div64_u64_rem(u64 dividend, u64 divisor, u64 *remainder)
{
	*remainder = dividend % divisor;
	return dividend / divisor;
}

static inline u64 div64_u64(u64 dividend, u64 divisor) { return dividend / divisor; }
static inline s64 div64_s64(s64 dividend, s64 divisor) { return dividend / divisor; }
static inline u64 div_u64(u64 dividend, u32 divisor) { return dividend / divisor; }
static inline s64 div_s64(s64 dividend, s32 divisor) { return dividend / divisor; }
#define div64_ul(x, y) div64_u64((x), (y))
#define div64_long(x, y) div64_s64((x), (y))

static inline u64 mul_u32_u32(u32 a, u32 b) { return (u64)a * b; }

static inline u64 mul_u64_u32_shr(u64 a, u32 mul, unsigned int shift)
{
	return (u64)(((unsigned __int128)a * mul) >> shift);
}

static inline u64 mul_u64_u64_shr(u64 a, u64 mul, unsigned int shift)
{
	return (u64)(((unsigned __int128)a * mul) >> shift);
}

static inline u64 mul_u64_u32_div(u64 a, u32 mul, u32 divisor)
{
	return (u64)(((unsigned __int128)a * mul) / divisor);
}

u64 mul_u64_u64_div_u64(u64 a, u64 mul, u64 div);

/* Rounding forms of the divisions above. */
#define DIV64_U64_ROUND_UP(ll, d) ({ u64 __kc_d = (d); div64_u64((ll) + __kc_d - 1, __kc_d); })
#define DIV64_U64_ROUND_CLOSEST(dividend, divisor) ({				\
	u64 __kc_d = (divisor); div64_u64((dividend) + __kc_d / 2, __kc_d); })
#define DIV_U64_ROUND_CLOSEST(dividend, divisor) ({				\
	u32 __kc_d = (divisor); div_u64((u64)(dividend) + __kc_d / 2, __kc_d); })
#define DIV_S64_ROUND_CLOSEST(dividend, divisor) ({				\
	s64 __kc_x = (dividend);						\
	s32 __kc_d = (divisor);							\
	((__kc_x > 0) == (__kc_d > 0)) ? div_s64(__kc_x + __kc_d / 2, __kc_d)	\
				       : div_s64(__kc_x - __kc_d / 2, __kc_d); })

#endif /* _LINUX_MATH64_H */
