/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: word sizes, from the compiler's own data model. */
#ifndef __ASM_GENERIC_BITS_PER_LONG
#define __ASM_GENERIC_BITS_PER_LONG

#define BITS_PER_LONG (__SIZEOF_LONG__ * 8)
#define __BITS_PER_LONG BITS_PER_LONG
#define BITS_PER_LONG_LONG 64
#define __BITS_PER_LONG_LONG 64

/* True for a compile-time bit count that fits one word, where bitmaps take a fast path. */
#define small_const_nbits(nbits)						\
	(__builtin_constant_p(nbits) && (nbits) <= BITS_PER_LONG && (nbits) > 0)

#endif /* __ASM_GENERIC_BITS_PER_LONG */
