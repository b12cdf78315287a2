/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: ip_compute_csum(), which <asm/checksum.h> declares out of line because
 * lib/checksum.c defines it, and csum_fold(). Weak: a definition linked in replaces each.
 */
#include "glue.h"

/* __wsum and __sum16 as <linux/types.h> has them. */
unsigned int csum_partial(const void *buff, int len, unsigned int sum);
unsigned short csum_fold(unsigned int sum);

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
