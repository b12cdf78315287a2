// SPDX-License-Identifier: GPL-2.0-only OR MIT
/* Our tests of <linux/bits.h>, <linux/bitops.h>, <linux/bitmap.h> and <linux/find.h>. */
#include <kunit/test.h>
#include <linux/bitmap.h>
#include <linux/bitops.h>
#include <linux/bits.h>
#include <linux/cpumask.h>
#include <linux/find.h>
#include <linux/prandom.h>
#include <linux/slab.h>
#include <linux/siphash.h>
#include <linux/swab.h>
#include <linux/wordpart.h>

#define kc_is_type(t, x) _Generic(x, t: 1, default: 0)

/* The typed macros have their type, and fold to constants. */
_Static_assert(kc_is_type(unsigned char, BIT_U8(3)), "BIT_U8 is a u8");
_Static_assert(kc_is_type(unsigned short, GENMASK_U16(9, 2)), "GENMASK_U16 is a u16");
_Static_assert(kc_is_type(unsigned long, GENMASK(5, 1)), "GENMASK is an unsigned long");
_Static_assert(GENMASK_ULL(63, 62) == 0xc000000000000000ull, "GENMASK_ULL top bits");
_Static_assert(BITS_TO_LONGS(65) == 2, "65 bits take two longs");

static void masks(struct kunit *test)
{
	int h = 7, l = 4;

	KUNIT_EXPECT_EQ(test, GENMASK(7, 4), 0xf0ul);
	KUNIT_EXPECT_EQ(test, GENMASK(h, l), 0xf0ul);
	KUNIT_EXPECT_EQ(test, GENMASK_U8(7, 7), 0x80);
	KUNIT_EXPECT_EQ(test, __GENMASK(3, 0), 0xful);
	KUNIT_EXPECT_EQ(test, __GENMASK_ULL(40, 39), 0x18000000000ull);
	KUNIT_EXPECT_EQ(test, (unsigned long long)(GENMASK_U128(100, 64) >> 64), 0x1fffffffffull);
	KUNIT_EXPECT_EQ(test, BIT(5), 32ul);
	KUNIT_EXPECT_EQ(test, BIT_ULL(40), 1ull << 40);
	KUNIT_EXPECT_EQ(test, BIT_MASK(65), 2ul);
	KUNIT_EXPECT_EQ(test, BIT_WORD(65), 1);
	KUNIT_EXPECT_EQ(test, GENMASK_INPUT_CHECK(h, l), 0);
}

static void bit_searches(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, ffs(0), 0);
	KUNIT_EXPECT_EQ(test, ffs(0x18), 4);
	KUNIT_EXPECT_EQ(test, fls(0), 0);
	KUNIT_EXPECT_EQ(test, fls(0x80000000u), 32);
	KUNIT_EXPECT_EQ(test, fls64(1ull << 40), 41);
	KUNIT_EXPECT_EQ(test, fls64(0), 0);
	KUNIT_EXPECT_EQ(test, __ffs(0x100UL), 8);
	KUNIT_EXPECT_EQ(test, __fls(0x101UL), 8);
	KUNIT_EXPECT_EQ(test, __ffs64(1ull << 63), 63);
	KUNIT_EXPECT_EQ(test, ffz(0xffUL), 8);
	KUNIT_EXPECT_EQ(test, fls_long(0), 0);
	KUNIT_EXPECT_EQ(test, fns(0x29UL, 0), 0);
	KUNIT_EXPECT_EQ(test, fns(0x29UL, 2), 5);
	KUNIT_EXPECT_EQ(test, fns(0x29UL, 3), BITS_PER_LONG);
	KUNIT_EXPECT_EQ(test, get_count_order(0), -1);
	KUNIT_EXPECT_EQ(test, get_count_order(1), 0);
	KUNIT_EXPECT_EQ(test, get_count_order(5), 3);
	KUNIT_EXPECT_EQ(test, get_count_order(8), 3);
	KUNIT_EXPECT_EQ(test, get_count_order_long(1UL << 40), 40);
	KUNIT_EXPECT_EQ(test, hweight8(0x1ff), 8);
	KUNIT_EXPECT_EQ(test, hweight16(0xf0f0f), 8);
	KUNIT_EXPECT_EQ(test, hweight32(0xffffffffu), 32);
	KUNIT_EXPECT_EQ(test, hweight64(~0ull), 64);
	KUNIT_EXPECT_EQ(test, hweight_long(5UL), 2);
	KUNIT_EXPECT_TRUE(test, parity8(7));
	KUNIT_EXPECT_FALSE(test, parity32(3));
}

