/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: overflow-checked arithmetic (the compiler's __builtin_*_overflow), saturating
 * size helpers, and the flexible-array size macros, with the kernel's names and results.
 * The check_*_overflow() macros store the wrapped result and return true on overflow.
 */
#ifndef __LINUX_OVERFLOW_H
#define __LINUX_OVERFLOW_H

#include <stdbool.h>
#include <stddef.h>
#include <linux/compiler.h>
#include <linux/const.h>

#ifndef is_signed_type
#define is_signed_type(type) (((type)(-1)) < (type)1)
#endif
#ifndef is_unsigned_type
#define is_unsigned_type(type) (!is_signed_type(type))
#endif

/* The largest and smallest value of a type, or of an expression's type. */
#define __type_half_max(type) ((type)1 << (8 * sizeof(type) - 1 - is_signed_type(type)))
#define __type_max(T) ((T)((__type_half_max(T) - 1) + __type_half_max(T)))
#define type_max(t) __type_max(__typeof__(t))
#define __type_min(T) ((T)((T)-type_max(T) - (T)1))
#define type_min(t) __type_min(__typeof__(t))

/* Signedness tests that do not warn "comparison is always true" on unsigned types. */
#define is_non_negative(a) ((a) > 0 || (a) == 0)
#define is_negative(a) (!(is_non_negative(a)))

static inline bool __attribute__((warn_unused_result)) __must_check_overflow(bool overflow)
{
	return __builtin_expect(overflow, 0);
}

/* *d = a + b (or -, *), computed as if in infinite precision; true when it did not fit. */
#define check_add_overflow(a, b, d) __must_check_overflow(__builtin_add_overflow(a, b, d))
#define check_sub_overflow(a, b, d) __must_check_overflow(__builtin_sub_overflow(a, b, d))
#define check_mul_overflow(a, b, d) __must_check_overflow(__builtin_mul_overflow(a, b, d))

/* a op b wrapped to @type, on purpose. */
#define wrapping_add(type, a, b) ({ type __kc_v; (void)__builtin_add_overflow(a, b, &__kc_v); __kc_v; })
#define wrapping_sub(type, a, b) ({ type __kc_v; (void)__builtin_sub_overflow(a, b, &__kc_v); __kc_v; })
#define wrapping_mul(type, a, b) ({ type __kc_v; (void)__builtin_mul_overflow(a, b, &__kc_v); __kc_v; })
#define wrapping_assign_add(var, offset) ({					\
	__typeof__(var) *__kc_p = &(var);					\
	*__kc_p = wrapping_add(__typeof__(var), *__kc_p, offset); })
#define wrapping_assign_sub(var, offset) ({					\
	__typeof__(var) *__kc_p = &(var);					\
	*__kc_p = wrapping_sub(__typeof__(var), *__kc_p, offset); })
#define wrapping_inc(var) wrapping_assign_add(var, 1)
#define wrapping_dec(var) wrapping_assign_sub(var, 1)

/*
 * *d = a << s; true when the shift is negative or too wide for *d (then *d = a), when @a
 * is negative, when the result sets *d's sign bit, or when bits are lost.
 */
#define check_shl_overflow(a, s, d) __must_check_overflow(({			\
	__typeof__(a) __kc_a = (a);						\
	__typeof__(s) __kc_s = (s);						\
	__typeof__(d) __kc_d = (d);						\
	unsigned long long __kc_full = __kc_a;					\
	unsigned int __kc_shift =						\
		is_non_negative(__kc_s) && __kc_s < 8 * sizeof(*__kc_d) ? __kc_s : 0; \
	*__kc_d = (__kc_full << __kc_shift);					\
	(__kc_shift != __kc_s || is_negative(*__kc_d) || is_negative(__kc_a) ||	\
	 (*__kc_d >> __kc_shift) != __kc_a); }))

/* Whether the value @x would not fit a @T (a type or an expression of that type). */
#define __overflows_type_constexpr(x, T)					\
	__builtin_choose_expr(is_unsigned_type(__typeof__(x)), (x) > type_max(T), \
	__builtin_choose_expr(is_unsigned_type(__typeof__(T)),			\
			      is_negative(x) || (x) > type_max(T),		\
			      (x) < type_min(T) || (x) > type_max(T)))

#define __overflows_type(x, T) ({						\
	__typeof__(T) __kc_v = 0;						\
	check_add_overflow((x), __kc_v, &__kc_v); })

/* A constant expression for a constant @n. */
#define overflows_type(n, T)							\
	__builtin_choose_expr(__is_constexpr(n), __overflows_type_constexpr(n, T), \
			      __overflows_type(n, T))

/* For a constant: whether it fits a @T; for a variable: whether it already is one. */
#define castable_to_type(n, T)							\
	__builtin_choose_expr(__is_constexpr(n), !__overflows_type_constexpr(n, T), \
			      __builtin_types_compatible_p(__typeof__(n), __typeof__(T)))

