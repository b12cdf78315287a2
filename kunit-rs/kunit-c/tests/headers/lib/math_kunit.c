// SPDX-License-Identifier: GPL-2.0-only OR MIT
/* Our tests of <linux/minmax.h>, <linux/math.h>, <linux/math64.h> and <linux/log2.h>. */
#include <kunit/test.h>
#include <linux/log2.h>
#include <linux/math.h>
#include <linux/math64.h>
#include <linux/minmax.h>

/* ilog2() and friends fold to constants, so they can size arrays. */
static char ilog2_sized[ilog2(4096)];
_Static_assert(sizeof(ilog2_sized) == 12, "ilog2 of a constant");
_Static_assert(roundup_pow_of_two(33) == 64, "roundup_pow_of_two of a constant");
_Static_assert(order_base_2(9) == 4, "order_base_2 of a constant");
_Static_assert(MIN(3, 4) == 3 && MAX_T(int, -1, 0u) == 0, "MIN/MAX are constant");

static int calls;
static int counted(int v)
{
	calls++;
	return v;
}

static void minmax_evaluate_once(struct kunit *test)
{
	int arr[] = { 4, -2, 9, 0 };
	int big = 300;

	calls = 0;
	KUNIT_EXPECT_EQ(test, min(counted(3), counted(5)), 3);
	KUNIT_EXPECT_EQ(test, max(counted(3), counted(5)), 5);
	KUNIT_EXPECT_EQ(test, calls, 4);
	KUNIT_EXPECT_EQ(test, min3(5, 1, 3), 1);
	KUNIT_EXPECT_EQ(test, max3(5, 1, 7), 7);
	KUNIT_EXPECT_EQ(test, min_t(u8, big, 50), 44); /* both converted to u8 first */
	KUNIT_EXPECT_EQ(test, max_t(int, -1, 2u), 2);
	/* Compared zero-extended, as the kernel's: an int -1 is 0xffffffff. */
	KUNIT_EXPECT_EQ(test, umin(-1, 5), 5u);
	KUNIT_EXPECT_EQ(test, umax(-1, 5), 0xffffffffull);
	KUNIT_EXPECT_EQ(test, umax(-1ll, 5), ~0ull);
	KUNIT_EXPECT_EQ(test, min_not_zero(0, 4), 4);
	KUNIT_EXPECT_EQ(test, min_not_zero(6, 4), 4);
	KUNIT_EXPECT_EQ(test, min_not_zero(0, 0), 0);
	/* Nested uses do not capture each other's temporaries. */
	KUNIT_EXPECT_EQ(test, min(min_not_zero(6, 4), max(2, 3)), 3);
	KUNIT_EXPECT_EQ(test, clamp(min(12, 11), max(1, 2), min3(10, 20, 30)), 10);
	KUNIT_EXPECT_EQ(test, clamp(15, 0, 10), 10);
	KUNIT_EXPECT_EQ(test, clamp(-5, 0, 10), 0);
	KUNIT_EXPECT_EQ(test, clamp_t(u8, 7, 2, 5), 5);
	KUNIT_EXPECT_EQ(test, clamp_val(300, 0, 255), 255);
	KUNIT_EXPECT_EQ(test, min_array(arr, 4), -2);
	KUNIT_EXPECT_EQ(test, max_array(arr, 4), 9);
	KUNIT_EXPECT_TRUE(test, in_range(5, 5, 1));
	KUNIT_EXPECT_FALSE(test, in_range(6, 5, 1));
	KUNIT_EXPECT_TRUE(test, in_range(0xfffffffffull, 0xffffffff0ull, 16));
}

static void swap_swaps(struct kunit *test)
{
	long a = 1, b = 2;

	swap(a, b);
	KUNIT_EXPECT_EQ(test, a, 2);
	KUNIT_EXPECT_EQ(test, b, 1);
}

static void rounding_and_division(struct kunit *test)
{
	u64 n = 1000000000007ull;
	unsigned int rem;

	KUNIT_EXPECT_EQ(test, round_up(13, 8), 16);
	KUNIT_EXPECT_EQ(test, round_down(13, 8), 8);
	KUNIT_EXPECT_EQ(test, roundup(13, 5), 15);
	KUNIT_EXPECT_EQ(test, rounddown(13, 5), 10);
	KUNIT_EXPECT_EQ(test, DIV_ROUND_UP(7, 2), 4);
	KUNIT_EXPECT_EQ(test, DIV_ROUND_UP_POW2(9u, 4u), 3u);
	KUNIT_EXPECT_EQ(test, DIV_ROUND_UP_ULL(10ull, 3), 4);
	KUNIT_EXPECT_EQ(test, DIV_ROUND_DOWN_ULL(10ull, 3), 3);
	KUNIT_EXPECT_EQ(test, DIV_ROUND_CLOSEST(7, 2), 4);
	KUNIT_EXPECT_EQ(test, DIV_ROUND_CLOSEST(-7, 2), -4); /* halves away from zero */
	KUNIT_EXPECT_EQ(test, DIV_ROUND_CLOSEST(5u, 4u), 1u);
	KUNIT_EXPECT_EQ(test, DIV_ROUND_CLOSEST_ULL(15ull, 10), 2);
	rem = do_div(n, 1000);
	KUNIT_EXPECT_EQ(test, n, 1000000000ull);
	KUNIT_EXPECT_EQ(test, rem, 7);
	KUNIT_EXPECT_EQ(test, mult_frac(1000000000, 3, 4), 750000000); /* x * n overflows int */
	KUNIT_EXPECT_EQ(test, reciprocal_scale(0x80000000u, 10), 5u);
}

