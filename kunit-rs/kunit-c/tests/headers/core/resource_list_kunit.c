// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of KUnit's C resources as test code sees them: test->resources lists a test's
 * resources oldest first (struct kunit_resource's node), a resource leaves the list when it
 * is removed, destroyed or cleaned up, its free() runs when the last reference goes, and a
 * resource allocated inside another's init is older, so it is freed after it. An active
 * static stub is a resource too, whose data is the pair (real, replacement), as in KUnit.
 */
#include <kunit/test.h>
#include <kunit/resource.h>
#include <kunit/static_stub.h>
#include <linux/list.h>

struct res_ctx {
	struct kunit fake;
	int live;
	int freed[4];
	int nfreed;
};

static int res_init(struct kunit_resource *res, void *context)
{
	struct res_ctx *ctx = context;

	res->data = ctx;
	ctx->live++;
	return 0;
}

static void res_free(struct kunit_resource *res)
{
	struct res_ctx *ctx = res->data;

	ctx->live--;
	ctx->freed[ctx->nfreed++ & 3] = res->name ? res->name[0] : '?';
}

static int res_init_fails(struct kunit_resource *res, void *context)
{
	(void)res;
	(void)context;
	return -EINVAL;
}

static struct res_ctx *new_ctx(struct kunit *test)
{
	struct res_ctx *ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, ctx);
	kunit_init_test(&ctx->fake, "fake", NULL);
	return ctx;
}

static void resources_listed_oldest_first(struct kunit *test)
{
	struct res_ctx *ctx = new_ctx(test);
	struct kunit_resource *a, *b;

	KUNIT_EXPECT_TRUE(test, list_empty(&ctx->fake.resources));
	KUNIT_EXPECT_NULL(test, ctx->fake.log);
	a = kunit_alloc_and_get_resource(&ctx->fake, res_init, res_free, GFP_KERNEL, ctx);
	b = kunit_alloc_and_get_resource(&ctx->fake, res_init, res_free, GFP_KERNEL, ctx);
	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_ASSERT_NOT_NULL(test, b);
	KUNIT_EXPECT_PTR_EQ(test, ctx->fake.resources.next, &a->node);
	KUNIT_EXPECT_TRUE(test, list_is_last(&b->node, &ctx->fake.resources));
	KUNIT_EXPECT_EQ(test, ctx->live, 2);
	/* A failing init adds nothing. */
	KUNIT_EXPECT_NULL(test, kunit_alloc_and_get_resource(&ctx->fake, res_init_fails,
							     res_free, GFP_KERNEL, ctx));
	KUNIT_EXPECT_TRUE(test, list_is_last(&b->node, &ctx->fake.resources));
	kunit_put_resource(a);
	kunit_put_resource(b);
	/* The test still holds both. */
	KUNIT_EXPECT_EQ(test, ctx->live, 2);
	kunit_cleanup(&ctx->fake);
	KUNIT_EXPECT_EQ(test, ctx->live, 0);
	KUNIT_EXPECT_TRUE(test, list_empty(&ctx->fake.resources));
}

static void remove_unlists_but_keeps_a_reference(struct kunit *test)
{
	struct res_ctx *ctx = new_ctx(test);
	struct kunit_resource *res;

	res = kunit_alloc_and_get_resource(&ctx->fake, res_init, res_free, GFP_KERNEL, ctx);
	KUNIT_ASSERT_NOT_NULL(test, res);
	/* The test named is the caller's: the resource leaves the test it was added to. */
	kunit_remove_resource(test, res);
	KUNIT_EXPECT_TRUE(test, list_empty(&ctx->fake.resources));
	KUNIT_EXPECT_EQ(test, ctx->live, 1);
	kunit_remove_resource(test, res);
	KUNIT_EXPECT_EQ(test, ctx->live, 1);
	kunit_put_resource(res);
	KUNIT_EXPECT_EQ(test, ctx->live, 0);
	kunit_cleanup(&ctx->fake);
}

static void destroy_and_names(struct kunit *test)
{
	struct res_ctx *ctx = new_ctx(test);
	struct kunit_resource x, y;

	KUNIT_EXPECT_EQ(test, kunit_add_named_resource(&ctx->fake, res_init, res_free, &x,
						       "x", ctx), 0);
	KUNIT_EXPECT_EQ(test, kunit_add_named_resource(&ctx->fake, res_init, res_free, &x,
						       "x", ctx), -EEXIST);
	KUNIT_EXPECT_EQ(test, kunit_add_named_resource(&ctx->fake, res_init, res_free, &y,
						       "y", ctx), 0);
	KUNIT_EXPECT_PTR_EQ(test, kunit_find_named_resource(&ctx->fake, "y"), &y);
	kunit_put_resource(&y);
	KUNIT_EXPECT_EQ(test, kunit_destroy_named_resource(&ctx->fake, "x"), 0);
	KUNIT_EXPECT_EQ(test, kunit_destroy_named_resource(&ctx->fake, "x"), -ENOENT);
	KUNIT_EXPECT_EQ(test, ctx->live, 1);
	KUNIT_EXPECT_EQ(test, ctx->freed[0], 'x');
	KUNIT_EXPECT_PTR_EQ(test, ctx->fake.resources.next, &y.node);
	KUNIT_EXPECT_TRUE(test, list_is_last(&y.node, &ctx->fake.resources));
	kunit_cleanup(&ctx->fake);
	KUNIT_EXPECT_EQ(test, ctx->live, 0);
	KUNIT_EXPECT_EQ(test, ctx->freed[1], 'y');
	KUNIT_EXPECT_TRUE(test, list_empty(&ctx->fake.resources));
}