/* Whether [start, start + size) goes past @max (or wraps). */
#define range_overflows(start, size, max) ({					\
	__typeof__(start) __kc_start = (start);					\
	__typeof__(size) __kc_size = (size);					\
	__typeof__(max) __kc_max = (max);					\
	__kc_start >= __kc_max || __kc_size > __kc_max - __kc_start; })
#define range_overflows_t(type, start, size, max)				\
	range_overflows((type)(start), (type)(size), (type)(max))
#define range_end_overflows(start, size, max) ({				\
	__typeof__(start) __kc_start = (start);					\
	__typeof__(size) __kc_size = (size);					\
	__typeof__(max) __kc_max = (max);					\
	__kc_start > __kc_max || __kc_size > __kc_max - __kc_start; })
#define range_end_overflows_t(type, start, size, max)				\
	range_end_overflows((type)(start), (type)(size), (type)(max))

/* Sizes that saturate at SIZE_MAX, so an overflowed size makes the allocation fail. */
static inline size_t __attribute__((warn_unused_result)) size_mul(size_t factor1, size_t factor2)
{
	size_t bytes;

	if (check_mul_overflow(factor1, factor2, &bytes))
		return __SIZE_MAX__;
	return bytes;
}

static inline size_t __attribute__((warn_unused_result)) size_add(size_t addend1, size_t addend2)
{
	size_t bytes;

	if (check_add_overflow(addend1, addend2, &bytes))
		return __SIZE_MAX__;
	return bytes;
}

/* SIZE_MAX in either operand stays SIZE_MAX: it is an earlier overflow. */
static inline size_t __attribute__((warn_unused_result)) size_sub(size_t minuend,
								   size_t subtrahend)
{
	size_t bytes;

	if (minuend == __SIZE_MAX__ || subtrahend == __SIZE_MAX__ ||
	    check_sub_overflow(minuend, subtrahend, &bytes))
		return __SIZE_MAX__;
	return bytes;
}

#define array_size(a, b) size_mul(a, b)
#define array3_size(a, b, c) size_mul(size_mul(a, b), c)

/* 0, and a build error when @a is a pointer rather than an array. */
#define __kc_must_be_array(a)							\
	((int)sizeof(struct { int : (-!!__builtin_types_compatible_p(__typeof__(a),	\
								   __typeof__(&(a)[0]))); }))

#define flex_array_size(p, member, count)					\
	__builtin_choose_expr(__is_constexpr(count),				\
		(count) * sizeof(*(p)->member) + __kc_must_be_array((p)->member),	\
		size_mul(count, sizeof(*(p)->member) + __kc_must_be_array((p)->member)))

#define struct_size(p, member, count)						\
	__builtin_choose_expr(__is_constexpr(count),				\
		sizeof(*(p)) + flex_array_size(p, member, count),		\
		size_add(sizeof(*(p)), flex_array_size(p, member, count)))

#define struct_size_t(type, member, count) struct_size((type *)NULL, member, count)

/* An on-stack @type with room for @count elements of its flexible array @member. */
#define __DEFINE_FLEX(type, name, member, count, trailer...)			\
	_Static_assert(__builtin_constant_p(count),				\
		       "onstack flex array members require compile-time const count"); \
	union {									\
		unsigned char bytes[struct_size_t(type, member, count)];	\
		type obj;							\
	} name##_u trailer;							\
	type *name = (type *)&name##_u

#define _DEFINE_FLEX(type, name, member, count, initializer...)		\
	__DEFINE_FLEX(type, name, member, count, = { .obj initializer })
#define DEFINE_RAW_FLEX(type, name, member, count)				\
	__DEFINE_FLEX(type, name, member, count, = { })
#define DEFINE_FLEX(TYPE, NAME, MEMBER, COUNTER, COUNT)			\
	_DEFINE_FLEX(TYPE, NAME, MEMBER, COUNT, = { .COUNTER = COUNT, })

#ifndef __member_size
#define __member_size(p) __builtin_object_size(p, 1)
#endif
#ifndef __struct_size
#define __struct_size(p) __builtin_object_size(p, 0)
#endif

/* The element count of an on-stack flexible array made by DEFINE_FLEX(). */
#define STACK_FLEX_ARRAY_SIZE(name, array)					\
	(__member_size((name)->array) / sizeof(*(name)->array) +		\
	 __kc_must_be_array((name)->array))

/* The type of a flexible array's __counted_by counter (size_t when it has none). */
#ifndef __flex_counter
#define __flex_counter(FAM) ((void *)NULL)
#endif
#define typeof_flex_counter(FAM)						\
	__typeof__(_Generic(__flex_counter(FAM), void *: (size_t)0, default: *__flex_counter(FAM)))
#define overflows_flex_counter_type(TYPE, FAM, COUNT)				\
	(overflows_type(COUNT, typeof_flex_counter(((TYPE *)NULL)->FAM)))
#define __set_flex_counter(FAM, COUNT) ({					\
	*_Generic(__flex_counter(FAM), void *: &(size_t){ 0 },		\
		  default: __flex_counter(FAM)) = (COUNT); })

#endif /* __LINUX_OVERFLOW_H */
