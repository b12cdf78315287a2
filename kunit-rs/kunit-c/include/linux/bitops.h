/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: bit rotations and __ffs. (Helper kc-lib owns the full bitops.h; take theirs at merge.) */
#ifndef _LINUX_BITOPS_H
#define _LINUX_BITOPS_H

#include <linux/types.h>

/* The shift is masked on both sides, so a rotation by 0 (or by the width) is the identity. */
#define __KUNIT_C_ROTATE(bits)							\
	static inline u##bits rol##bits(u##bits word, unsigned int shift)	\
	{									\
		return (u##bits)((word << (shift & (bits - 1))) |		\
				 (word >> ((-shift) & (bits - 1))));		\
	}									\
	static inline u##bits ror##bits(u##bits word, unsigned int shift)	\
	{									\
		return (u##bits)((word >> (shift & (bits - 1))) |		\
				 (word << ((-shift) & (bits - 1))));		\
	}
__KUNIT_C_ROTATE(8)
__KUNIT_C_ROTATE(16)
__KUNIT_C_ROTATE(32)
__KUNIT_C_ROTATE(64)
#undef __KUNIT_C_ROTATE

/* Index of the lowest set bit; undefined for 0, as in the kernel. */
static inline unsigned long __ffs(unsigned long word)
{
	return (unsigned long)__builtin_ctzl(word);
}

#endif /* _LINUX_BITOPS_H */
