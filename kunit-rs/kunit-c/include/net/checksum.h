/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: checksum arithmetic helpers on top of asm/checksum.h. */
#ifndef _NET_CHECKSUM_H
#define _NET_CHECKSUM_H

#include <asm/checksum.h>

/* a + b with end-around carry. */
/* A 32-bit one's-complement sum folded to 16 bits, not complemented (newer kernels' helper). */
static inline u16 csum_from32to16(u32 sum)
{
	sum = (sum & 0xffff) + (sum >> 16);
	sum = (sum & 0xffff) + (sum >> 16);
	return (u16)sum;
}

static inline __wsum csum_add(__wsum csum, __wsum addend)
{
	u32 res = (u32)csum + (u32)addend;

	return (__wsum)(res + (res < (u32)addend));
}

static inline __wsum csum_sub(__wsum csum, __wsum addend)
{
	return csum_add(csum, ~addend);
}

static inline __sum16 csum16_add(__sum16 csum, __be16 addend)
{
	u16 res = (u16)csum + addend;

	return (__sum16)(res + (res < addend));
}

static inline __wsum csum_unfold(__sum16 n)
{
	return (__wsum)n;
}

#define CSUM_MANGLED_0 ((__sum16)0xffff)

#endif /* _NET_CHECKSUM_H */
