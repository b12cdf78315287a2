/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: bitmaps, arrays of unsigned long holding @nbits bits, with the kernel's API.
 * Bits past @nbits in the last word are "don't care": operations that report (weight,
 * equal, empty, ...) ignore them, as in the kernel.
 */
#ifndef _LINUX_BITMAP_H
#define _LINUX_BITMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <linux/align.h>
#include <linux/bitops.h>
#include <linux/bitmap-str.h>
#include <linux/errno.h>
#include <linux/find.h>
#include <linux/limits.h>
#include <linux/math.h>
#include <linux/string.h>
#include <linux/types.h>

#define DECLARE_BITMAP(name, bits) unsigned long name[BITS_TO_LONGS(bits)]

/* Bits @start.. of a word; bits ..@nbits-1 of the last word (all for a full word). */
#define BITMAP_FIRST_WORD_MASK(start) (~0UL << ((start) & (BITS_PER_LONG - 1)))
#define BITMAP_LAST_WORD_MASK(nbits) (~0UL >> (-(nbits) & (BITS_PER_LONG - 1)))

#define bitmap_size(nbits) (BITS_TO_LONGS(nbits) * sizeof(unsigned long))

static inline void bitmap_zero(unsigned long *dst, unsigned int nbits)
{
	__builtin_memset(dst, 0, bitmap_size(nbits));
}

static inline void bitmap_fill(unsigned long *dst, unsigned int nbits)
{
	__builtin_memset(dst, 0xff, bitmap_size(nbits));
}

static inline void bitmap_copy(unsigned long *dst, const unsigned long *src, unsigned int nbits)
{
	__builtin_memcpy(dst, src, bitmap_size(nbits));
}

/* As bitmap_copy(), clearing the bits past @nbits in the last word. */
static inline void bitmap_copy_clear_tail(unsigned long *dst, const unsigned long *src,
					  unsigned int nbits)
{
	bitmap_copy(dst, src, nbits);
	if (nbits % BITS_PER_LONG)
		dst[nbits / BITS_PER_LONG] &= BITMAP_LAST_WORD_MASK(nbits);
}

#define __kc_bitmap_words(nbits) BITS_TO_LONGS(nbits)

/* dst = src1 & src2; true when the result has a bit set. */
static inline bool bitmap_and(unsigned long *dst, const unsigned long *src1,
			      const unsigned long *src2, unsigned int nbits)
{
	unsigned long any = 0;
	unsigned int k;

	for (k = 0; k < __kc_bitmap_words(nbits); k++) {
		dst[k] = src1[k] & src2[k];
		any |= k + 1 == __kc_bitmap_words(nbits) ? dst[k] & BITMAP_LAST_WORD_MASK(nbits)
							  : dst[k];
	}
	return any != 0;
}

static inline bool bitmap_andnot(unsigned long *dst, const unsigned long *src1,
				 const unsigned long *src2, unsigned int nbits)
{
	unsigned long any = 0;
	unsigned int k;

	for (k = 0; k < __kc_bitmap_words(nbits); k++) {
		dst[k] = src1[k] & ~src2[k];
		any |= k + 1 == __kc_bitmap_words(nbits) ? dst[k] & BITMAP_LAST_WORD_MASK(nbits)
							  : dst[k];
	}
	return any != 0;
}

static inline void bitmap_or(unsigned long *dst, const unsigned long *src1,
			     const unsigned long *src2, unsigned int nbits)
{
	unsigned int k;

	for (k = 0; k < __kc_bitmap_words(nbits); k++)
		dst[k] = src1[k] | src2[k];
}

static inline void bitmap_xor(unsigned long *dst, const unsigned long *src1,
			      const unsigned long *src2, unsigned int nbits)
{
	unsigned int k;

	for (k = 0; k < __kc_bitmap_words(nbits); k++)
		dst[k] = src1[k] ^ src2[k];
}

static inline void bitmap_complement(unsigned long *dst, const unsigned long *src,
				     unsigned int nbits)
{
	unsigned int k;

	for (k = 0; k < __kc_bitmap_words(nbits); k++)
		dst[k] = ~src[k];
}

/* dst = (old & ~mask) | (new & mask) */
static inline void bitmap_replace(unsigned long *dst, const unsigned long *old,
				  const unsigned long *new_bits, const unsigned long *mask,
				  unsigned int nbits)
{
	unsigned int k;

	for (k = 0; k < __kc_bitmap_words(nbits); k++)
		dst[k] = (old[k] & ~mask[k]) | (new_bits[k] & mask[k]);
}

/* Applies @test to each word pair, the last one masked to @nbits; false at the first miss. */
#define __kc_bitmap_all(src1, src2, nbits, test) ({				\
	unsigned int __k, __n = __kc_bitmap_words(nbits);			\
	bool __ok = true;							\
	for (__k = 0; __ok && __k < __n; __k++) {				\
		unsigned long __m = __k + 1 == __n ? BITMAP_LAST_WORD_MASK(nbits) : ~0UL; \
		unsigned long __a = (src1)[__k] & __m, __b = (src2)[__k] & __m;	\
		__ok = (test);							\
	}									\
	__ok; })

