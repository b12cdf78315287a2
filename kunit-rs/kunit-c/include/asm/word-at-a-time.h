/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: finding a zero byte in a word at a time (little-endian), the interface
 * lib/string.c's strscpy() uses: has_zero() marks the high bit of each byte that may be
 * zero (exact up to the first zero byte), create_zero_mask() turns that into a mask of the
 * bytes before the first zero, find_zero() counts them; load_unaligned_zeropad().
 */
#ifndef _ASM_WORD_AT_A_TIME_H
#define _ASM_WORD_AT_A_TIME_H

#include <linux/compiler.h>
#include <linux/kernel.h>
#include <asm/page.h>

#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "kunit-c: asm/word-at-a-time.h is written for little-endian hosts"
#endif

struct word_at_a_time {
	const unsigned long one_bits, high_bits;
};

#define WORD_AT_A_TIME_CONSTANTS { REPEAT_BYTE(0x01), REPEAT_BYTE(0x80) }

static inline unsigned long has_zero(unsigned long a, unsigned long *bits,
				     const struct word_at_a_time *c)
{
	unsigned long mask = ((a - c->one_bits) & ~a) & c->high_bits;

	*bits = mask;
	return mask;
}

static inline unsigned long prep_zero_mask(unsigned long a, unsigned long bits,
					   const struct word_at_a_time *c)
{
	(void)a;
	(void)c;
	return bits;
}

static inline unsigned long create_zero_mask(unsigned long bits)
{
	bits = (bits - 1) & ~bits;
	return bits >> 7;
}

static inline unsigned long find_zero(unsigned long mask)
{
	return mask ? (unsigned long)(8 * sizeof(long) - __builtin_clzl(mask)) >> 3 : 0;
}

#define zero_bytemask(mask) (mask)

/*
 * The unsigned long at @addr, which need not be aligned, for callers (the dcache's name hash,
 * siphash) that know its first byte is readable but not the rest: x86 loads the whole word
 * and, if that faults on the next page, zeroes the bytes there. Here nothing is read past
 * @addr's page: the bytes beyond it are read as zero (the high bytes, little-endian).
 */
static inline unsigned long load_unaligned_zeropad(const void *addr)
{
	const unsigned char *p = (const unsigned char *)addr;
	unsigned long in_page = PAGE_SIZE - ((unsigned long)p & (PAGE_SIZE - 1));
	unsigned long ret = 0;

	if (in_page >= sizeof(ret)) {
		__builtin_memcpy(&ret, p, sizeof(ret));
		return ret;
	}
	__builtin_memcpy(&ret, p, in_page);
	return ret;
}

#endif /* _ASM_WORD_AT_A_TIME_H */