static int outer_init(struct kunit_resource *res, void *context)
{
	struct res_ctx *ctx = context;
	static struct kunit_resource inner;

	inner.name = "inner";
	KUNIT_EXPECT_EQ(current->kunit_test,
			kunit_add_resource(&ctx->fake, res_init, res_free, &inner, ctx), 0);
	res->name = "outer";
	return res_init(res, context);
}

static void nested_init_freed_after(struct kunit *test)
{
	struct res_ctx *ctx = new_ctx(test);
	struct kunit_resource outer;

	KUNIT_ASSERT_EQ(test, kunit_add_resource(&ctx->fake, outer_init, res_free, &outer, ctx), 0);
	KUNIT_EXPECT_TRUE(test, list_is_last(&outer.node, &ctx->fake.resources));
	kunit_cleanup(&ctx->fake);
	KUNIT_EXPECT_EQ(test, ctx->nfreed, 2);
	KUNIT_EXPECT_EQ(test, ctx->freed[0], 'o');
	KUNIT_EXPECT_EQ(test, ctx->freed[1], 'i');
}

static void running_test_lists_its_own(struct kunit *test)
{
	struct kunit_resource res;
	int data;

	KUNIT_EXPECT_TRUE(test, list_empty(&test->resources));
	KUNIT_EXPECT_NULL(test, test->log);
	KUNIT_ASSERT_EQ(test, kunit_add_resource(test, NULL, NULL, &res, &data), 0);
	KUNIT_EXPECT_PTR_EQ(test, res.data, (void *)&data);
	KUNIT_EXPECT_FALSE(test, list_empty(&test->resources));
	kunit_cleanup(test);
	KUNIT_EXPECT_TRUE(test, list_empty(&test->resources));
}

static int stubbed_fn(int x)
{
	KUNIT_STATIC_STUB_REDIRECT(stubbed_fn, x);
	return x;
}

static int stub_replacement(int x)
{
	return -x;
}

static int stub_other(int x)
{
	return x + 100;
}

struct stub_pair {
	void *real_fn_addr;
	void *replacement_addr;
};

static void static_stub_is_a_resource(struct kunit *test)
{
	struct res_ctx *ctx = new_ctx(test);
	struct stub_pair *pair;

	kunit_activate_static_stub(&ctx->fake, stubbed_fn, stub_replacement);
	KUNIT_ASSERT_EQ(test, list_count_nodes(&ctx->fake.resources), 1);
	pair = list_first_entry(&ctx->fake.resources, struct kunit_resource, node)->data;
	KUNIT_EXPECT_PTR_EQ(test, pair->real_fn_addr, (void *)stubbed_fn);
	KUNIT_EXPECT_PTR_EQ(test, pair->replacement_addr, (void *)stub_replacement);
	/* Active for the fake when it is current, not for the case. */
	KUNIT_EXPECT_EQ(test, stubbed_fn(3), 3);
	current->kunit_test = &ctx->fake;
	KUNIT_EXPECT_EQ(test, stubbed_fn(3), -3);
	/* A new replacement updates the one resource. */
	kunit_activate_static_stub(&ctx->fake, stubbed_fn, stub_other);
	KUNIT_EXPECT_EQ(test, list_count_nodes(&ctx->fake.resources), 1);
	KUNIT_EXPECT_PTR_EQ(test, pair->replacement_addr, (void *)stub_other);
	KUNIT_EXPECT_EQ(test, stubbed_fn(3), 103);
	/* Activating NULL deactivates, as deactivating does. */
	__kunit_activate_static_stub(&ctx->fake, (void *)stubbed_fn, NULL);
	KUNIT_EXPECT_EQ(test, list_count_nodes(&ctx->fake.resources), 0);
	KUNIT_EXPECT_EQ(test, stubbed_fn(3), 3);
	kunit_activate_static_stub(&ctx->fake, stubbed_fn, stub_replacement);
	kunit_deactivate_static_stub(&ctx->fake, stubbed_fn);
	KUNIT_EXPECT_TRUE(test, list_empty(&ctx->fake.resources));
	KUNIT_EXPECT_EQ(test, stubbed_fn(3), 3);
	current->kunit_test = test;
	kunit_cleanup(&ctx->fake);
}

static struct kunit_case resource_list_cases[] = {
	KUNIT_CASE(resources_listed_oldest_first),
	KUNIT_CASE(remove_unlists_but_keeps_a_reference),
	KUNIT_CASE(destroy_and_names),
	KUNIT_CASE(nested_init_freed_after),
	KUNIT_CASE(running_test_lists_its_own),
	KUNIT_CASE(static_stub_is_a_resource),
	{}
};

static struct kunit_suite resource_list_suite = {
	.name = "kunit-c-resource-list",
	.test_cases = resource_list_cases,
};
kunit_test_suite(resource_list_suite);
