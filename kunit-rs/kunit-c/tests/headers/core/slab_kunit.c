// SPDX-License-Identifier: GPL-2.0-only OR MIT
/* <linux/slab.h>: kmalloc's kernel semantics (ZERO_SIZE_PTR, ksize buckets, krealloc, typed allocation). */
#include <kunit/test.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

struct flex {
	int count;
	u64 items[];
};

static void zero_size(struct kunit *test)
{
	void *p = kmalloc(0, GFP_KERNEL);

	KUNIT_EXPECT_PTR_EQ(test, p, ZERO_SIZE_PTR);
	KUNIT_EXPECT_TRUE(test, ZERO_OR_NULL_PTR(p));
	KUNIT_EXPECT_EQ(test, ksize(p), 0);
	kfree(p);
	kfree(NULL);
}

static void buckets(struct kunit *test)
{
	static const size_t sizes[][2] = {
		{ 1, 8 }, { 8, 8 }, { 9, 16 }, { 33, 64 }, { 65, 96 }, { 96, 96 }, { 97, 128 },
		{ 129, 192 }, { 193, 256 }, { 4097, 8192 }, { 8193, 16384 },
	};

	for (size_t i = 0; i < ARRAY_SIZE(sizes); i++) {
		u8 *p = kmalloc(sizes[i][0], GFP_KERNEL);

		KUNIT_ASSERT_NOT_NULL(test, p);
		KUNIT_EXPECT_EQ(test, ksize(p), sizes[i][1]);
		KUNIT_EXPECT_EQ(test, kmalloc_size_roundup(sizes[i][0]), sizes[i][1]);
		/*
		 * The size asked for is usable; past it, up to ksize(), is not (KASAN reports it,
		 * and AddressSanitizer does under kunit c --sanitize=address).
		 */
		memset(p, 0xa5, sizes[i][0]);
		kfree(p);
	}
}

static void alignment(struct kunit *test)
{
	for (size_t size = 8; size <= 4096; size *= 2) {
		void *p = kmalloc(size, GFP_KERNEL);

		KUNIT_ASSERT_NOT_NULL(test, p);
		KUNIT_EXPECT_EQ_MSG(test, (unsigned long)p % size, 0, "size %zu", size);
		kfree(p);
	}
}

static void zeroing(struct kunit *test)
{
	u8 *p = kzalloc(100, GFP_KERNEL);
	u32 *a = kcalloc(10, sizeof(*a), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, p);
	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_EXPECT_PTR_EQ(test, memchr_inv(p, 0, 100), NULL);
	KUNIT_EXPECT_PTR_EQ(test, memchr_inv(a, 0, 10 * sizeof(*a)), NULL);
	kfree(p);
	kfree(a);
}

static void overflow_fails(struct kunit *test)
{
	KUNIT_EXPECT_NULL(test, kmalloc_array(SIZE_MAX / 2, 4, GFP_KERNEL));
	KUNIT_EXPECT_NULL(test, kcalloc(SIZE_MAX, 2, GFP_KERNEL));
	KUNIT_EXPECT_NULL(test, krealloc_array(NULL, SIZE_MAX, 2, GFP_KERNEL));
	KUNIT_EXPECT_NULL(test, kmalloc_objs(u64, SIZE_MAX / 4));
	KUNIT_EXPECT_NULL(test, kmalloc_flex(struct flex, items, SIZE_MAX / 4));
}

static void reallocation(struct kunit *test)
{
	char *p = kmalloc(10, GFP_KERNEL), *q;

	KUNIT_ASSERT_NOT_NULL(test, p);
	strscpy(p, "abcdefghi", 10);
	/* Within ksize(): the same object. */
	q = krealloc(p, 16, GFP_KERNEL);
	KUNIT_EXPECT_PTR_EQ(test, q, p);
	q = krealloc(q, 1000, GFP_KERNEL | __GFP_ZERO);
	KUNIT_ASSERT_NOT_NULL(test, q);
	KUNIT_EXPECT_STREQ(test, q, "abcdefghi");
	KUNIT_EXPECT_PTR_EQ(test, memchr_inv(q + 16, 0, ksize(q) - 16), NULL);
	KUNIT_EXPECT_PTR_EQ(test, krealloc(q, 0, GFP_KERNEL), ZERO_SIZE_PTR);
	q = krealloc(NULL, 5, GFP_KERNEL);
	KUNIT_EXPECT_NOT_NULL(test, q);
	kfree(q);
}

