// SPDX-License-Identifier: GPL-2.0-only OR MIT
/* Our tests of <linux/bitfield.h>, <linux/util_macros.h> and <linux/min_heap.h>. */
#include <kunit/test.h>
#include <linux/array_size.h>
#include <linux/bitfield.h>
#include <linux/min_heap.h>
#include <linux/util_macros.h>

#define REG_MODE GENMASK(7, 4)
#define REG_EN BIT(0)

_Static_assert(FIELD_PREP_CONST(REG_MODE, 0xa) == 0xa0, "FIELD_PREP_CONST is constant");

static void fields_pack_and_unpack(struct kunit *test)
{
	u32 reg = 0xffffff0f;
	u16 mask16 = 0x0ff0;
	int dynamic_mask_shift = 3;

	KUNIT_EXPECT_EQ(test, FIELD_PREP(REG_MODE, 5), 0x50ul);
	KUNIT_EXPECT_EQ(test, FIELD_GET(REG_MODE, 0x1234ul), 0x3ul);
	KUNIT_EXPECT_EQ(test, FIELD_MAX(REG_MODE), 0xful);
	KUNIT_EXPECT_TRUE(test, FIELD_FIT(REG_MODE, 15));
	KUNIT_EXPECT_FALSE(test, FIELD_FIT(REG_MODE, 16));
	KUNIT_EXPECT_EQ(test, FIELD_GET(REG_EN, 3ul), 1ul);
	FIELD_MODIFY(REG_MODE, &reg, 0x3);
	KUNIT_EXPECT_EQ(test, reg, 0xffffff3fu);
	KUNIT_EXPECT_EQ(test, field_prep(mask16, 0xab), 0x0ab0);
	KUNIT_EXPECT_EQ(test, field_get(mask16, 0x1234), 0x23);
	KUNIT_EXPECT_EQ(test, field_get(0x7ul << dynamic_mask_shift, 0xfful), 7ul);
	KUNIT_EXPECT_EQ(test, __bf_shf(0x100ull), 8);
}

static void typed_encoders(struct kunit *test)
{
	__le16 le;
	__be32 be;
	u8 byte = 0;

	KUNIT_EXPECT_EQ(test, u32_encode_bits(3, 0x30u), 0x30u);
	KUNIT_EXPECT_EQ(test, u32_encode_bits(7, 0x30u), 0x30u); /* masked to the field */
	KUNIT_EXPECT_EQ(test, u16_get_bits(0xabcd, 0x0ff0), 0xbc);
	KUNIT_EXPECT_EQ(test, u64_replace_bits(0xffull, 0, 0xf0ull), 0x0full);
	u8p_replace_bits(&byte, 5, 0x1c);
	KUNIT_EXPECT_EQ(test, byte, 0x14);
	le = le16_encode_bits(0x12, 0xff00);
	KUNIT_EXPECT_EQ(test, le16_to_cpu(le), 0x1200);
	KUNIT_EXPECT_EQ(test, le16_get_bits(le, 0xff00), 0x12);
	be = be32_encode_bits(1, 0x80000000u);
	KUNIT_EXPECT_EQ(test, be32_to_cpu(be), 0x80000000u);
	KUNIT_EXPECT_EQ(test, be32_get_bits(be, 0x80000000u), 1u);
}

static void find_closest_picks_the_nearest(struct kunit *test)
{
	static const int up[] = { 10, 20, 30, 40 };
	static const int down[] = { 40, 30, 20, 10 };

	KUNIT_EXPECT_EQ(test, find_closest(-5, up, ARRAY_SIZE(up)), 0);
	KUNIT_EXPECT_EQ(test, find_closest(14, up, ARRAY_SIZE(up)), 0);
	KUNIT_EXPECT_EQ(test, find_closest(15, up, ARRAY_SIZE(up)), 0); /* a tie: the lower */
	KUNIT_EXPECT_EQ(test, find_closest(16, up, ARRAY_SIZE(up)), 1);
	KUNIT_EXPECT_EQ(test, find_closest(99, up, ARRAY_SIZE(up)), 3);
	KUNIT_EXPECT_EQ(test, find_closest_descending(36, down, ARRAY_SIZE(down)), 0);
	KUNIT_EXPECT_EQ(test, find_closest_descending(25, down, ARRAY_SIZE(down)), 2);
	KUNIT_EXPECT_EQ(test, find_closest_descending(0, down, ARRAY_SIZE(down)), 3);
	KUNIT_EXPECT_TRUE(test, is_insidevar(&up[3], up));
	KUNIT_EXPECT_FALSE(test, is_insidevar(&up[4], up));
	KUNIT_EXPECT_NULL(test, PTR_IF(false, &up[0]));
}

