/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: register bitfields described by a contiguous mask (FIELD_PREP/FIELD_GET and
 * the typed _encode_bits and _get_bits helpers). A constant mask that is 0 or has holes, or a
 * constant value that does not fit, fails the build, as in the kernel.
 */
#ifndef _LINUX_BITFIELD_H
#define _LINUX_BITFIELD_H

#include <linux/bits.h>
#include <linux/bitops.h>
#include <linux/byteorder.h>
#include <linux/compiler.h>
#include <linux/types.h>

/* The shift of a mask: the index of its lowest set bit. */
#define __bf_shf(x) (__builtin_ffsll(x) - 1)

/* 0, and a build error when the constant @e is true (a run-time value is not checked). */
#define __kc_bf_check(e) __kc_bits_check(const_true(e))

#define __kc_bf_low(mask) (1ULL << __bf_shf(mask))
/* A contiguous mask plus its lowest bit is a power of two (or 0 at the top). */
#define __kc_bf_holes(mask)							\
	((((unsigned long long)(mask) + __kc_bf_low(mask)) &			\
	  ((unsigned long long)(mask) + __kc_bf_low(mask) - 1)) != 0)

#define __BF_FIELD_CHECK_MASK(mask)						\
	(__kc_bf_check((mask) == 0) + __kc_bf_check(__kc_bf_holes(mask)))
#define __BF_FIELD_CHECK_VAL(mask, val)						\
	__kc_bf_check(~((unsigned long long)(mask) >> __bf_shf(mask)) &		\
		      (unsigned long long)(val))

/* The largest value the field holds. */
#define FIELD_MAX(mask)								\
	((__typeof__(mask))(__BF_FIELD_CHECK_MASK(mask) + ((mask) >> __bf_shf(mask))))

/* Whether @val fits the field. */
#define FIELD_FIT(mask, val)							\
	(__BF_FIELD_CHECK_MASK(mask) +						\
	 !((((__typeof__(mask))(val)) << __bf_shf(mask)) & ~(mask)))

/* @val shifted into the field. */
#define FIELD_PREP(mask, val)							\
	((__typeof__(mask))(__BF_FIELD_CHECK_MASK(mask) + __BF_FIELD_CHECK_VAL(mask, val) + \
			    ((((__typeof__(mask))(val)) << __bf_shf(mask)) & (mask))))

/* FIELD_PREP() in a constant expression (case labels, initialisers). */
#define FIELD_PREP_CONST(mask, val)						\
	(__BF_FIELD_CHECK_MASK(mask) + __BF_FIELD_CHECK_VAL(mask, val) +	\
	 (((__typeof__(mask))(val) << __bf_shf(mask)) & (mask)))

/* The field's value in @reg. */
#define FIELD_GET(mask, reg)							\
	((__typeof__(mask))(__BF_FIELD_CHECK_MASK(mask) + (((reg) & (mask)) >> __bf_shf(mask))))

/* Replaces the field in *@reg_p with @val. */
#define FIELD_MODIFY(mask, reg_p, val) ({					\
	__typeof__(reg_p) __kc_rp = (reg_p);					\
	*__kc_rp = (*__kc_rp & ~(mask)) | FIELD_PREP(mask, val); })

/* Forms for a mask known only at run time. */
#define field_prep(mask, val) ({						\
	__typeof__(mask) __kc_m = (mask);					\
	(((__typeof__(__kc_m))(val)) << __bf_shf(__kc_m)) & __kc_m; })
#define field_get(mask, reg) ({							\
	__typeof__(mask) __kc_m = (mask);					\
	((reg) & __kc_m) >> __bf_shf(__kc_m); })

/* The lowest bit of @field, and the field's width as a right-aligned mask. */
#define field_multiplier(field) ((field) & -(field))
#define field_mask(field) ((field) / field_multiplier(field))
#define field_max(field) ((__typeof__(field))field_mask(field))

/* u8..u64, le16..le64, be16..be64 _encode_bits(v, field) and friends (on __u8, __le16, ...). */
#define __KC_BF_OPS(type, base, to, from)					\
	static inline __attribute__((warn_unused_result)) __##type		\
	type##_encode_bits(base v, base field)					\
	{									\
		return to((v & field_mask(field)) * field_multiplier(field));	\
	}									\
	static inline __attribute__((warn_unused_result)) __##type		\
	type##_replace_bits(__##type old, base val, base field)			\
	{									\
		return (old & ~to(field)) | type##_encode_bits(val, field);	\
	}									\
	static inline void type##p_replace_bits(__##type *p, base val, base field)	\
	{									\
		*p = (*p & ~to(field)) | type##_encode_bits(val, field);	\
	}									\
	static inline __attribute__((warn_unused_result)) base			\
	type##_get_bits(__##type v, base field)					\
	{									\
		return (from(v) & field) / field_multiplier(field);		\
	}

#define __kc_bf_same(x) (x)
#define __KC_BF_OPS_SIZE(size)							\
	__KC_BF_OPS(le##size, u##size, cpu_to_le##size, le##size##_to_cpu)	\
	__KC_BF_OPS(be##size, u##size, cpu_to_be##size, be##size##_to_cpu)	\
	__KC_BF_OPS(u##size, u##size, __kc_bf_same, __kc_bf_same)
__KC_BF_OPS(u8, u8, __kc_bf_same, __kc_bf_same)
__KC_BF_OPS_SIZE(16)
__KC_BF_OPS_SIZE(32)
__KC_BF_OPS_SIZE(64)
#undef __KC_BF_OPS_SIZE
#undef __KC_BF_OPS

#endif /* _LINUX_BITFIELD_H */