static void rotations_and_sign_extension(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, rol32(0x80000001u, 1), 3u);
	KUNIT_EXPECT_EQ(test, ror32(3u, 1), 0x80000001u);
	KUNIT_EXPECT_EQ(test, rol32(0x12345678u, 32), 0x12345678u);
	KUNIT_EXPECT_EQ(test, rol64(1ull, 65), 2ull);
	KUNIT_EXPECT_EQ(test, ror64(1ull, 1), 1ull << 63);
	KUNIT_EXPECT_EQ(test, rol16(0x8001, 4), 0x0018);
	KUNIT_EXPECT_EQ(test, ror8(0x01, 1), 0x80);
	KUNIT_EXPECT_EQ(test, rol8(0x81, 1), 0x03);
	KUNIT_EXPECT_EQ(test, sign_extend32(0x80, 7), -128);
	KUNIT_EXPECT_EQ(test, sign_extend32(0x7f, 7), 127);
	KUNIT_EXPECT_EQ(test, sign_extend64(0xfffull, 11), -1ll);
}

static void atomic_and_plain_bit_ops(struct kunit *test)
{
	DECLARE_BITMAP(map, 130);

	bitmap_zero(map, 130);
	set_bit(129, map);
	KUNIT_EXPECT_EQ(test, map[2], 2ul);
	KUNIT_EXPECT_TRUE(test, test_bit(129, map));
	KUNIT_EXPECT_TRUE(test, test_and_clear_bit(129, map));
	KUNIT_EXPECT_FALSE(test, test_and_clear_bit(129, map));
	KUNIT_EXPECT_FALSE(test, test_and_set_bit(3, map));
	KUNIT_EXPECT_TRUE(test, test_and_set_bit(3, map));
	change_bit(3, map);
	KUNIT_EXPECT_FALSE(test, test_bit(3, map));
	KUNIT_EXPECT_FALSE(test, test_and_change_bit(64, map));
	KUNIT_EXPECT_TRUE(test, test_bit_acquire(64, map));
	__clear_bit(64, map);
	__set_bit(65, map);
	__change_bit(66, map);
	KUNIT_EXPECT_EQ(test, map[1], 6ul);
	KUNIT_EXPECT_TRUE(test, __test_and_clear_bit(65, map));
	KUNIT_EXPECT_FALSE(test, __test_and_set_bit(0, map));
	KUNIT_EXPECT_TRUE(test, __test_and_change_bit(0, map));
	assign_bit(7, map, true);
	__assign_bit(8, map, 1);
	KUNIT_EXPECT_EQ(test, map[0], 0x180ul);
	KUNIT_EXPECT_FALSE(test, test_and_set_bit_lock(9, map));
	clear_bit_unlock(9, map);
	KUNIT_EXPECT_FALSE(test, test_bit(9, map));
}

static void bitmap_ranges_and_weights(struct kunit *test)
{
	DECLARE_BITMAP(a, 200);
	DECLARE_BITMAP(b, 200);
	DECLARE_BITMAP(c, 200);

	bitmap_zero(a, 200);
	bitmap_set(a, 60, 10); /* crosses the first word boundary */
	KUNIT_EXPECT_EQ(test, a[0], 0xf000000000000000ul);
	KUNIT_EXPECT_EQ(test, a[1], 0x3ful);
	KUNIT_EXPECT_EQ(test, bitmap_weight(a, 200), 10);
	KUNIT_EXPECT_EQ(test, bitmap_weight(a, 64), 4);
	bitmap_clear(a, 62, 5);
	KUNIT_EXPECT_EQ(test, bitmap_weight(a, 200), 5);
	KUNIT_EXPECT_EQ(test, find_first_bit(a, 200), 60);
	KUNIT_EXPECT_EQ(test, find_next_bit(a, 200, 62), 67);
	KUNIT_EXPECT_EQ(test, find_last_bit(a, 200), 69);
	KUNIT_EXPECT_EQ(test, find_next_zero_bit(a, 200, 60), 62);
	KUNIT_EXPECT_EQ(test, find_nth_bit(a, 200, 2), 67);
	KUNIT_EXPECT_EQ(test, find_nth_bit(a, 200, 5), 200);

	bitmap_fill(b, 200);
	KUNIT_EXPECT_TRUE(test, bitmap_full(b, 200));
	KUNIT_EXPECT_TRUE(test, bitmap_subset(a, b, 200));
	KUNIT_EXPECT_FALSE(test, bitmap_subset(b, a, 200));
	KUNIT_EXPECT_TRUE(test, bitmap_andnot(c, b, a, 200));
	KUNIT_EXPECT_EQ(test, bitmap_weight(c, 200), 195);
	KUNIT_EXPECT_FALSE(test, bitmap_intersects(a, c, 200));
	KUNIT_EXPECT_FALSE(test, bitmap_and(c, a, c, 200));
	KUNIT_EXPECT_TRUE(test, bitmap_empty(c, 200));
	bitmap_or(c, a, c, 200);
	KUNIT_EXPECT_TRUE(test, bitmap_equal(a, c, 200));
	KUNIT_EXPECT_TRUE(test, bitmap_or_equal(a, c, a, 200));
	bitmap_xor(c, a, b, 200);
	KUNIT_EXPECT_EQ(test, bitmap_weight_and(c, a, 200), 0);
	KUNIT_EXPECT_EQ(test, bitmap_weight_andnot(b, a, 200), 195);
	bitmap_complement(c, a, 200);
	KUNIT_EXPECT_EQ(test, bitmap_weight(c, 200), 195);
}

