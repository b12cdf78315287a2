/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the kernel's multiplicative hashes (golden-ratio constants), giving the same
 * bucket for the same value as the kernel does.
 */
#ifndef _LINUX_HASH_H
#define _LINUX_HASH_H

#include <linux/types.h>
#include <asm-generic/bitsperlong.h>

#define GOLDEN_RATIO_32 0x61C88647
#define GOLDEN_RATIO_64 0x61C8864680B583EBull

#if BITS_PER_LONG == 32
#define GOLDEN_RATIO_PRIME GOLDEN_RATIO_32
#define hash_long(val, bits) hash_32(val, bits)
#else
#define GOLDEN_RATIO_PRIME GOLDEN_RATIO_64
#define hash_long(val, bits) hash_64(val, bits)
#endif

/* The 32-bit product before the top bits are taken. */
static inline u32 __hash_32_generic(u32 val)
{
	return val * GOLDEN_RATIO_32;
}
#define __hash_32 __hash_32_generic

/* The top @bits bits of the product: a value in [0, 2^bits). */
static inline u32 hash_32_generic(u32 val, unsigned int bits)
{
	return __hash_32(val) >> (32 - bits);
}
#define hash_32 hash_32_generic

static inline u32 hash_64_generic(u64 val, unsigned int bits)
{
#if BITS_PER_LONG == 64
	return val * GOLDEN_RATIO_64 >> (64 - bits);
#else
	return hash_32((u32)val ^ __hash_32(val >> 32), bits);
#endif
}
#define hash_64 hash_64_generic

static inline u32 hash_ptr(const void *ptr, unsigned int bits)
{
	return hash_long((unsigned long)ptr, bits);
}

/* A 32-bit hash of a pointer, for when bits is not known. */
static inline u32 hash32_ptr(const void *ptr)
{
	unsigned long val = (unsigned long)ptr;

#if BITS_PER_LONG == 64
	val ^= (val >> 32);
#endif
	return (u32)val;
}

#endif /* _LINUX_HASH_H */
