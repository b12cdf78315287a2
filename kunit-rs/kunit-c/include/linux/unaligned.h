/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: unaligned little/big-endian loads and stores. */
#ifndef _LINUX_UNALIGNED_H
#define _LINUX_UNALIGNED_H

#include <linux/types.h>

#define __KUNIT_C_GET(bits)						\
	static inline u##bits get_unaligned_le##bits(const void *p)	\
	{ u##bits v = 0; for (int i = bits / 8 - 1; i >= 0; i--) v = (v << 8) | ((const u8 *)p)[i]; return v; } \
	static inline u##bits get_unaligned_be##bits(const void *p)	\
	{ u##bits v = 0; for (int i = 0; i < bits / 8; i++) v = (v << 8) | ((const u8 *)p)[i]; return v; } \
	static inline void put_unaligned_le##bits(u##bits v, void *p)	\
	{ for (int i = 0; i < bits / 8; i++) ((u8 *)p)[i] = (u8)(v >> (8 * i)); } \
	static inline void put_unaligned_be##bits(u##bits v, void *p)	\
	{ for (int i = 0; i < bits / 8; i++) ((u8 *)p)[bits / 8 - 1 - i] = (u8)(v >> (8 * i)); }
__KUNIT_C_GET(16)
__KUNIT_C_GET(32)
__KUNIT_C_GET(64)
#undef __KUNIT_C_GET

#define get_unaligned(ptr) ({ __unqual_scalar_typeof(*(ptr)) __v; __builtin_memcpy(&__v, (ptr), sizeof(__v)); __v; })
#define put_unaligned(val, ptr) do { __typeof__(*(ptr)) __v = (val); __builtin_memcpy((ptr), &__v, sizeof(__v)); } while (0)

#endif /* _LINUX_UNALIGNED_H */