static void bitmap_tail_bits_do_not_count(struct kunit *test)
{
	unsigned long x[1] = { 0xff00 }, y[1] = { 0x0f00 };

	/* Only the low 10 bits are in the bitmap; bits 10..15 differ. */
	KUNIT_EXPECT_TRUE(test, bitmap_equal(x, y, 10));
	KUNIT_EXPECT_FALSE(test, bitmap_equal(x, y, 16));
	KUNIT_EXPECT_EQ(test, bitmap_weight(x, 10), 2);
	KUNIT_EXPECT_TRUE(test, bitmap_full((unsigned long[]){ 0x3ff }, 10));
	KUNIT_EXPECT_TRUE(test, bitmap_empty((unsigned long[]){ ~0UL << 10 }, 10));
	bitmap_copy_clear_tail(x, y, 10);
	KUNIT_EXPECT_EQ(test, x[0], 0x300ul);
}

static void bitmap_shifts_values_and_arrays(struct kunit *test)
{
	DECLARE_BITMAP(a, 100);
	DECLARE_BITMAP(b, 100);
	u32 arr[4];
	u64 arr64[2];

	bitmap_zero(a, 100);
	__set_bit(0, a);
	__set_bit(99, a);
	bitmap_shift_left(b, a, 70, 100);
	KUNIT_EXPECT_EQ(test, find_first_bit(b, 100), 70);
	KUNIT_EXPECT_EQ(test, bitmap_weight(b, 100), 1);
	bitmap_shift_right(b, a, 99, 100);
	KUNIT_EXPECT_EQ(test, find_first_bit(b, 100), 0);
	KUNIT_EXPECT_EQ(test, bitmap_weight(b, 100), 1);

	bitmap_to_arr32(arr, a, 100);
	KUNIT_EXPECT_EQ(test, arr[0], 1u);
	KUNIT_EXPECT_EQ(test, arr[3], 1u << 3);
	bitmap_from_arr32(b, arr, 100);
	KUNIT_EXPECT_TRUE(test, bitmap_equal(a, b, 100));
	bitmap_to_arr64(arr64, a, 100);
	KUNIT_EXPECT_EQ(test, arr64[1], 1ull << 35);

	bitmap_zero(a, 100);
	bitmap_set_value8(a, 0xa5, 64);
	KUNIT_EXPECT_EQ(test, bitmap_get_value8(a, 64), 0xa5ul);
	bitmap_write(a, 0x1ff, 60, 9);
	KUNIT_EXPECT_EQ(test, bitmap_read(a, 60, 9), 0x1fful);
	KUNIT_EXPECT_EQ(test, bitmap_read(a, 60, 0), 0ul);
	bitmap_from_u64(a, 0x8000000000000001ull);
	KUNIT_EXPECT_EQ(test, find_last_bit(a, 64), 63);
}

