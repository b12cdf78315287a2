/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: min/max/clamp that evaluate each argument once, in the kernel's forms. Each
 * use names its temporaries uniquely (__COUNTER__), so nested uses do not capture each
 * other's. Unlike the kernel's, min()/max() do not reject mixed signedness at build time:
 * the comparison is C's, after the usual conversions.
 */
#ifndef _LINUX_MINMAX_H
#define _LINUX_MINMAX_H

#define __kc_mm_paste2(a, b) a##b
#define __kc_mm_paste(a, b) __kc_mm_paste2(a, b)
#define __kc_mm_id(prefix) __kc_mm_paste(prefix, __COUNTER__)

#define __kc_cmp_min <
#define __kc_cmp_max >
#define __kc_cmp(op, x, y) ((x) __kc_cmp_##op(y) ? (x) : (y))

#define __kc_cmp_typed(op, tx, ty, x, y, ux, uy) ({				\
	tx ux = (x);								\
	ty uy = (y);								\
	__kc_cmp(op, ux, uy); })
#define __kc_cmp_auto(op, x, y)							\
	__kc_cmp_typed(op, __typeof__(x), __typeof__(y), x, y,			\
		       __kc_mm_id(__kc_x_), __kc_mm_id(__kc_y_))
#define __kc_cmp_once(op, type, x, y)						\
	__kc_cmp_typed(op, type, type, x, y, __kc_mm_id(__kc_x_), __kc_mm_id(__kc_y_))

#define min(x, y) __kc_cmp_auto(min, x, y)
#define max(x, y) __kc_cmp_auto(max, x, y)
#define min_t(type, x, y) __kc_cmp_once(min, type, x, y)
#define max_t(type, x, y) __kc_cmp_once(max, type, x, y)
#define min3(x, y, z) min(min(x, y), z)
#define max3(x, y, z) max(max(x, y), z)
/* Compared as unsigned, zero-extended from their own width (an int -1 is 0xffffffff). */
#define umin(x, y) __kc_cmp_auto(min, (x) + 0u + 0ul + 0ull, (y) + 0u + 0ul + 0ull)
#define umax(x, y) __kc_cmp_auto(max, (x) + 0u + 0ul + 0ull, (y) + 0u + 0ul + 0ull)

/* The smaller of the two that is not zero; 0 only when both are. */
#define __kc_min_not_zero(x, y, ux, uy) ({					\
	__typeof__(x) ux = (x);							\
	__typeof__(y) uy = (y);							\
	ux == 0 ? uy : ((uy == 0) ? ux : __kc_cmp(min, ux, uy)); })
#define min_not_zero(x, y) __kc_min_not_zero(x, y, __kc_mm_id(__kc_x_), __kc_mm_id(__kc_y_))

/* @val limited to [lo, hi], each evaluated once, compared in their own types. */
#define __kc_clamp(tv, tl, th, val, lo, hi, uv, ul, uh) ({			\
	tv uv = (val);								\
	tl ul = (lo);								\
	th uh = (hi);								\
	uv >= uh ? uh : (uv <= ul ? ul : uv); })
#define clamp(val, lo, hi)							\
	__kc_clamp(__typeof__(val), __typeof__(lo), __typeof__(hi), val, lo, hi, \
		   __kc_mm_id(__kc_v_), __kc_mm_id(__kc_l_), __kc_mm_id(__kc_h_))
#define clamp_t(type, val, lo, hi)						\
	__kc_clamp(type, type, type, val, lo, hi,				\
		   __kc_mm_id(__kc_v_), __kc_mm_id(__kc_l_), __kc_mm_id(__kc_h_))
#define clamp_val(val, lo, hi) clamp_t(__typeof__(val), val, lo, hi)

/* The least/greatest of @len elements of @array (len > 0). */
#define __kc_minmax_array(op, array, len, ua, un, ub) ({			\
	__typeof__(&(array)[0]) ua = (array);					\
	__typeof__(len) un = (len);						\
	__typeof__(+ua[0]) ub = ua[--un];					\
	while (un--)								\
		ub = __kc_cmp(op, ub, ua[un]);					\
	ub; })
#define min_array(array, len)							\
	__kc_minmax_array(min, array, len, __kc_mm_id(__kc_a_), __kc_mm_id(__kc_n_), \
			  __kc_mm_id(__kc_b_))
#define max_array(array, len)							\
	__kc_minmax_array(max, array, len, __kc_mm_id(__kc_a_), __kc_mm_id(__kc_n_), \
			  __kc_mm_id(__kc_b_))

/* Whether start <= val < start + len, without overflow. */
#define in_range(val, start, len)						\
	((sizeof(start) | sizeof(len) | sizeof(val)) <= sizeof(unsigned int) ? \
	 (unsigned int)((val) - (start)) < (unsigned int)(len) :		\
	 (unsigned long long)((val) - (start)) < (unsigned long long)(len))

#define swap(a, b) do { __typeof__(a) __kc_tmp = (a); (a) = (b); (b) = __kc_tmp; } while (0)

/* Plain forms, usable in constant expressions (arguments evaluated twice). */
#define MIN(a, b) __kc_cmp(min, a, b)
#define MAX(a, b) __kc_cmp(max, a, b)
#define MIN_T(type, a, b) __kc_cmp(min, (type)(a), (type)(b))
#define MAX_T(type, a, b) __kc_cmp(max, (type)(a), (type)(b))

#endif /* _LINUX_MINMAX_H */