static void abs_keeps_the_type(struct kunit *test)
{
	signed char c = -5;
	long long ll = -(1ll << 40);

	KUNIT_EXPECT_EQ(test, abs(c), 5);
	KUNIT_EXPECT_EQ(test, abs(ll), 1ll << 40);
	KUNIT_EXPECT_EQ(test, sizeof(abs(ll)), sizeof(long long));
	/* Narrower types come back promoted to int, as in the kernel. */
	KUNIT_EXPECT_EQ(test, sizeof(abs((short)-3)), sizeof(int));
	KUNIT_EXPECT_EQ(test, abs((short)-3), 3);
	KUNIT_EXPECT_EQ(test, abs_diff(3u, 10u), 7u);
	KUNIT_EXPECT_EQ(test, abs_diff(-3, 4), 7);
}

static void math64_helpers(struct kunit *test)
{
	u32 r32;
	s32 s32r;
	u64 r64;

	KUNIT_EXPECT_EQ(test, div_u64_rem(10000000001ull, 10, &r32), 1000000000ull);
	KUNIT_EXPECT_EQ(test, r32, 1u);
	KUNIT_EXPECT_EQ(test, div_s64_rem(-7, 2, &s32r), -3);
	KUNIT_EXPECT_EQ(test, s32r, -1);
	KUNIT_EXPECT_EQ(test, div64_u64_rem(~0ull, 1ull << 32, &r64), 0xffffffffull);
	KUNIT_EXPECT_EQ(test, r64, 0xffffffffull);
	KUNIT_EXPECT_EQ(test, mul_u32_u32(0xffffffffu, 0xffffffffu), 0xfffffffe00000001ull);
	KUNIT_EXPECT_EQ(test, mul_u64_u32_shr(1ull << 63, 4, 4), 1ull << 61);
	KUNIT_EXPECT_EQ(test, mul_u64_u64_shr(1ull << 63, 1ull << 63, 64), 1ull << 62);
	KUNIT_EXPECT_EQ(test, DIV64_U64_ROUND_UP(10ull, 4ull), 3);
	KUNIT_EXPECT_EQ(test, DIV64_U64_ROUND_CLOSEST(10ull, 4ull), 3);
	KUNIT_EXPECT_EQ(test, DIV_S64_ROUND_CLOSEST(-10ll, 4), -3);
}

static void logs_and_powers(struct kunit *test)
{
	unsigned long v = 1000;
	u64 big = 1ull << 50;

	KUNIT_EXPECT_EQ(test, ilog2(v), 9);
	KUNIT_EXPECT_EQ(test, ilog2(big), 50);
	KUNIT_EXPECT_EQ(test, roundup_pow_of_two(v), 1024ul);
	KUNIT_EXPECT_EQ(test, rounddown_pow_of_two(v), 512ul);
	KUNIT_EXPECT_EQ(test, order_base_2(v), 10);
	KUNIT_EXPECT_EQ(test, order_base_2(1ul), 0);
	KUNIT_EXPECT_EQ(test, bits_per(v), 10);
	KUNIT_EXPECT_EQ(test, bits_per(1024ul), 11);
	KUNIT_EXPECT_TRUE(test, is_power_of_2(64));
	KUNIT_EXPECT_FALSE(test, is_power_of_2(0));
	KUNIT_EXPECT_FALSE(test, is_power_of_2(v));
	KUNIT_EXPECT_EQ(test, max_pow_of_two_factor(48ul), 16ul);
	KUNIT_EXPECT_EQ(test, const_ilog2(1ull << 33), 33);
}

static struct kunit_case math_header_cases[] = {
	KUNIT_CASE(minmax_evaluate_once),
	KUNIT_CASE(swap_swaps),
	KUNIT_CASE(rounding_and_division),
	KUNIT_CASE(abs_keeps_the_type),
	KUNIT_CASE(math64_helpers),
	KUNIT_CASE(logs_and_powers),
	{}
};

static struct kunit_suite math_header_suite = {
	.name = "kunit-c-math",
	.test_cases = math_header_cases,
};
kunit_test_suite(math_header_suite);