static void zero_area_and_iteration(struct kunit *test)
{
	DECLARE_BITMAP(map, 64);
	unsigned long bit, end;
	unsigned int visits = 0, ranges = 0, wrapped[4], n = 0;

	bitmap_zero(map, 64);
	bitmap_set(map, 0, 3);
	bitmap_set(map, 8, 1);
	/* Four clear bits aligned to 4: 4..7 is clear. */
	KUNIT_EXPECT_EQ(test, bitmap_find_next_zero_area(map, 64, 0, 4, 3), 4);
	/* Five clear bits, unaligned: 3..7. */
	KUNIT_EXPECT_EQ(test, bitmap_find_next_zero_area(map, 64, 0, 5, 0), 3);
	/* Six: 9..14, past bit 8. */
	KUNIT_EXPECT_EQ(test, bitmap_find_next_zero_area(map, 64, 0, 6, 0), 9);
	/* No room: the result is past size - nr. */
	KUNIT_EXPECT_GT(test, bitmap_find_next_zero_area(map, 16, 0, 10, 0), 6);

	for_each_set_bit(bit, map, 64)
		visits++;
	KUNIT_EXPECT_EQ(test, visits, 4);
	visits = 0;
	for_each_clear_bit(bit, map, 16)
		visits++;
	KUNIT_EXPECT_EQ(test, visits, 12);
	for_each_set_bitrange(bit, end, map, 64)
		ranges++;
	KUNIT_EXPECT_EQ(test, ranges, 2);
	for_each_set_bit_wrap(bit, map, 64, 2)
		if (n < 4)
			wrapped[n++] = bit;
	KUNIT_EXPECT_EQ(test, n, 4);
	KUNIT_EXPECT_EQ(test, wrapped[0], 2);
	KUNIT_EXPECT_EQ(test, wrapped[1], 8);
	KUNIT_EXPECT_EQ(test, wrapped[2], 0);
	KUNIT_EXPECT_EQ(test, wrapped[3], 1);
	KUNIT_EXPECT_EQ(test, find_next_bit_wrap(map, 64, 9), 0);
	KUNIT_EXPECT_EQ(test, find_first_and_bit(map, (unsigned long[]){ 0x100 }, 64), 8);
	KUNIT_EXPECT_EQ(test, find_first_andnot_bit(map, (unsigned long[]){ 0x1 }, 64), 1);
	KUNIT_EXPECT_EQ(test, find_next_or_bit(map, (unsigned long[]){ 0x200 }, 64, 9), 9);
}

static void swabs_and_word_parts(struct kunit *test)
{
	u32 w = 0x11223344;
	u64 q = 0x0102030405060708ull;

	KUNIT_EXPECT_EQ(test, swab16(0x1234), 0x3412);
	KUNIT_EXPECT_EQ(test, swab32(0x11223344u), 0x44332211u);
	KUNIT_EXPECT_EQ(test, swab64(q), 0x0807060504030201ull);
	KUNIT_EXPECT_EQ(test, swahw32(0x11223344u), 0x33441122u);
	KUNIT_EXPECT_EQ(test, swahb32(0x11223344u), 0x22114433u);
	KUNIT_EXPECT_EQ(test, swab32p(&w), 0x44332211u);
	swab32s(&w);
	KUNIT_EXPECT_EQ(test, w, 0x44332211u);
	KUNIT_EXPECT_EQ(test, upper_32_bits(q), 0x01020304u);
	KUNIT_EXPECT_EQ(test, lower_32_bits(q), 0x05060708u);
	KUNIT_EXPECT_EQ(test, upper_32_bits(w), 0u); /* a 32-bit value has no upper half */
	KUNIT_EXPECT_EQ(test, upper_16_bits(0x12345678u), 0x1234);
	KUNIT_EXPECT_EQ(test, lower_16_bits(0x12345678u), 0x5678);
	KUNIT_EXPECT_EQ(test, REPEAT_BYTE(0x5a), 0x5a5a5a5a5a5a5a5aul);
	KUNIT_EXPECT_EQ(test, REPEAT_BYTE_U32(0x01), 0x01010101u);
}

static void byteorder_pointers_and_siphash_keys(struct kunit *test)
{
	static const u8 bytes[4] = { 0x11, 0x22, 0x33, 0x44 };
	u32 v;
	siphash_key_t zero = { { 0, 0 } }, key = { { 0, 1 } };

	__builtin_memcpy(&v, bytes, 4);
	KUNIT_EXPECT_EQ(test, le32_to_cpup(&v), 0x44332211u);
	KUNIT_EXPECT_EQ(test, be32_to_cpup(&v), 0x11223344u);
	cpu_to_be32s(&v);
	KUNIT_EXPECT_EQ(test, v, 0x11223344u);
	KUNIT_EXPECT_TRUE(test, siphash_key_is_zero(&zero));
	KUNIT_EXPECT_FALSE(test, siphash_key_is_zero(&key));
	/* The SipHash constants spell "somepseudorandomlygeneratedbytes". */
	KUNIT_EXPECT_EQ(test, SIPHASH_CONST_0 >> 56, (u64)'s');
	KUNIT_EXPECT_EQ(test, SIPHASH_CONST_3 & 0xff, (u64)'s');
}

