/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: hexadecimal digits (lib/hexdump.c's interface; kunit-c's glue has them, weakly,
 * so lib/hexdump.c can be linked instead).
 */
#ifndef _LINUX_HEX_H
#define _LINUX_HEX_H

#include <linux/types.h>

extern const char hex_asc[];
#define hex_asc_lo(x) hex_asc[((x) & 0x0f)]
#define hex_asc_hi(x) hex_asc[((x) & 0xf0) >> 4]

static inline char *hex_byte_pack(char *buf, u8 byte)
{
	*buf++ = hex_asc_hi(byte);
	*buf++ = hex_asc_lo(byte);
	return buf;
}

extern const char hex_asc_upper[];
#define hex_asc_upper_lo(x) hex_asc_upper[((x) & 0x0f)]
#define hex_asc_upper_hi(x) hex_asc_upper[((x) & 0xf0) >> 4]

static inline char *hex_byte_pack_upper(char *buf, u8 byte)
{
	*buf++ = hex_asc_upper_hi(byte);
	*buf++ = hex_asc_upper_lo(byte);
	return buf;
}

/* The value of hex digit ch, or -1. */
int hex_to_bin(unsigned char ch);
/* Decodes 2 * count hex digits of src into dst; 0 or -EINVAL. */
int __must_check hex2bin(u8 *dst, const char *src, size_t count);
/* Writes count bytes of src as 2 * count lowercase hex digits; returns the end of dst. */
char *bin2hex(char *dst, const void *src, size_t count);

#endif /* _LINUX_HEX_H */
