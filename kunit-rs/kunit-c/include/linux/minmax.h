/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: min/max/clamp that evaluate each argument once, in the kernel's forms. Unlike
 * the kernel's, min()/max() do not reject mixed signedness at build time: the comparison
 * is C's, after the usual conversions.
 */
#ifndef _LINUX_MINMAX_H
#define _LINUX_MINMAX_H

#define __kc_cmp_min <
#define __kc_cmp_max >
#define __kc_cmp(op, x, y) ((x) __kc_cmp_##op(y) ? (x) : (y))
#define __kc_cmp_once(op, type, x, y) ({					\
	type __kc_x = (x);							\
	type __kc_y = (y);							\
	__kc_cmp(op, __kc_x, __kc_y); })
#define __kc_cmp_auto(op, x, y) ({						\
	__typeof__(x) __kc_x = (x);						\
	__typeof__(y) __kc_y = (y);						\
	__kc_cmp(op, __kc_x, __kc_y); })

#define min(x, y) __kc_cmp_auto(min, x, y)
#define max(x, y) __kc_cmp_auto(max, x, y)
#define min_t(type, x, y) __kc_cmp_once(min, type, x, y)
#define max_t(type, x, y) __kc_cmp_once(max, type, x, y)
#define min3(x, y, z) min(min(x, y), z)
#define max3(x, y, z) max(max(x, y), z)
/* Both compared as unsigned (a negative value is huge). */
#define umin(x, y) __kc_cmp_auto(min, (x) + 0u + 0ul + 0ull, (y) + 0u + 0ul + 0ull)
#define umax(x, y) __kc_cmp_auto(max, (x) + 0u + 0ul + 0ull, (y) + 0u + 0ul + 0ull)

/* The smaller of the two that is not zero; 0 only when both are. */
#define min_not_zero(x, y) ({							\
	__typeof__(x) __kc_x = (x);						\
	__typeof__(y) __kc_y = (y);						\
	__kc_x == 0 ? __kc_y : ((__kc_y == 0) ? __kc_x : min(__kc_x, __kc_y)); })

#define __kc_clamp_once(type, val, lo, hi) ({					\
	type __kc_v = (val);							\
	type __kc_lo = (lo);							\
	type __kc_hi = (hi);							\
	__kc_v >= __kc_hi ? __kc_hi : (__kc_v <= __kc_lo ? __kc_lo : __kc_v); })
#define clamp(val, lo, hi) ({							\
	__typeof__(val) __kc_cv = (val);					\
	__typeof__(lo) __kc_clo = (lo);						\
	__typeof__(hi) __kc_chi = (hi);						\
	__kc_cv >= __kc_chi ? __kc_chi : (__kc_cv <= __kc_clo ? __kc_clo : __kc_cv); })
#define clamp_t(type, val, lo, hi) __kc_clamp_once(type, val, lo, hi)
#define clamp_val(val, lo, hi) __kc_clamp_once(__typeof__(val), val, lo, hi)

/* The least/greatest of @len elements of @array (len > 0). */
#define __kc_minmax_array(op, array, len) ({					\
	__typeof__(&(array)[0]) __kc_arr = (array);				\
	__typeof__(len) __kc_len = (len);					\
	__typeof__(+__kc_arr[0]) __kc_best = __kc_arr[--__kc_len];		\
	while (__kc_len--)							\
		__kc_best = __kc_cmp(op, __kc_best, __kc_arr[__kc_len]);	\
	__kc_best; })
#define min_array(array, len) __kc_minmax_array(min, array, len)
#define max_array(array, len) __kc_minmax_array(max, array, len)

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
