/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: bit operations on unsigned long words and bitmaps. set_bit() and the other
 * unprefixed forms are atomic (the compiler's atomics); the __-prefixed ones are plain
 * loads and stores, as in the kernel. The bit searches are const functions on the
 * compiler's builtins.
 */
#ifndef _LINUX_BITOPS_H
#define _LINUX_BITOPS_H

#include <stdbool.h>
#include <linux/bits.h>
#include <linux/compiler.h>
#include <linux/types.h>
#include <asm-generic/barrier.h>

#ifndef __attribute_const__
#define __attribute_const__ __attribute__((__const__))
#endif

#define BITS_TO_LONGS(nr) __KERNEL_DIV_ROUND_UP(nr, BITS_PER_TYPE(long))
#define BITS_TO_U64(nr) __KERNEL_DIV_ROUND_UP(nr, BITS_PER_TYPE(u64))
#define BITS_TO_U32(nr) __KERNEL_DIV_ROUND_UP(nr, BITS_PER_TYPE(u32))
#define BITS_TO_BYTES(nr) __KERNEL_DIV_ROUND_UP(nr, BITS_PER_TYPE(char))

/* Index of the lowest set bit; undefined for 0. */
static inline __attribute_const__ unsigned long __ffs(unsigned long word)
{
	return __builtin_ctzl(word);
}

/* Index of the highest set bit; undefined for 0. */
static inline __attribute_const__ unsigned long __fls(unsigned long word)
{
	return BITS_PER_LONG - 1 - __builtin_clzl(word);
}

/* 1-based index of the lowest set bit, 0 for 0 (libc's ffs()). */
static inline __attribute_const__ int ffs(int x)
{
	return __builtin_ffs(x);
}

/* 1-based index of the highest set bit, 0 for 0. */
static inline __attribute_const__ int fls(unsigned int x)
{
	return x ? (int)(sizeof(x) * 8) - __builtin_clz(x) : 0;
}

static inline __attribute_const__ int fls64(u64 x)
{
	return x ? 64 - __builtin_clzll(x) : 0;
}

static inline __attribute_const__ unsigned int __ffs64(u64 word)
{
	return __builtin_ctzll(word);
}

/* Index of the lowest clear bit; undefined when every bit is set. */
#define ffz(x) __ffs(~(x))

/* Index of the @n-th (0-based) set bit of @word; BITS_PER_LONG when it has fewer. */
static inline unsigned int fns(unsigned long word, unsigned int n)
{
	while (word && n--)
		word &= word - 1;
	return word ? __ffs(word) : BITS_PER_LONG;
}

static inline unsigned int fls_long(unsigned long l)
{
	return l ? BITS_PER_LONG - __builtin_clzl(l) : 0;
}

static inline __attribute_const__ int get_bitmask_order(unsigned int count)
{
	return fls(count);
}

/* log2 of @count rounded up; -1 for 0. */
static inline __attribute_const__ int get_count_order(unsigned int count)
{
	if (count == 0)
		return -1;
	return fls(--count);
}

static inline int get_count_order_long(unsigned long l)
{
	if (l == 0UL)
		return -1;
	return (int)fls_long(--l);
}

static inline unsigned int __arch_hweight8(unsigned int w) { return __builtin_popcount(w & 0xff); }
static inline unsigned int __arch_hweight16(unsigned int w) { return __builtin_popcount(w & 0xffff); }
static inline unsigned int __arch_hweight32(unsigned int w) { return __builtin_popcount(w); }
static inline unsigned long __arch_hweight64(u64 w) { return __builtin_popcountll(w); }
#define hweight8(w) __arch_hweight8(w)
#define hweight16(w) __arch_hweight16(w)
#define hweight32(w) __arch_hweight32(w)
#define hweight64(w) __arch_hweight64(w)

static inline unsigned long hweight_long(unsigned long w)
{
	return __builtin_popcountl(w);
}

/* Rotations; any shift count is taken modulo the width. */
static inline u64 rol64(u64 word, unsigned int shift)
{
	return (word << (shift & 63)) | (word >> ((-shift) & 63));
}
static inline u64 ror64(u64 word, unsigned int shift)
{
	return (word >> (shift & 63)) | (word << ((-shift) & 63));
}
static inline u32 rol32(u32 word, unsigned int shift)
{
	return (word << (shift & 31)) | (word >> ((-shift) & 31));
}
static inline u32 ror32(u32 word, unsigned int shift)
{
	return (word >> (shift & 31)) | (word << ((-shift) & 31));
}
static inline u16 rol16(u16 word, unsigned int shift)
{
	return (u16)((word << (shift & 15)) | (word >> ((-shift) & 15)));
}
static inline u16 ror16(u16 word, unsigned int shift)
{
	return (u16)((word >> (shift & 15)) | (word << ((-shift) & 15)));
}
static inline u8 rol8(u8 word, unsigned int shift)
{
	return (u8)((word << (shift & 7)) | (word >> ((-shift) & 7)));
}
static inline u8 ror8(u8 word, unsigned int shift)
{
	return (u8)((word >> (shift & 7)) | (word << ((-shift) & 7)));
}

/* Sign-extends from bit @index (0-based) of @value. */
static inline s32 sign_extend32(u32 value, int index)
{
	u8 shift = 31 - index;

	return (s32)(value << shift) >> shift;
}

static inline s64 sign_extend64(u64 value, int index)
{
	u8 shift = 63 - index;

	return (s64)(value << shift) >> shift;
}

/* True when an odd number of bits are set. */
static inline bool parity8(u8 val) { return __builtin_parity(val); }
static inline bool parity16(u16 val) { return __builtin_parity(val); }
static inline bool parity32(u32 val) { return __builtin_parity(val); }
static inline bool parity64(u64 val) { return __builtin_parityll(val); }

#define __kc_bit_word(nr, addr) (((volatile unsigned long *)(addr)) + BIT_WORD(nr))

/* Atomic bit operations (relaxed for the plain forms, ordered for test_and_*). */
static inline void set_bit(long nr, volatile unsigned long *addr)
{
	__atomic_fetch_or(__kc_bit_word(nr, addr), BIT_MASK(nr), __ATOMIC_RELAXED);
}

static inline void clear_bit(long nr, volatile unsigned long *addr)
{
	__atomic_fetch_and(__kc_bit_word(nr, addr), ~BIT_MASK(nr), __ATOMIC_RELAXED);
}

static inline void change_bit(long nr, volatile unsigned long *addr)
{
	__atomic_fetch_xor(__kc_bit_word(nr, addr), BIT_MASK(nr), __ATOMIC_RELAXED);
}

static inline bool test_and_set_bit(long nr, volatile unsigned long *addr)
{
	return __atomic_fetch_or(__kc_bit_word(nr, addr), BIT_MASK(nr), __ATOMIC_SEQ_CST) &
	       BIT_MASK(nr);
}

static inline bool test_and_clear_bit(long nr, volatile unsigned long *addr)
{
	return __atomic_fetch_and(__kc_bit_word(nr, addr), ~BIT_MASK(nr), __ATOMIC_SEQ_CST) &
	       BIT_MASK(nr);
}

static inline bool test_and_change_bit(long nr, volatile unsigned long *addr)
{
	return __atomic_fetch_xor(__kc_bit_word(nr, addr), BIT_MASK(nr), __ATOMIC_SEQ_CST) &
	       BIT_MASK(nr);
}

static inline bool test_and_set_bit_lock(long nr, volatile unsigned long *addr)
{
	return __atomic_fetch_or(__kc_bit_word(nr, addr), BIT_MASK(nr), __ATOMIC_ACQUIRE) &
	       BIT_MASK(nr);
}

static inline void clear_bit_unlock(long nr, volatile unsigned long *addr)
{
	__atomic_fetch_and(__kc_bit_word(nr, addr), ~BIT_MASK(nr), __ATOMIC_RELEASE);
}

static inline bool test_bit(long nr, const volatile unsigned long *addr)
{
	return 1UL & (addr[BIT_WORD(nr)] >> (nr & (BITS_PER_LONG - 1)));
}

static inline bool test_bit_acquire(long nr, const volatile unsigned long *addr)
{
	return 1UL & (__atomic_load_n(&addr[BIT_WORD(nr)], __ATOMIC_ACQUIRE) >>
		      (nr & (BITS_PER_LONG - 1)));
}

/* Non-atomic forms: the caller excludes other writers of the word. */
static inline void __set_bit(long nr, volatile unsigned long *addr)
{
	*__kc_bit_word(nr, addr) |= BIT_MASK(nr);
}

static inline void __clear_bit(long nr, volatile unsigned long *addr)
{
	*__kc_bit_word(nr, addr) &= ~BIT_MASK(nr);
}

static inline void __change_bit(long nr, volatile unsigned long *addr)
{
	*__kc_bit_word(nr, addr) ^= BIT_MASK(nr);
}

static inline bool __test_and_set_bit(long nr, volatile unsigned long *addr)
{
	unsigned long old = *__kc_bit_word(nr, addr);

	*__kc_bit_word(nr, addr) = old | BIT_MASK(nr);
	return old & BIT_MASK(nr);
}

static inline bool __test_and_clear_bit(long nr, volatile unsigned long *addr)
{
	unsigned long old = *__kc_bit_word(nr, addr);

	*__kc_bit_word(nr, addr) = old & ~BIT_MASK(nr);
	return old & BIT_MASK(nr);
}

static inline bool __test_and_change_bit(long nr, volatile unsigned long *addr)
{
	unsigned long old = *__kc_bit_word(nr, addr);

	*__kc_bit_word(nr, addr) = old ^ BIT_MASK(nr);
	return old & BIT_MASK(nr);
}

#define assign_bit(nr, addr, value)						\
	((value) ? set_bit((nr), (addr)) : clear_bit((nr), (addr)))
#define __assign_bit(nr, addr, value)						\
	((value) ? __set_bit((nr), (addr)) : __clear_bit((nr), (addr)))

/*
 * The kernel reaches the bitmap and find_bit API from every test through its include chain
 * (kunit/test.h, slab.h, ...); here bitops.h brings them itself.
 */
#include <linux/bitmap.h>

#endif /* _LINUX_BITOPS_H */
