/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: ip_compute_csum(), which <asm/checksum.h> declares out of line because
 * lib/checksum.c defines it. Weak: linking lib/checksum.c replaces it.
 */
#include "glue.h"

/* __wsum and __sum16 as <linux/types.h> has them. */
unsigned int csum_partial(const void *buff, int len, unsigned int sum);
unsigned short csum_fold(unsigned int sum);

KC_WEAK unsigned short ip_compute_csum(const void *buff, int len)
{
	return csum_fold(csum_partial(buff, len, 0));
}
