/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: BIT() and GENMASK() families. The typed forms have their type (BIT_U8() is a
 * u8), and a constant out-of-range argument (GENMASK(0, 1), BIT_U8(8)) fails the build,
 * as in the kernel.
 */
#ifndef __LINUX_BITS_H
#define __LINUX_BITS_H

#include <stdbool.h>
#include <linux/const.h>
#include <asm-generic/bitsperlong.h>
#include <linux/overflow.h>

#define BIT(nr) (UL(1) << (nr))
#define BIT_ULL(nr) (ULL(1) << (nr))
#define BIT_MASK(nr) (UL(1) << ((nr) % BITS_PER_LONG))
#define BIT_WORD(nr) ((nr) / BITS_PER_LONG)
#define BIT_ULL_MASK(nr) (ULL(1) << ((nr) % BITS_PER_LONG_LONG))
#define BIT_ULL_WORD(nr) ((nr) / BITS_PER_LONG_LONG)
#define BITS_PER_BYTE 8
#define BITS_PER_TYPE(type) (sizeof(type) * BITS_PER_BYTE)

/* A build error when the constant @e is true; 0 (an int) otherwise. */
#define __kc_bits_check(e) ((int)(sizeof(struct { int : (-!!(e)); })))
/* @x when it is a constant expression, else false (a run-time value is not checked). */
#ifndef const_true
#define const_true(x) __builtin_choose_expr(__is_constexpr(x), x, false)
#endif

#define GENMASK_INPUT_CHECK(h, l) __kc_bits_check(const_true((l) > (h)))

/* Untyped masks as the UAPI header has them: bits l..h of an unsigned long. */
#define __GENMASK(h, l)								\
	((~_UL(0) << (l)) & (~_UL(0) >> (__BITS_PER_LONG - 1 - (h))))
#define __GENMASK_ULL(h, l)							\
	((~_ULL(0) << (l)) & (~_ULL(0) >> (__BITS_PER_LONG_LONG - 1 - (h))))
#define __GENMASK_U128(h, l)							\
	((~(unsigned __int128)0 << (l)) & (~(unsigned __int128)0 >> (127 - (h))))

/* Bits l..h set in a @t: all-ones of @t shifted into place from both ends. */
#define __kc_type_all_ones(t) ((t)~(t)0)
#define GENMASK_TYPE(t, h, l)							\
	((t)(GENMASK_INPUT_CHECK(h, l) +					\
	     (__kc_type_all_ones(t) << (l) &					\
	      __kc_type_all_ones(t) >> (BITS_PER_TYPE(t) - 1 - (h)))))

#define GENMASK(h, l) GENMASK_TYPE(unsigned long, h, l)
#define GENMASK_ULL(h, l) GENMASK_TYPE(unsigned long long, h, l)
#define GENMASK_U8(h, l) GENMASK_TYPE(unsigned char, h, l)
#define GENMASK_U16(h, l) GENMASK_TYPE(unsigned short, h, l)
#define GENMASK_U32(h, l) GENMASK_TYPE(unsigned int, h, l)
#define GENMASK_U64(h, l) GENMASK_TYPE(unsigned long long, h, l)
#define GENMASK_U128(h, l) GENMASK_TYPE(unsigned __int128, h, l)

#define BIT_INPUT_CHECK(type, nr) __kc_bits_check(const_true((nr) >= BITS_PER_TYPE(type)))
#define BIT_TYPE(type, nr) ((type)(BIT_INPUT_CHECK(type, nr) + BIT_ULL(nr)))
#define BIT_U8(nr) BIT_TYPE(unsigned char, nr)
#define BIT_U16(nr) BIT_TYPE(unsigned short, nr)
#define BIT_U32(nr) BIT_TYPE(unsigned int, nr)
#define BIT_U64(nr) BIT_TYPE(unsigned long long, nr)

#endif /* __LINUX_BITS_H */