static inline bool bitmap_equal(const unsigned long *src1, const unsigned long *src2,
				unsigned int nbits)
{
	return __kc_bitmap_all(src1, src2, nbits, __a == __b);
}

static inline bool bitmap_intersects(const unsigned long *src1, const unsigned long *src2,
				     unsigned int nbits)
{
	return !__kc_bitmap_all(src1, src2, nbits, !(__a & __b));
}

/* True when every bit of @src1 is also in @src2. */
static inline bool bitmap_subset(const unsigned long *src1, const unsigned long *src2,
				 unsigned int nbits)
{
	return __kc_bitmap_all(src1, src2, nbits, !(__a & ~__b));
}

/* True when (src1 | src2) == src3. */
static inline bool bitmap_or_equal(const unsigned long *src1, const unsigned long *src2,
				   const unsigned long *src3, unsigned int nbits)
{
	unsigned int k, n = __kc_bitmap_words(nbits);

	for (k = 0; k < n; k++) {
		unsigned long m = k + 1 == n ? BITMAP_LAST_WORD_MASK(nbits) : ~0UL;

		if (((src1[k] | src2[k]) ^ src3[k]) & m)
			return false;
	}
	return true;
}

static inline bool bitmap_empty(const unsigned long *src, unsigned int nbits)
{
	return find_first_bit(src, nbits) == nbits;
}

static inline bool bitmap_full(const unsigned long *src, unsigned int nbits)
{
	return find_first_zero_bit(src, nbits) == nbits;
}

static inline unsigned int bitmap_weight(const unsigned long *src, unsigned int nbits)
{
	unsigned int k, w = 0, n = nbits / BITS_PER_LONG;

	for (k = 0; k < n; k++)
		w += hweight_long(src[k]);
	if (nbits % BITS_PER_LONG)
		w += hweight_long(src[k] & BITMAP_LAST_WORD_MASK(nbits));
	return w;
}

static inline unsigned int bitmap_weight_and(const unsigned long *src1,
					     const unsigned long *src2, unsigned int nbits)
{
	unsigned int k, w = 0, n = nbits / BITS_PER_LONG;

	for (k = 0; k < n; k++)
		w += hweight_long(src1[k] & src2[k]);
	if (nbits % BITS_PER_LONG)
		w += hweight_long(src1[k] & src2[k] & BITMAP_LAST_WORD_MASK(nbits));
	return w;
}

static inline unsigned int bitmap_weight_andnot(const unsigned long *src1,
						const unsigned long *src2, unsigned int nbits)
{
	unsigned int k, w = 0, n = nbits / BITS_PER_LONG;

	for (k = 0; k < n; k++)
		w += hweight_long(src1[k] & ~src2[k]);
	if (nbits % BITS_PER_LONG)
		w += hweight_long(src1[k] & ~src2[k] & BITMAP_LAST_WORD_MASK(nbits));
	return w;
}

/* Sets bits start..start+nbits-1. */
static inline void bitmap_set(unsigned long *map, unsigned int start, unsigned int nbits)
{
	unsigned int end = start + nbits;

	while (start < end) {
		unsigned int room = BITS_PER_LONG - start % BITS_PER_LONG;
		unsigned int len = end - start < room ? end - start : room;
		unsigned long mask = BITMAP_FIRST_WORD_MASK(start) &
				     BITMAP_LAST_WORD_MASK(start % BITS_PER_LONG + len);

		map[BIT_WORD(start)] |= mask;
		start += len;
	}
}

static inline void bitmap_clear(unsigned long *map, unsigned int start, unsigned int nbits)
{
	unsigned int end = start + nbits;

	while (start < end) {
		unsigned int room = BITS_PER_LONG - start % BITS_PER_LONG;
		unsigned int len = end - start < room ? end - start : room;
		unsigned long mask = BITMAP_FIRST_WORD_MASK(start) &
				     BITMAP_LAST_WORD_MASK(start % BITS_PER_LONG + len);

		map[BIT_WORD(start)] &= ~mask;
		start += len;
	}
}

/* dst = src >> shift, within @nbits bits (the vacated high bits are zero). */
static inline void bitmap_shift_right(unsigned long *dst, const unsigned long *src,
				      unsigned int shift, unsigned int nbits)
{
	unsigned int i;

	for (i = 0; i < nbits; i++) {
		bool bit = i + shift < nbits && test_bit(i + shift, src);

		__assign_bit(i, dst, bit);
	}
}

/* dst = src << shift, within @nbits bits (bits shifted past @nbits are lost). */
static inline void bitmap_shift_left(unsigned long *dst, const unsigned long *src,
				     unsigned int shift, unsigned int nbits)
{
	unsigned int i;

	for (i = nbits; i-- > 0;) {
		bool bit = i >= shift && test_bit(i - shift, src);

		__assign_bit(i, dst, bit);
	}
}

