/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: base64 coding, defined by the kernel's lib/base64.c. */
#ifndef _LINUX_BASE64_H
#define _LINUX_BASE64_H

#include <linux/types.h>
#include <linux/math.h>

enum base64_variant {
	BASE64_STD,	/* RFC 4648, section 4 */
	BASE64_URLSAFE, /* RFC 4648, section 5 (base64url) */
	BASE64_IMAP,	/* RFC 3501 (modified for IMAP) */
};

/* Characters needed for @nbytes of input, without padding. */
#define BASE64_CHARS(nbytes) DIV_ROUND_UP((nbytes) * 4, 3)

/* Both return the length written, decoding -1 on bad input. */
int base64_encode(const u8 *src, int len, char *dst, bool padding, enum base64_variant variant);
int base64_decode(const char *src, int len, u8 *dst, bool padding, enum base64_variant variant);

#endif /* _LINUX_BASE64_H */
