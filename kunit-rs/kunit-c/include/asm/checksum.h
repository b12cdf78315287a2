/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the Internet checksum primitives, implemented by kunit-arch (feature c-abi):
 * link it into the test binary.
 */
#ifndef _ASM_CHECKSUM_H
#define _ASM_CHECKSUM_H

#include <linux/types.h>
#include <linux/byteorder.h>

/* The one's-complement sum of buff[0..len) added to sum (any value ≡ mod 0xffff). */
__wsum csum_partial(const void *buff, int len, __wsum sum);
/* Folds a 32-bit partial sum to 16 bits and complements it. */
__sum16 csum_fold(__wsum sum);
/* The checksum of an IPv4 header of ihl 32-bit words. */
__sum16 ip_fast_csum(const void *iph, unsigned int ihl);
/* The pseudo-header sum of TCP/UDP over IPv4, not folded. */
__wsum csum_tcpudp_nofold(__be32 saddr, __be32 daddr, __u32 len, __u8 proto,
			  __wsum sum);

static inline __sum16 csum_tcpudp_magic(__be32 saddr, __be32 daddr, __u32 len,
					__u8 proto, __wsum sum)
{
	return csum_fold(csum_tcpudp_nofold(saddr, daddr, len, proto, sum));
}

/*
 * The checksum of buff[0..len) with no initial sum. Out of line as lib/checksum.c defines
 * it; kunit-c's glue has a weak definition for when that file is not linked.
 */
__sum16 ip_compute_csum(const void *buff, int len);

#endif /* _ASM_CHECKSUM_H */
