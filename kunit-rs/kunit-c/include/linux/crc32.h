/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: CRC-32 and CRC-32C, defined by the kernel's lib/crc/crc32-main.c */
#ifndef _KUNIT_C_LINUX_CRC32_H
#define _KUNIT_C_LINUX_CRC32_H

#if __has_include_next(<linux/crc32.h>)
/* A tree that has the header (linux-6.12) keeps its own: its declarations are its code's. */
#include_next <linux/crc32.h>
#else
#include <linux/bits.h>
#include <linux/types.h>

/* Bit-reflected CRC-32 (IEEE 802.3) of @len bytes from @crc; no inversion here. */
u32 crc32_le(u32 crc, const void *p, size_t len);
/* The same polynomial, not reflected. */
u32 crc32_be(u32 crc, const void *p, size_t len);
/* Bit-reflected CRC-32C (Castagnoli). */
u32 crc32c(u32 crc, const void *p, size_t len);

/* The architecture's accelerations in use (none: the generic table code). */
#define CRC32_LE_OPTIMIZATION BIT(0)
#define CRC32_BE_OPTIMIZATION BIT(1)
#define CRC32C_OPTIMIZATION BIT(2)
#ifdef CONFIG_CRC32_ARCH
u32 crc32_optimizations(void);
#else
static inline u32 crc32_optimizations(void)
{
	return 0;
}
#endif

#define crc32(seed, data, length) crc32_le(seed, (const void *)(data), length)
#endif

#endif /* _KUNIT_C_LINUX_CRC32_H */
