/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: byte swaps (the compiler's bswap builtins), the kernel's names. */
#ifndef _LINUX_SWAB_H
#define _LINUX_SWAB_H

#include <linux/types.h>

#define __swab16(x) ((__u16)__builtin_bswap16((__u16)(x)))
#define __swab32(x) ((__u32)__builtin_bswap32((__u32)(x)))
#define __swab64(x) ((__u64)__builtin_bswap64((__u64)(x)))
#define swab16 __swab16
#define swab32 __swab32
#define swab64 __swab64

/* The two 16-bit halves exchanged; the bytes of each half exchanged. */
#define __swahw32(x) ((__u32)((((__u32)(x)) << 16) | (((__u32)(x)) >> 16)))
#define __swahb32(x)								\
	((__u32)(((((__u32)(x)) & 0x00ff00ffu) << 8) | ((((__u32)(x)) & 0xff00ff00u) >> 8)))
#define swahw32 __swahw32
#define swahb32 __swahb32

static inline unsigned long __swab(unsigned long y)
{
	return sizeof(y) == 8 ? (unsigned long)__swab64(y) : (unsigned long)__swab32(y);
}
#define swab(y) __swab(y)

/* Through a pointer, and in place. */
static inline __u16 __swab16p(const __u16 *p) { return __swab16(*p); }
static inline __u32 __swab32p(const __u32 *p) { return __swab32(*p); }
static inline __u64 __swab64p(const __u64 *p) { return __swab64(*p); }
static inline void __swab16s(__u16 *p) { *p = __swab16p(p); }
static inline void __swab32s(__u32 *p) { *p = __swab32p(p); }
static inline void __swab64s(__u64 *p) { *p = __swab64p(p); }
#define swab16p __swab16p
#define swab32p __swab32p
#define swab64p __swab64p
#define swab16s __swab16s
#define swab32s __swab32s
#define swab64s __swab64s

#endif /* _LINUX_SWAB_H */
