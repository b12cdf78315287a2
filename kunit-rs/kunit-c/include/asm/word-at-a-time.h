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
 * siphash, strscpy) that know its first byte is readable but not the rest: x86 loads the
 * whole word and, if that faults on the next page, zeroes the bytes there. Here nothing is
 * read past @addr's page: near its end, the aligned word holding @addr (which cannot cross
 * it) is read and shifted, so the bytes beyond the page read as zero (the high bytes,
 * little-endian). x86's version is assembly, unseen by KASAN; so this one is not checked by
 * AddressSanitizer: the word's tail may lie past the object (a string's NUL), as intended.
 */
#ifdef __SANITIZE_ADDRESS__
static __no_sanitize_address __maybe_unused
#else
static inline
#endif
unsigned long load_unaligned_zeropad(const void *addr)
{
	unsigned long a = (unsigned long)addr;
	unsigned long ret;

	if (PAGE_SIZE - (a & (PAGE_SIZE - 1)) >= sizeof(ret)) {
		__builtin_memcpy(&ret, addr, sizeof(ret));
		return ret;
	}
	/* Fewer than 8 bytes left in the page: @addr is not aligned, so the shift is < 64. */
	__builtin_memcpy(&ret, (const void *)(a & ~(sizeof(ret) - 1)), sizeof(ret));
	return ret >> (8 * (a & (sizeof(ret) - 1)));
}

#endif /* _ASM_WORD_AT_A_TIME_H */