static void typed_allocation(struct kunit *test)
{
	u64 *one = kmalloc_obj(*one);
	u64 *many = kzalloc_objs(u64, 7, GFP_ATOMIC);
	struct flex *f = kzalloc_flex(*f, items, 5);

	KUNIT_ASSERT_NOT_NULL(test, one);
	KUNIT_ASSERT_NOT_NULL(test, many);
	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_EXPECT_GE(test, ksize(one), sizeof(u64));
	KUNIT_EXPECT_GE(test, ksize(many), 7 * sizeof(u64));
	KUNIT_EXPECT_GE(test, ksize(f), sizeof(*f) + 5 * sizeof(u64));
	KUNIT_EXPECT_EQ(test, many[6], 0);
	KUNIT_EXPECT_EQ(test, f->items[4], 0);
	static_assert(__same_type(kmalloc_obj(u64), one));
	static_assert(__same_type(kmalloc_flex(*f, items, 2), f));
	kfree(one);
	kfree(many);
	kfree(f);
}

static void duplication(struct kunit *test)
{
	char *s = kstrdup("hello", GFP_KERNEL);
	char *n = kstrndup("hello", 3, GFP_KERNEL);
	char *m = kmemdup_nul("abcdef", 2, GFP_KERNEL);
	int *d = kmemdup((int[]){ 1, 2, 3 }, 3 * sizeof(int), GFP_KERNEL);

	KUNIT_EXPECT_STREQ(test, s, "hello");
	KUNIT_EXPECT_STREQ(test, n, "hel");
	KUNIT_EXPECT_STREQ(test, m, "ab");
	KUNIT_ASSERT_NOT_NULL(test, d);
	KUNIT_EXPECT_EQ(test, d[2], 3);
	KUNIT_EXPECT_NULL(test, kstrdup(NULL, GFP_KERNEL));
	kfree(s);
	kfree(n);
	kfree(m);
	kfree(d);
	kfree_sensitive(kstrdup("secret", GFP_KERNEL));
}

/* <linux/vmalloc.h>: page-granular, zeroed by vzalloc(), and impossible sizes fail. */
static void virtual_allocation(struct kunit *test)
{
	u8 *p = vzalloc(3 * PAGE_SIZE + 1);

	KUNIT_ASSERT_NOT_NULL(test, p);
	KUNIT_EXPECT_PTR_EQ(test, memchr_inv(p, 0, 3 * PAGE_SIZE + 1), NULL);
	memset(p, 1, 4 * PAGE_SIZE);
	vfree(p);
	vfree(NULL);
	KUNIT_EXPECT_NULL(test, vmalloc(0));
	KUNIT_EXPECT_NULL(test, vmalloc(SIZE_MAX));
	KUNIT_EXPECT_NULL(test, vmalloc_array(SIZE_MAX / 2, 4));
}

static struct kunit_case slab_cases[] = {
	KUNIT_CASE(zero_size),
	KUNIT_CASE(buckets),
	KUNIT_CASE(alignment),
	KUNIT_CASE(zeroing),
	KUNIT_CASE(overflow_fails),
	KUNIT_CASE(reallocation),
	KUNIT_CASE(typed_allocation),
	KUNIT_CASE(duplication),
	KUNIT_CASE(virtual_allocation),
	{}
};

static struct kunit_suite slab_suite = {
	.name = "kunit_c_slab",
	.test_cases = slab_cases,
};
kunit_test_suite(slab_suite);
