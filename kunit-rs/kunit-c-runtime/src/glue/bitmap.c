/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: the bitmap functions <linux/bitmap.h> declares out of line because
 * lib/bitmap.c (always linked in the kernel) defines them. Weak: a test that links
 * lib/bitmap.c gets the kernel's definitions instead.
 */
#include <limits.h>
#include <stdint.h>

#include "glue.h"

#define KC_BITS_PER_LONG (sizeof(unsigned long) * CHAR_BIT)

static int test_bit_(unsigned long nr, const unsigned long *map)
{
	return (map[nr / KC_BITS_PER_LONG] >> (nr % KC_BITS_PER_LONG)) & 1;
}

/* The first bit in [start, size) equal to @want; @size when none. */
static unsigned long find_next_(const unsigned long *map, unsigned long size,
				unsigned long start, int want)
{
	for (; start < size; start++)
		if (test_bit_(start, map) == want)
			return start;
	return size;
}

KC_WEAK unsigned long bitmap_find_next_zero_area_off(unsigned long *map, unsigned long size,
						     unsigned long start, unsigned int nr,
						     unsigned long align_mask,
						     unsigned long align_offset)
{
	unsigned long index, end, i;

	for (;;) {
		index = find_next_(map, size, start, 0);
		/* Aligned to align_mask + 1, counted from -align_offset. */
		index = ((index + align_offset + align_mask) & ~align_mask) - align_offset;
		end = index + nr;
		if (end > size)
			return end;
		i = find_next_(map, end, index, 1);
		if (i >= end)
			return index;
		start = i + 1;
	}
}

KC_WEAK void bitmap_from_arr32(unsigned long *bitmap, const uint32_t *buf, unsigned int nbits)
{
	unsigned int i, words = (nbits + KC_BITS_PER_LONG - 1) / KC_BITS_PER_LONG;

	for (i = 0; i < words; i++)
		bitmap[i] = 0;
	for (i = 0; i < nbits; i++)
		if (buf[i / 32] & (1U << (i % 32)))
			bitmap[i / KC_BITS_PER_LONG] |= 1UL << (i % KC_BITS_PER_LONG);
}

KC_WEAK void bitmap_to_arr32(uint32_t *buf, const unsigned long *bitmap, unsigned int nbits)
{
	unsigned int i;

	for (i = 0; i < (nbits + 31) / 32; i++)
		buf[i] = 0;
	for (i = 0; i < nbits; i++)
		if (test_bit_(i, bitmap))
			buf[i / 32] |= 1U << (i % 32);
}

/* lib/bitmap.c's allocation: whole longs from the slab; an overflowing size fails. */
KC_WEAK unsigned long *bitmap_alloc(unsigned int nbits, kc_gfp_t flags)
{
	size_t longs = (nbits + KC_BITS_PER_LONG - 1) / KC_BITS_PER_LONG;

	return __kmalloc_noprof(longs * sizeof(unsigned long), flags);
}

KC_WEAK unsigned long *bitmap_zalloc(unsigned int nbits, kc_gfp_t flags)
{
	return bitmap_alloc(nbits, flags | KC_GFP_ZERO);
}

KC_WEAK void bitmap_free(const unsigned long *bitmap)
{
	kfree(bitmap);
}