static void prandom_seeding(struct kunit *test)
{
	struct rnd_state st;

	/* Seed 0 mixes to 0: each component is lifted to its minimum. */
	prandom_seed_state(&st, 0);
	KUNIT_EXPECT_EQ(test, st.s1, 2u);
	KUNIT_EXPECT_EQ(test, st.s2, 8u);
	KUNIT_EXPECT_EQ(test, st.s3, 16u);
	KUNIT_EXPECT_EQ(test, st.s4, 128u);
	/* (seed >> 32) ^ (seed << 10) ^ seed, low 32 bits. */
	prandom_seed_state(&st, 0x100000001ull);
	KUNIT_EXPECT_EQ(test, st.s1, 0x400u);
	KUNIT_EXPECT_EQ(test, st.s4, 0x400u);
}

/* lib/bitmap.c's allocation (weak glue): whole longs, zeroed by bitmap_zalloc(). */
static void bitmap_allocation(struct kunit *test)
{
	const unsigned int nbits = 1 << 16;
	unsigned long *bits = bitmap_zalloc(nbits, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, bits);
	KUNIT_EXPECT_TRUE(test, bitmap_empty(bits, nbits));
	KUNIT_EXPECT_GE(test, ksize(bits), BITS_TO_LONGS(nbits) * sizeof(long));
	bitmap_set(bits, 60000, 15);
	KUNIT_EXPECT_EQ(test, bitmap_weight(bits, nbits), 15U);
	KUNIT_EXPECT_EQ(test, find_first_bit(bits, nbits), 60000UL);
	bitmap_free(bits);
	bitmap_free(NULL); /* as kfree(NULL) */
}

static void cpumasks(struct kunit *test)
{
	cpumask_t a, b;
	unsigned int cpu, n = 0;

	cpumask_clear(&a);
	KUNIT_EXPECT_TRUE(test, cpumask_empty(&a));
	KUNIT_EXPECT_EQ(test, cpumask_first(&a), nr_cpu_ids);
	KUNIT_EXPECT_EQ(test, cpumask_next(-1, &a), nr_cpu_ids);
	KUNIT_EXPECT_EQ(test, cpumask_next_zero(-1, &a), 0);
	cpumask_set_cpu(0, &a);
	KUNIT_EXPECT_TRUE(test, cpumask_test_cpu(0, &a));
	KUNIT_EXPECT_EQ(test, cpumask_weight(&a), 1);
	KUNIT_EXPECT_TRUE(test, cpumask_subset(&a, cpu_possible_mask));
	cpumask_copy(&b, &a);
	KUNIT_EXPECT_TRUE(test, cpumask_equal(&a, &b));
	KUNIT_EXPECT_FALSE(test, cpumask_andnot(&b, &a, cpu_online_mask));
	KUNIT_EXPECT_TRUE(test, cpumask_empty(&b));
	for_each_possible_cpu(cpu)
		n++;
	KUNIT_EXPECT_EQ(test, n, nr_cpu_ids);
	KUNIT_EXPECT_EQ(test, num_online_cpus(), nr_cpu_ids);
	KUNIT_EXPECT_TRUE(test, cpumask_full(cpu_possible_mask));
	KUNIT_EXPECT_EQ(test, cpumask_last(cpu_possible_mask), nr_cpu_ids - 1);
	cpumask_clear_cpu(0, &a);
	KUNIT_EXPECT_FALSE(test, cpu_online(0) && cpumask_test_cpu(0, &a));
}

static struct kunit_case bitops_header_cases[] = {
	KUNIT_CASE(masks),
	KUNIT_CASE(bit_searches),
	KUNIT_CASE(rotations_and_sign_extension),
	KUNIT_CASE(atomic_and_plain_bit_ops),
	KUNIT_CASE(bitmap_ranges_and_weights),
	KUNIT_CASE(bitmap_tail_bits_do_not_count),
	KUNIT_CASE(bitmap_shifts_values_and_arrays),
	KUNIT_CASE(zero_area_and_iteration),
	KUNIT_CASE(swabs_and_word_parts),
	KUNIT_CASE(prandom_seeding),
	KUNIT_CASE(byteorder_pointers_and_siphash_keys),
	KUNIT_CASE(bitmap_allocation),
	KUNIT_CASE(cpumasks),
	{}
};

static struct kunit_suite bitops_header_suite = {
	.name = "kunit-c-bitops",
	.test_cases = bitops_header_cases,
};
kunit_test_suite(bitops_header_suite);
