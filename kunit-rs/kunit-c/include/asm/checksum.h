/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the Internet checksum primitives as x86 (and UML) provides them: csum_fold(),
 * ip_fast_csum() and csum_tcpudp_nofold() inline, csum_partial() and ip_compute_csum() out
 * of line (kunit-c's glue, or kunit-arch with feature c-abi).
 */
#ifndef _ASM_CHECKSUM_H
#define _ASM_CHECKSUM_H

#include <linux/types.h>
#include <linux/byteorder.h>

/*
 * The 32-bit one's-complement partial sum of buff[0..len) added to sum. Out of line as the
 * kernel's x86 has it (arch/x86/lib/csum-partial_64.c); kunit-c's glue has a weak definition
 * for when no other is linked.
 */
__wsum csum_partial(const void *buff, int len, __wsum sum);

/*
 * The inlines x86 (and so UML) gives, in plain C with the same results. The self-named
 * macros say "the arch has it" to code that checks, as asm-generic/checksum.h users do.
 */

/* One's-complement 32-bit addition: the carry out comes back in at the bottom. */
static inline __u32 __kc_add32_with_carry(__u32 a, __u32 b)
{
	__u32 s = a + b;

	return s + (s < b);
}

/* Folds a 32-bit partial sum to 16 bits (end-around carry) and complements it. */
#define csum_fold csum_fold
static inline __sum16 csum_fold(__wsum csum)
{
	__u32 sum = (__force __u32)csum;

	sum = (sum & 0xffff) + (sum >> 16);
	sum = (sum & 0xffff) + (sum >> 16);
	return (__force __sum16)(~sum & 0xffff);
}

/*
 * The checksum of an IPv4 header of ihl 32-bit words (ihl >= 5, as in every IPv4 header):
 * the one's-complement sum of the words, folded, complemented.
 */
#define ip_fast_csum ip_fast_csum
static inline __sum16 ip_fast_csum(const void *iph, unsigned int ihl)
{
	const unsigned char *p = (const unsigned char *)iph;
	__u32 sum = 0, word;
	unsigned int i;

	for (i = 0; i < ihl; i++) {
		__builtin_memcpy(&word, p + 4 * i, 4);
		sum = __kc_add32_with_carry(sum, word);
	}
	return csum_fold((__force __wsum)sum);
}

/*
 * The pseudo-header sum of TCP/UDP over IPv4, not folded: sum + daddr + saddr + the
 * length and protocol in network order, each addition with end-around carry, in x86's
 * order so the 32-bit value is the kernel's too.
 */
#define csum_tcpudp_nofold csum_tcpudp_nofold
static inline __wsum csum_tcpudp_nofold(__be32 saddr, __be32 daddr, __u32 len, __u8 proto,
					__wsum sum)
{
	__u64 s = (__u64)(__force __u32)sum + (__force __u32)daddr;

	s = (__u32)s + (__u64)(__force __u32)saddr + (s >> 32);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	s = (__u32)s + (__u64)((len + proto) << 8) + (s >> 32);
#else
	s = (__u32)s + (__u64)(len + proto) + (s >> 32);
#endif
	return (__force __wsum)(__u32)((__u32)s + (__u32)(s >> 32));
}

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