static bool int_less(const void *lhs, const void *rhs, void *args)
{
	(void)args;
	return *(const int *)lhs < *(const int *)rhs;
}

static int swaps;
static void int_swap(void *lhs, void *rhs, void *args)
{
	int t = *(int *)lhs;

	(void)args;
	*(int *)lhs = *(int *)rhs;
	*(int *)rhs = t;
	swaps++;
}

DEFINE_MIN_HEAP(int, int_heap);

static void heap_orders_its_elements(struct kunit *test)
{
	int storage[8], values[] = { 5, -1, 7, 3, 3, 0 }, out[8];
	const struct min_heap_callbacks cb = { .less = int_less, .swp = NULL };
	struct int_heap heap;
	size_t i, n = 0;
	int v = 2;

	min_heap_init_inline(&heap, storage, ARRAY_SIZE(storage));
	KUNIT_EXPECT_NULL(test, min_heap_peek_inline(&heap));
	for (i = 0; i < ARRAY_SIZE(values); i++)
		KUNIT_EXPECT_TRUE(test, min_heap_push_inline(&heap, &values[i], &cb, NULL));
	KUNIT_EXPECT_EQ(test, *min_heap_peek_inline(&heap), -1);
	min_heap_pop_push_inline(&heap, &v, &cb, NULL); /* -1 out, 2 in */
	while (heap.nr) {
		out[n++] = *min_heap_peek_inline(&heap);
		KUNIT_EXPECT_TRUE(test, min_heap_pop_inline(&heap, &cb, NULL));
	}
	KUNIT_ASSERT_EQ(test, n, 6);
	KUNIT_EXPECT_EQ(test, out[0], 0);
	KUNIT_EXPECT_EQ(test, out[1], 2);
	KUNIT_EXPECT_EQ(test, out[2], 3);
	KUNIT_EXPECT_EQ(test, out[3], 3);
	KUNIT_EXPECT_EQ(test, out[5], 7);
}

static void heapify_full_and_delete(struct kunit *test)
{
	int data[] = { 9, 8, 7, 6, 5, 4, 3 };
	const struct min_heap_callbacks cb = { .less = int_less, .swp = int_swap };
	struct int_heap heap = { .nr = ARRAY_SIZE(data), .size = ARRAY_SIZE(data), .data = data };
	int v = 1, last = -1000;

	swaps = 0;
	min_heapify_all_inline(&heap, &cb, NULL);
	KUNIT_EXPECT_GT(test, swaps, 0); /* the custom swap is used */
	KUNIT_EXPECT_EQ(test, data[0], 3);
	KUNIT_EXPECT_TRUE(test, min_heap_full_inline(&heap));
	KUNIT_EXPECT_FALSE(test, min_heap_push_inline(&heap, &v, &cb, NULL)); /* full */
	KUNIT_EXPECT_TRUE(test, min_heap_del_inline(&heap, 0, &cb, NULL));
	KUNIT_EXPECT_EQ(test, heap.nr, 6);
	while (heap.nr) {
		KUNIT_EXPECT_LE(test, last, data[0]);
		last = data[0];
		min_heap_pop_inline(&heap, &cb, NULL);
	}
	KUNIT_EXPECT_EQ(test, last, 9);
	KUNIT_EXPECT_FALSE(test, min_heap_pop_inline(&heap, &cb, NULL)); /* empty */
}

static struct kunit_case bitfield_header_cases[] = {
	KUNIT_CASE(fields_pack_and_unpack),
	KUNIT_CASE(typed_encoders),
	KUNIT_CASE(find_closest_picks_the_nearest),
	KUNIT_CASE(heap_orders_its_elements),
	KUNIT_CASE(heapify_full_and_delete),
	{}
};

static struct kunit_suite bitfield_header_suite = {
	.name = "kunit-c-bitfield-heap",
	.test_cases = bitfield_header_cases,
};
kunit_test_suite(bitfield_header_suite);
