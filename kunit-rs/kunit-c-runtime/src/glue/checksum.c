/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: csum_partial() and ip_compute_csum(), which <asm/checksum.h> declares out of
 * line as x86 defines them, and csum_fold(). Weak: a definition linked in replaces each.
 */
#include "glue.h"

/* __wsum and __sum16 as <linux/types.h> has them. */
unsigned short csum_fold(unsigned int sum);

/*
 * The 32-bit one's-complement sum of the 16-bit words of buff[0..len) in memory order (a
 * last odd byte as the low-address half of a word), added to @sum. What x86's (and UML's)
 * arch/x86/lib/csum-partial_64.c gives once folded; weak, so kunit-arch's or a linked
 * lib/checksum.c's replaces it.
 */
KC_WEAK unsigned int csum_partial(const void *buff, int len, unsigned int sum)
{
	const unsigned char *p = buff;
	unsigned long long acc = sum;
	unsigned short word;
	int i;

	for (i = 0; i + 1 < len; i += 2) {
		__builtin_memcpy(&word, p + i, 2);
		acc += word;
	}
	if (len > 0 && (len & 1)) {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
		acc += p[len - 1];
#else
		acc += (unsigned int)p[len - 1] << 8;
#endif
	}
	while (acc >> 32)
		acc = (acc & 0xffffffffULL) + (acc >> 32);
	return (unsigned int)acc;
}

/* csum_fold(csum_partial(buff, len, 0)), out of line as lib/checksum.c and x86 define it. */
KC_WEAK unsigned short ip_compute_csum(const void *buff, int len)
{
	return csum_fold(csum_partial(buff, len, 0));
}

/*
 * The 32-bit partial sum folded to 16 bits and complemented. Weak: an architecture's (or
 * kunit-arch's) definition replaces it; the kernel's generic one is inline in
 * asm-generic/checksum.h, which lib/checksum.c users get.
 */
KC_WEAK unsigned short csum_fold(unsigned int sum)
{
	sum = (sum & 0xffff) + (sum >> 16);
	sum = (sum & 0xffff) + (sum >> 16);
	return (unsigned short)~sum;
}

static unsigned int to_be32_(unsigned int x)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	return __builtin_bswap32(x);
#else
	return x;
#endif
}

/* One's-complement 32-bit addition: the carry out comes back in at the bottom. */
static unsigned int add32_(unsigned int a, unsigned int b)
{
	unsigned int s = a + b;

	return s + (s < b);
}

/*
 * The IPv6 pseudo-header checksum (RFC 8200 8.1): the addresses' 32-bit words, the length
 * and the next header in network order, added to @sum, folded. What a kernel without an
 * architecture version links (net/ipv6/ip6_checksum.c); weak, so kunit-arch's or a linked
 * file's replaces it. The addresses are 16 bytes each (struct in6_addr).
 */
KC_WEAK unsigned short csum_ipv6_magic(const void *saddr, const void *daddr, unsigned int len,
				       unsigned char proto, unsigned int sum)
{
	const unsigned char *addr[2] = { saddr, daddr };
	unsigned int word;
	int a, i;

	for (a = 0; a < 2; a++)
		for (i = 0; i < 16; i += 4) {
			__builtin_memcpy(&word, addr[a] + i, 4);
			sum = add32_(sum, word);
		}
	sum = add32_(sum, to_be32_(len));
	sum = add32_(sum, to_be32_(proto));
	return csum_fold(sum);
}
