/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: the halves of a word, and a byte repeated across one. */
#ifndef _LINUX_WORDPART_H
#define _LINUX_WORDPART_H

/* The shift is split in two so a 32-bit @n does not shift by its full width. */
#define upper_32_bits(n) ((u32)(((n) >> 16) >> 16))
#define lower_32_bits(n) ((u32)((n) & 0xffffffff))
#define upper_16_bits(n) ((u16)((n) >> 16))
#define lower_16_bits(n) ((u16)((n) & 0xffff))

/* @x (a byte) in every byte of an unsigned long, or of a u32. */
#define REPEAT_BYTE(x) ((~0ul / 0xff) * (x))
#define REPEAT_BYTE_U32(x) lower_32_bits(REPEAT_BYTE(x))


#endif /* _LINUX_WORDPART_H */
