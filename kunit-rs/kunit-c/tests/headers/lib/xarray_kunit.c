// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of <linux/xarray.h>: the entry encoding, the normal API's semantics from
 * Documentation/core-api/xarray.rst, and the advanced API's read-side walks as
 * lib/iov_iter.c makes them.
 */
#include <kunit/test.h>
#include <linux/slab.h>
#include <linux/xarray.h>

static void entries_are_encoded_as_the_kernels(struct kunit *test)
{
	void *v = xa_mk_value(12345);
	void *err = XA_ERROR(-ENOMEM);

	KUNIT_EXPECT_TRUE(test, xa_is_value(v));
	KUNIT_EXPECT_EQ(test, xa_to_value(v), 12345);
	KUNIT_EXPECT_EQ(test, (unsigned long)v, 12345UL * 2 + 1);
	KUNIT_EXPECT_FALSE(test, xa_is_value(test));
	KUNIT_EXPECT_TRUE(test, xa_is_err(err));
	KUNIT_EXPECT_EQ(test, xa_err(err), -ENOMEM);
	KUNIT_EXPECT_EQ(test, xa_err(v), 0);
	KUNIT_EXPECT_FALSE(test, xa_is_err(v));
	KUNIT_EXPECT_FALSE(test, xa_is_err(XA_ZERO_ENTRY));
	KUNIT_EXPECT_TRUE(test, xa_is_internal(XA_RETRY_ENTRY));
}

static void store_load_erase(struct kunit *test)
{
	DEFINE_XARRAY(xa);
	int a, b;

	KUNIT_EXPECT_TRUE(test, xa_empty(&xa));
	KUNIT_EXPECT_NULL(test, xa_load(&xa, 7));
	KUNIT_EXPECT_NULL(test, xa_store(&xa, 7, &a, GFP_KERNEL));
	KUNIT_EXPECT_PTR_EQ(test, xa_load(&xa, 7), &a);
	/* Storing returns the old entry. */
	KUNIT_EXPECT_PTR_EQ(test, xa_store(&xa, 7, &b, GFP_KERNEL), &a);
	KUNIT_EXPECT_PTR_EQ(test, xa_load(&xa, 7), &b);
	KUNIT_EXPECT_NULL(test, xa_load(&xa, 6));
	KUNIT_EXPECT_NULL(test, xa_load(&xa, 8));
	KUNIT_EXPECT_NULL(test, xa_store(&xa, ULONG_MAX, xa_mk_value(1), GFP_KERNEL));
	KUNIT_EXPECT_EQ(test, xa_to_value(xa_load(&xa, ULONG_MAX)), 1);
	/* Storing NULL erases. */
	KUNIT_EXPECT_PTR_EQ(test, xa_store(&xa, 7, NULL, GFP_KERNEL), &b);
	KUNIT_EXPECT_NULL(test, xa_load(&xa, 7));
	KUNIT_EXPECT_NOT_NULL(test, xa_erase(&xa, ULONG_MAX));
	KUNIT_EXPECT_NULL(test, xa_erase(&xa, ULONG_MAX));
	KUNIT_EXPECT_TRUE(test, xa_empty(&xa));
	/* Internal entries cannot be stored. */
	KUNIT_EXPECT_EQ(test, xa_err(xa_store(&xa, 1, XA_RETRY_ENTRY, GFP_KERNEL)), -EINVAL);
	xa_destroy(&xa);
}

static void insert_refuses_a_taken_index(struct kunit *test)
{
	struct xarray xa;
	int a;

	xa_init(&xa);
	KUNIT_EXPECT_EQ(test, xa_insert(&xa, 3, &a, GFP_KERNEL), 0);
	KUNIT_EXPECT_EQ(test, xa_insert(&xa, 3, &a, GFP_KERNEL), -EBUSY);
	KUNIT_EXPECT_PTR_EQ(test, xa_load(&xa, 3), &a);
	xa_destroy(&xa);
	KUNIT_EXPECT_TRUE(test, xa_empty(&xa));
	KUNIT_EXPECT_NULL(test, xa_load(&xa, 3));
}

