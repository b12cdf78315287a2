/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: searching bitmaps (the kernel's lib/find_bit.c API). Each search returns the
 * index of the bit found, or @size when there is none, as in the kernel.
 */
#ifndef __LINUX_FIND_H_
#define __LINUX_FIND_H_

/* Self-contained (the kernel's may only come through <linux/bitmap.h>): bits.h only. */
#include <linux/bits.h>

/* Which words a search reads: a, ~a, a & b, a & ~b, a | b. */
enum __kc_find_op { __KC_FIND_A, __KC_FIND_NOT_A, __KC_FIND_AND, __KC_FIND_ANDNOT, __KC_FIND_OR };

static inline unsigned long __kc_find_word(const unsigned long *a, const unsigned long *b,
					   enum __kc_find_op op, unsigned long idx)
{
	switch (op) {
	case __KC_FIND_NOT_A:
		return ~a[idx];
	case __KC_FIND_AND:
		return a[idx] & b[idx];
	case __KC_FIND_ANDNOT:
		return a[idx] & ~b[idx];
	case __KC_FIND_OR:
		return a[idx] | b[idx];
	default:
		return a[idx];
	}
}

/* The first set bit at or after @start of the combined words, or @size. */
static inline unsigned long __kc_find_next(const unsigned long *a, const unsigned long *b,
					   enum __kc_find_op op, unsigned long size,
					   unsigned long start)
{
	unsigned long idx, word, found;

	if (start >= size)
		return size;
	idx = start / BITS_PER_LONG;
	word = __kc_find_word(a, b, op, idx) & (~0UL << (start % BITS_PER_LONG));
	while (!word) {
		idx++;
		if (idx * BITS_PER_LONG >= size)
			return size;
		word = __kc_find_word(a, b, op, idx);
	}
	found = idx * BITS_PER_LONG + __builtin_ctzl(word);
	return found < size ? found : size;
}

/* The @n-th (0-based) set bit of the combined words, or @size. */
static inline unsigned long __kc_find_nth(const unsigned long *a, const unsigned long *b,
					  enum __kc_find_op op, unsigned long size, unsigned long n)
{
	unsigned long bit = __kc_find_next(a, b, op, size, 0);

	while (bit < size && n--)
		bit = __kc_find_next(a, b, op, size, bit + 1);
	return bit;
}

static inline unsigned long find_next_bit(const unsigned long *addr, unsigned long size,
					  unsigned long offset)
{
	return __kc_find_next(addr, addr, __KC_FIND_A, size, offset);
}

static inline unsigned long find_next_and_bit(const unsigned long *addr1,
					      const unsigned long *addr2, unsigned long size,
					      unsigned long offset)
{
	return __kc_find_next(addr1, addr2, __KC_FIND_AND, size, offset);
}

static inline unsigned long find_next_andnot_bit(const unsigned long *addr1,
						 const unsigned long *addr2, unsigned long size,
						 unsigned long offset)
{
	return __kc_find_next(addr1, addr2, __KC_FIND_ANDNOT, size, offset);
}

static inline unsigned long find_next_or_bit(const unsigned long *addr1,
					     const unsigned long *addr2, unsigned long size,
					     unsigned long offset)
{
	return __kc_find_next(addr1, addr2, __KC_FIND_OR, size, offset);
}

static inline unsigned long find_next_zero_bit(const unsigned long *addr, unsigned long size,
					       unsigned long offset)
{
	return __kc_find_next(addr, addr, __KC_FIND_NOT_A, size, offset);
}

static inline unsigned long find_first_bit(const unsigned long *addr, unsigned long size)
{
	return find_next_bit(addr, size, 0);
}

static inline unsigned long find_first_and_bit(const unsigned long *addr1,
					       const unsigned long *addr2, unsigned long size)
{
	return find_next_and_bit(addr1, addr2, size, 0);
}

static inline unsigned long find_first_andnot_bit(const unsigned long *addr1,
						  const unsigned long *addr2, unsigned long size)
{
	return find_next_andnot_bit(addr1, addr2, size, 0);
}

static inline unsigned long find_first_zero_bit(const unsigned long *addr, unsigned long size)
{
	return find_next_zero_bit(addr, size, 0);
}

static inline unsigned long find_nth_bit(const unsigned long *addr, unsigned long size,
					 unsigned long n)
{
	return __kc_find_nth(addr, addr, __KC_FIND_A, size, n);
}

static inline unsigned long find_nth_and_bit(const unsigned long *addr1,
					     const unsigned long *addr2, unsigned long size,
					     unsigned long n)
{
	return __kc_find_nth(addr1, addr2, __KC_FIND_AND, size, n);
}

static inline unsigned long find_nth_andnot_bit(const unsigned long *addr1,
						const unsigned long *addr2, unsigned long size,
						unsigned long n)
{
	return __kc_find_nth(addr1, addr2, __KC_FIND_ANDNOT, size, n);
}

/* The last set bit below @size, or @size when there is none. */
static inline unsigned long find_last_bit(const unsigned long *addr, unsigned long size)
{
	unsigned long idx, word;

	if (!size)
		return size;
	idx = (size - 1) / BITS_PER_LONG;
	word = addr[idx] & (~0UL >> (-size % BITS_PER_LONG));
	for (;;) {
		if (word)
			return idx * BITS_PER_LONG + (BITS_PER_LONG - 1 - __builtin_clzl(word));
		if (!idx)
			return size;
		word = addr[--idx];
	}
}

/* From @offset to the end, then from 0 up to @offset; @size when no bit is set. */
static inline unsigned long find_next_bit_wrap(const unsigned long *addr, unsigned long size,
					       unsigned long offset)
{
	unsigned long bit = find_next_bit(addr, size, offset);

	if (bit < size || offset == 0)
		return bit;
	bit = find_first_bit(addr, offset);
	return bit < offset ? bit : size;
}

/* As find_next_bit_wrap(), for the bits set in both @addr1 and @addr2. */
static inline unsigned long find_next_and_bit_wrap(const unsigned long *addr1,
						   const unsigned long *addr2,
						   unsigned long size, unsigned long offset)
{
	unsigned long bit = find_next_and_bit(addr1, addr2, size, offset);

	if (bit < size || offset == 0)
		return bit;
	bit = find_next_and_bit(addr1, addr2, offset, 0);
	return bit < offset ? bit : size;
}

/* The next set bit of a wrapped search that began at @start and is now at @n. */
static inline unsigned long __for_each_wrap(const unsigned long *bitmap, unsigned long size,
					    unsigned long start, unsigned long n)
{
	unsigned long bit;

	if (n > start) {
		bit = find_next_bit(bitmap, size, n);
		if (bit < size)
			return bit;
		n = 0;
	}
	bit = find_next_bit(bitmap, start, n);
	return bit < start ? bit : size;
}

#define for_each_set_bit(bit, addr, size)					\
	for ((bit) = 0; (bit) = find_next_bit((addr), (size), (bit)), (bit) < (size); (bit)++)
#define for_each_and_bit(bit, addr1, addr2, size)				\
	for ((bit) = 0;								\
	     (bit) = find_next_and_bit((addr1), (addr2), (size), (bit)), (bit) < (size); \
	     (bit)++)
#define for_each_andnot_bit(bit, addr1, addr2, size)				\
	for ((bit) = 0;								\
	     (bit) = find_next_andnot_bit((addr1), (addr2), (size), (bit)), (bit) < (size); \
	     (bit)++)
#define for_each_or_bit(bit, addr1, addr2, size)				\
	for ((bit) = 0;								\
	     (bit) = find_next_or_bit((addr1), (addr2), (size), (bit)), (bit) < (size); \
	     (bit)++)
#define for_each_set_bit_from(bit, addr, size)					\
	for (; (bit) = find_next_bit((addr), (size), (bit)), (bit) < (size); (bit)++)
#define for_each_clear_bit(bit, addr, size)					\
	for ((bit) = 0;								\
	     (bit) = find_next_zero_bit((addr), (size), (bit)), (bit) < (size);	\
	     (bit)++)
#define for_each_clear_bit_from(bit, addr, size)				\
	for (; (bit) = find_next_zero_bit((addr), (size), (bit)), (bit) < (size); (bit)++)

/* Runs of set bits: [b, e) for each. */
#define for_each_set_bitrange(b, e, addr, size)					\
	for ((b) = 0;								\
	     (b) = find_next_bit((addr), (size), b),				\
	     (e) = find_next_zero_bit((addr), (size), (b) + 1),			\
	     (b) < (size);							\
	     (b) = (e) + 1)
#define for_each_clear_bitrange(b, e, addr, size)				\
	for ((b) = 0;								\
	     (b) = find_next_zero_bit((addr), (size), (b)),			\
	     (e) = find_next_bit((addr), (size), (b) + 1),			\
	     (b) < (size);							\
	     (b) = (e) + 1)

/* Every set bit, starting at @start and wrapping around. */
#define for_each_set_bit_wrap(bit, addr, size, start)				\
	for ((bit) = find_next_bit_wrap((addr), (size), (start));		\
	     (bit) < (size);							\
	     (bit) = __for_each_wrap((addr), (size), (start), (bit) + 1))

#endif /* __LINUX_FIND_H_ */
