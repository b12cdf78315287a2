// SPDX-License-Identifier: GPL-2.0-only OR MIT
/* Our tests of <linux/overflow.h>. */
#include <kunit/test.h>
#include <linux/overflow.h>
#include <linux/types.h>

struct flex {
	int count;
	short data[];
};

_Static_assert(type_max(u8) == 255, "type_max of a type");
_Static_assert(type_min(s16) == -32768, "type_min of a type");
_Static_assert(struct_size_t(struct flex, data, 3) == sizeof(struct flex) + 6, "struct_size_t");

static void checked_arithmetic(struct kunit *test)
{
	u8 r8;
	s32 r32;
	u64 r64;

	KUNIT_EXPECT_FALSE(test, check_add_overflow((u8)200, (u8)55, &r8));
	KUNIT_EXPECT_EQ(test, r8, 255);
	KUNIT_EXPECT_TRUE(test, check_add_overflow((u8)200, (u8)56, &r8));
	KUNIT_EXPECT_EQ(test, r8, 0); /* the wrapped result is stored */
	KUNIT_EXPECT_TRUE(test, check_sub_overflow((s32)(-0x7fffffff - 1), 1, &r32));
	KUNIT_EXPECT_EQ(test, r32, 0x7fffffff);
	KUNIT_EXPECT_TRUE(test, check_mul_overflow(1ull << 32, 1ull << 32, &r64));
	KUNIT_EXPECT_FALSE(test, check_mul_overflow(3ull, 5ull, &r64));
	KUNIT_EXPECT_EQ(test, r64, 15);
	/* Mixed types: the infinite-precision result must fit the destination. */
	KUNIT_EXPECT_TRUE(test, check_add_overflow(-1, 0u, &r64));
	KUNIT_EXPECT_EQ(test, wrapping_add(u8, 250, 10), 4);
	KUNIT_EXPECT_EQ(test, wrapping_sub(u16, 0, 1), 0xffff);
	KUNIT_EXPECT_EQ(test, wrapping_mul(u8, 16, 17), 16);
	r8 = 255;
	wrapping_inc(r8);
	KUNIT_EXPECT_EQ(test, r8, 0);
	wrapping_assign_sub(r8, 2);
	KUNIT_EXPECT_EQ(test, r8, 254);
}

static void shifts(struct kunit *test)
{
	u32 u;
	s32 s;

	KUNIT_EXPECT_FALSE(test, check_shl_overflow(1u, 31, &u));
	KUNIT_EXPECT_EQ(test, u, 0x80000000u);
	KUNIT_EXPECT_TRUE(test, check_shl_overflow(3u, 31, &u)); /* a bit is lost */
	KUNIT_EXPECT_TRUE(test, check_shl_overflow(1, 31, &s));	 /* the sign bit is set */
	KUNIT_EXPECT_TRUE(test, check_shl_overflow(1u, 32, &u)); /* too wide */
	KUNIT_EXPECT_EQ(test, u, 1u);				 /* then *d = a */
	KUNIT_EXPECT_TRUE(test, check_shl_overflow(1u, -1, &u)); /* negative shift */
	KUNIT_EXPECT_TRUE(test, check_shl_overflow(-1, 0, &s));	 /* negative value */
}

static void type_limits_and_fits(struct kunit *test)
{
	int big = 300, neg = -1;
	u8 small = 0;

	/* For constants the answers are constant expressions. */
	_Static_assert(overflows_type(256, u8), "a constant that does not fit");
	_Static_assert(!overflows_type(-128, s8), "a constant that fits");
	_Static_assert(overflows_type(-1, u32), "a negative constant in an unsigned type");
	_Static_assert(castable_to_type(200, u8), "castable constant");

	KUNIT_EXPECT_EQ(test, type_max(small), 255);
	KUNIT_EXPECT_EQ(test, type_max(s64), 0x7fffffffffffffffll);
	KUNIT_EXPECT_EQ(test, type_min(s8), -128);
	KUNIT_EXPECT_EQ(test, type_min(u32), 0u);
	KUNIT_EXPECT_TRUE(test, is_signed_type(int));
	KUNIT_EXPECT_FALSE(test, is_signed_type(unsigned char));
	KUNIT_EXPECT_TRUE(test, overflows_type(big, u8));
	KUNIT_EXPECT_TRUE(test, overflows_type(neg, u32));
	KUNIT_EXPECT_FALSE(test, overflows_type(neg, s8));
	KUNIT_EXPECT_TRUE(test, overflows_type(big, small));
	KUNIT_EXPECT_FALSE(test, castable_to_type(big, u8)); /* a variable: only its own type */
	KUNIT_EXPECT_TRUE(test, castable_to_type(big, int));
	KUNIT_EXPECT_TRUE(test, range_overflows(8u, 3u, 10u));
	KUNIT_EXPECT_FALSE(test, range_overflows(7u, 3u, 10u));
	KUNIT_EXPECT_FALSE(test, range_end_overflows(10u, 0u, 10u));
	KUNIT_EXPECT_TRUE(test, range_overflows(10u, 0u, 10u));
}

static void saturating_sizes(struct kunit *test)
{
	size_t max = __SIZE_MAX__, n = 4;
	struct flex *p = NULL;

	KUNIT_EXPECT_EQ(test, size_mul(max / 2, 3), max);
	KUNIT_EXPECT_EQ(test, size_mul(6, 7), 42);
	KUNIT_EXPECT_EQ(test, size_add(max, 1), max);
	KUNIT_EXPECT_EQ(test, size_sub(5, 6), max);
	KUNIT_EXPECT_EQ(test, size_sub(max, 1), max); /* an earlier overflow stays one */
	KUNIT_EXPECT_EQ(test, size_sub(9, 2), 7);
	KUNIT_EXPECT_EQ(test, array_size(n, 8), 32);
	KUNIT_EXPECT_EQ(test, array3_size(max, 2, 1), max);
	KUNIT_EXPECT_EQ(test, flex_array_size(p, data, n), 8);
	KUNIT_EXPECT_EQ(test, struct_size(p, data, n), sizeof(*p) + 8);
	KUNIT_EXPECT_EQ(test, struct_size(p, data, max), max);
}

static void on_stack_flex(struct kunit *test)
{
	DEFINE_FLEX(struct flex, f, data, count, 5);
	DEFINE_RAW_FLEX(struct flex, raw, data, 2);

	KUNIT_EXPECT_EQ(test, f->count, 5);
	KUNIT_EXPECT_GE(test, sizeof(f_u), sizeof(struct flex) + 5 * sizeof(short));
	KUNIT_EXPECT_EQ(test, sizeof(f_u.bytes), sizeof(struct flex) + 5 * sizeof(short));
	KUNIT_EXPECT_EQ(test, raw->count, 0);
	KUNIT_EXPECT_GE(test, sizeof(raw_u), sizeof(struct flex) + 2 * sizeof(short));
	f->data[4] = 9;
	KUNIT_EXPECT_EQ(test, f->data[4], 9);
}

static struct kunit_case overflow_header_cases[] = {
	KUNIT_CASE(checked_arithmetic),
	KUNIT_CASE(shifts),
	KUNIT_CASE(type_limits_and_fits),
	KUNIT_CASE(saturating_sizes),
	KUNIT_CASE(on_stack_flex),
	{}
};

static struct kunit_suite overflow_header_suite = {
	.name = "kunit-c-overflow",
	.test_cases = overflow_header_cases,
};
kunit_test_suite(overflow_header_suite);