/* Many entries out of order: xa_for_each visits them in index order, each once. */
static void for_each_in_index_order(struct kunit *test)
{
	DEFINE_XARRAY(xa);
	unsigned long index, last = 0, i, n = 0;
	void *entry;

	for (i = 0; i < 1000; i++) {
		unsigned long at = (i * 7919) % 1000 * 3;

		KUNIT_ASSERT_NULL(test, xa_store(&xa, at, xa_mk_value(at), GFP_KERNEL));
	}
	xa_for_each(&xa, index, entry) {
		KUNIT_EXPECT_EQ(test, xa_to_value(entry), index);
		if (n)
			KUNIT_EXPECT_EQ(test, index, last + 3);
		last = index;
		n++;
	}
	KUNIT_EXPECT_EQ(test, n, 1000);
	KUNIT_EXPECT_EQ(test, last, 2997);
	n = 0;
	xa_for_each_range(&xa, index, entry, 10, 20)
		n++;
	KUNIT_EXPECT_EQ(test, n, 3); /* 12, 15, 18 */
	index = 1;
	KUNIT_EXPECT_EQ(test, xa_to_value(xa_find(&xa, &index, ULONG_MAX, XA_PRESENT)), 3);
	KUNIT_EXPECT_EQ(test, index, 3);
	KUNIT_EXPECT_EQ(test, xa_to_value(xa_find_after(&xa, &index, ULONG_MAX, XA_PRESENT)), 6);
	index = 2998;
	KUNIT_EXPECT_NULL(test, xa_find(&xa, &index, ULONG_MAX, XA_PRESENT));
	xa_destroy(&xa);
}

/* The walks lib/iov_iter.c makes: xas_for_each from an index, xas_load/xas_next. */
static void xas_walks(struct kunit *test)
{
	DEFINE_XARRAY(xa);
	unsigned long i, seen = 0;
	void *entry;

	for (i = 10; i < 20; i++)
		xa_store(&xa, i, xa_mk_value(i * 100), GFP_KERNEL);
	xa_store(&xa, 40, xa_mk_value(4000), GFP_KERNEL);
	{
		XA_STATE(xas, &xa, 15);

		rcu_read_lock();
		xas_for_each(&xas, entry, 39) {
			if (xas_retry(&xas, entry))
				continue;
			KUNIT_EXPECT_EQ(test, xa_to_value(entry), xas.xa_index * 100);
			seen++;
		}
		rcu_read_unlock();
		KUNIT_EXPECT_EQ(test, seen, 5); /* 15..19; 40 is past max */
	}
	{
		XA_STATE(xas, &xa, 18);

		entry = xas_load(&xas);
		KUNIT_EXPECT_EQ(test, xa_to_value(entry), 1800);
		KUNIT_EXPECT_PTR_EQ(test, xas_reload(&xas), entry);
		KUNIT_EXPECT_EQ(test, xa_to_value(xas_next(&xas)), 1900);
		KUNIT_EXPECT_EQ(test, xas.xa_index, 19);
		KUNIT_EXPECT_NULL(test, xas_next(&xas));
		KUNIT_EXPECT_EQ(test, xas.xa_index, 20);
		xas_set(&xas, 12);
		KUNIT_EXPECT_EQ(test, xa_to_value(xas_next(&xas)), 1200);
		xas_reset(&xas);
		KUNIT_EXPECT_EQ(test, xa_to_value(xas_load(&xas)), 1200);
	}
	xa_destroy(&xa);
}

static struct kunit_case xarray_cases[] = {
	KUNIT_CASE(entries_are_encoded_as_the_kernels),
	KUNIT_CASE(store_load_erase),
	KUNIT_CASE(insert_refuses_a_taken_index),
	KUNIT_CASE(for_each_in_index_order),
	KUNIT_CASE(xas_walks),
	{}
};

static struct kunit_suite xarray_suite = {
	.name = "kunit-c-xarray",
	.test_cases = xarray_cases,
};
kunit_test_suite(xarray_suite);