/*
 * The first run of @nr clear bits at or after @start, in [0, @size), whose index is a
 * multiple of @align_mask + 1 (plus @align_offset); a value > @size - @nr when none.
 * Out of line, as lib/bitmap.c (which the kernel always links) defines it; kunit-c's glue
 * has a weak definition for when lib/bitmap.c is not linked.
 */
unsigned long bitmap_find_next_zero_area_off(unsigned long *map, unsigned long size,
					     unsigned long start, unsigned int nr,
					     unsigned long align_mask, unsigned long align_offset);

/*
 * A bitmap of @nbits from the slab (zeroed: bitmap_zalloc()), NULL when out of memory;
 * bitmap_free() frees it. lib/bitmap.c's, out of line as there (glue: weak).
 */
unsigned long *bitmap_alloc(unsigned int nbits, gfp_t flags);
unsigned long *bitmap_zalloc(unsigned int nbits, gfp_t flags);
void bitmap_free(const unsigned long *bitmap);

static inline unsigned long bitmap_find_next_zero_area(unsigned long *map, unsigned long size,
						       unsigned long start, unsigned int nr,
						       unsigned long align_mask)
{
	return bitmap_find_next_zero_area_off(map, size, start, nr, align_mask, 0);
}

/* The 8 bits at @start (a multiple of 8). */
static inline unsigned long bitmap_get_value8(const unsigned long *map, unsigned long start)
{
	return (map[BIT_WORD(start)] >> (start % BITS_PER_LONG)) & 0xff;
}

static inline void bitmap_set_value8(unsigned long *map, unsigned long value,
				     unsigned long start)
{
	unsigned long offset = start % BITS_PER_LONG;

	map[BIT_WORD(start)] &= ~(0xffUL << offset);
	map[BIT_WORD(start)] |= (value & 0xff) << offset;
}

/* @nbits (1..BITS_PER_LONG) bits at @start, as a number; 0 for nbits 0 or > BITS_PER_LONG. */
static inline unsigned long bitmap_read(const unsigned long *map, unsigned long start,
					unsigned long nbits)
{
	unsigned long value = 0, i;

	if (!nbits || nbits > BITS_PER_LONG)
		return 0;
	for (i = 0; i < nbits; i++)
		value |= (unsigned long)test_bit(start + i, map) << i;
	return value;
}

static inline void bitmap_write(unsigned long *map, unsigned long value, unsigned long start,
				unsigned long nbits)
{
	unsigned long i;

	if (!nbits || nbits > BITS_PER_LONG)
		return;
	for (i = 0; i < nbits; i++)
		__assign_bit(start + i, map, (value >> i) & 1);
}

/*
 * To and from arrays of u32 (word 0 holds bits 0..31). Out of line on 64-bit, as lib/bitmap.c
 * defines them; kunit-c's glue has weak definitions for when it is not linked.
 */
void bitmap_from_arr32(unsigned long *bitmap, const u32 *buf, unsigned int nbits);
void bitmap_to_arr32(u32 *buf, const unsigned long *bitmap, unsigned int nbits);

/*
 * Remapping bits through a pair of maps (<linux/nodemask.h>'s node remapping): lib/bitmap.c
 * defines them (bitmap_onto() and bitmap_fold() under CONFIG_NUMA); declared only, so a file
 * that calls one links lib/bitmap.c.
 */
void bitmap_remap(unsigned long *dst, const unsigned long *src, const unsigned long *old,
		  const unsigned long *new, unsigned int nbits);
int bitmap_bitremap(int oldbit, const unsigned long *old, const unsigned long *new, int bits);
void bitmap_onto(unsigned long *dst, const unsigned long *orig, const unsigned long *relmap,
		 unsigned int bits);
void bitmap_fold(unsigned long *dst, const unsigned long *orig, unsigned int sz,
		 unsigned int nbits);

static inline void bitmap_from_arr64(unsigned long *bitmap, const u64 *buf, unsigned int nbits)
{
	unsigned int i;

	bitmap_zero(bitmap, nbits);
	for (i = 0; i < nbits; i++)
		if (buf[i / 64] & (1ULL << (i % 64)))
			__set_bit(i, bitmap);
}

static inline void bitmap_to_arr64(u64 *buf, const unsigned long *bitmap, unsigned int nbits)
{
	unsigned int i;

	for (i = 0; i < BITS_TO_U64(nbits); i++)
		buf[i] = 0;
	for (i = 0; i < nbits; i++)
		if (test_bit(i, bitmap))
			buf[i / 64] |= 1ULL << (i % 64);
}

static inline void bitmap_from_u64(unsigned long *dst, u64 mask)
{
	bitmap_from_arr64(dst, &mask, 64);
}

#endif /* _LINUX_BITMAP_H */
