/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: lib/base64.c's interface (the kernel's <linux/base64.h>). */
#ifndef _LINUX_BASE64_H
#define _LINUX_BASE64_H

#include <linux/types.h>

enum base64_variant {
	BASE64_STD,	/* RFC 4648 (standard) */
	BASE64_URLSAFE,	/* RFC 4648 (base64url) */
	BASE64_IMAP,	/* RFC 3501 */
};

/* The length of the encoding of nbytes bytes, padded. */
#define BASE64_CHARS(nbytes) ((((nbytes) + 2) / 3) * 4)

int base64_encode(const u8 *src, int len, char *dst, bool padding, enum base64_variant variant);
int base64_decode(const char *src, int len, u8 *dst, bool padding, enum base64_variant variant);

#endif /* _LINUX_BASE64_H */
