// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of the platform bus (<linux/platform_device.h>) and KUnit's managed platform
 * devices (<kunit/platform_device.h>): names and duplicates, binding in either order with
 * probe() and remove(), a failed probe leaving the device unbound, devres released on
 * unbinding, bus_find_device(), and the test's end undoing it all.
 */
#include <kunit/test.h>
#include <kunit/platform_device.h>
#include <linux/completion.h>
#include <linux/platform_device.h>

struct pdrv_ctx {
	struct platform_driver drv;
	int probed, removed, devres_ran;
	int probe_ret;
};

static struct pdrv_ctx *to_ctx(struct platform_device *pdev)
{
	return container_of(to_platform_driver(pdev->dev.driver), struct pdrv_ctx, drv);
}

static void devres_action(void *p)
{
	(*(int *)p)++;
}

static int pdrv_probe(struct platform_device *pdev)
{
	struct pdrv_ctx *ctx = to_ctx(pdev);

	ctx->probed++;
	devm_add_action(&pdev->dev, devres_action, &ctx->devres_ran);
	return ctx->probe_ret;
}

static void pdrv_remove(struct platform_device *pdev)
{
	to_ctx(pdev)->removed++;
}

static struct pdrv_ctx *new_driver(struct kunit *test, const char *name)
{
	struct pdrv_ctx *ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, ctx);
	ctx->drv.probe = pdrv_probe;
	ctx->drv.remove = pdrv_remove;
	ctx->drv.driver.name = name;
	return ctx;
}

static int by_name(struct device *dev, const void *data)
{
	return strcmp(dev_name(dev), data) == 0;
}

static void names_and_duplicates(struct kunit *test)
{
	struct platform_device *a = kunit_platform_device_alloc(test, "kc-pdev", 3);
	struct platform_device *b = kunit_platform_device_alloc(test, "kc-pdev", 3);
	struct platform_device *c = kunit_platform_device_alloc(test, "kc-pdev", PLATFORM_DEVID_NONE);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, a);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, b);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, c);
	KUNIT_EXPECT_EQ(test, kunit_platform_device_add(test, a), 0);
	KUNIT_EXPECT_STREQ(test, dev_name(&a->dev), "kc-pdev.3");
	KUNIT_EXPECT_TRUE(test, dev_is_platform(&a->dev));
	KUNIT_EXPECT_EQ(test, kunit_platform_device_add(test, b), -EEXIST);
	KUNIT_EXPECT_EQ(test, kunit_platform_device_add(test, c), 0);
	KUNIT_EXPECT_STREQ(test, dev_name(&c->dev), "kc-pdev");
	KUNIT_EXPECT_PTR_EQ(test, bus_find_device(&platform_bus_type, NULL, "kc-pdev.3", by_name),
			    &a->dev);
	KUNIT_EXPECT_PTR_EQ(test, bus_find_device(&platform_bus_type, &a->dev, "kc-pdev.3",
						  by_name), NULL);
	KUNIT_EXPECT_PTR_EQ(test, bus_find_device(&platform_bus_type, &a->dev, "kc-pdev", by_name),
			    &c->dev);
}

static void bind_either_order(struct kunit *test)
{
	struct pdrv_ctx *ctx = new_driver(test, "kc-bind");
	struct platform_device *early = kunit_platform_device_alloc(test, "kc-bind", 1);
	struct platform_device *late = kunit_platform_device_alloc(test, "kc-bind", 2);
	DECLARE_COMPLETION_ONSTACK(probed);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, early);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, late);
	KUNIT_ASSERT_EQ(test, kunit_platform_device_add(test, early), 0);
	KUNIT_ASSERT_EQ(test, kunit_platform_device_prepare_wait_for_probe(test, early, &probed), 0);
	KUNIT_EXPECT_FALSE(test, completion_done(&probed));
	/* The driver binds the device already there... */
	KUNIT_ASSERT_EQ(test, kunit_platform_driver_register(test, &ctx->drv), 0);
	KUNIT_EXPECT_EQ(test, ctx->probed, 1);
	KUNIT_EXPECT_TRUE(test, completion_done(&probed));
	KUNIT_EXPECT_PTR_EQ(test, early->dev.driver, &ctx->drv.driver);
	/* ...and one added after it. */
	KUNIT_ASSERT_EQ(test, kunit_platform_device_add(test, late), 0);
	KUNIT_EXPECT_EQ(test, ctx->probed, 2);
	/* Removing a device unbinds it: remove(), then its devres. */
	platform_device_del(late);
	KUNIT_EXPECT_EQ(test, ctx->removed, 1);
	KUNIT_EXPECT_EQ(test, ctx->devres_ran, 1);
	KUNIT_EXPECT_PTR_EQ(test, bus_find_device(&platform_bus_type, NULL, "kc-bind.2", by_name),
			    NULL);
	/* Already bound: completed at once. */
	reinit_completion(&probed);
	KUNIT_ASSERT_EQ(test, kunit_platform_device_prepare_wait_for_probe(test, early, &probed), 0);
	KUNIT_EXPECT_TRUE(test, completion_done(&probed));
	/* Unregistering the driver unbinds the rest. */
	platform_driver_unregister(&ctx->drv);
	KUNIT_EXPECT_EQ(test, ctx->removed, 2);
	KUNIT_EXPECT_EQ(test, ctx->devres_ran, 2);
	KUNIT_EXPECT_NULL(test, early->dev.driver);
	/* The test's end would unregister it again: registered once more for that. */
	KUNIT_ASSERT_EQ(test, platform_driver_register(&ctx->drv), 0);
	KUNIT_EXPECT_EQ(test, ctx->probed, 3);
}

static void failed_probe_leaves_unbound(struct kunit *test)
{
	struct pdrv_ctx *ctx = new_driver(test, "kc-fail");
	struct platform_device *pdev = kunit_platform_device_alloc(test, "kc-fail", -1);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, pdev);
	ctx->probe_ret = -ENODEV;
	KUNIT_ASSERT_EQ(test, kunit_platform_device_add(test, pdev), 0);
	KUNIT_ASSERT_EQ(test, kunit_platform_driver_register(test, &ctx->drv), 0);
	KUNIT_EXPECT_EQ(test, ctx->probed, 1);
	KUNIT_EXPECT_NULL(test, pdev->dev.driver);
	/* What probe() managed is released with the failure. */
	KUNIT_EXPECT_EQ(test, ctx->devres_ran, 1);
	KUNIT_EXPECT_EQ(test, ctx->removed, 0);
}

static void test_end_unregisters(struct kunit *test)
{
	struct kunit fake;
	struct pdrv_ctx *ctx = new_driver(test, "kc-end");
	struct platform_device *pdev;

	kunit_init_test(&fake, "platform_fake", NULL);
	pdev = kunit_platform_device_alloc(&fake, "kc-end", -1);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, pdev);
	KUNIT_ASSERT_EQ(test, kunit_platform_device_add(&fake, pdev), 0);
	KUNIT_ASSERT_EQ(test, kunit_platform_driver_register(&fake, &ctx->drv), 0);
	KUNIT_EXPECT_NOT_NULL(test, bus_find_device(&platform_bus_type, NULL, "kc-end", by_name));
	kunit_cleanup(&fake);
	/* Newest first: the driver went (remove()), then the device. */
	KUNIT_EXPECT_EQ(test, ctx->removed, 1);
	KUNIT_EXPECT_NULL(test, bus_find_device(&platform_bus_type, NULL, "kc-end", by_name));
}

static struct kunit_case platform_cases[] = {
	KUNIT_CASE(names_and_duplicates),
	KUNIT_CASE(bind_either_order),
	KUNIT_CASE(failed_probe_leaves_unbound),
	KUNIT_CASE(test_end_unregisters),
	{}
};

static struct kunit_suite platform_suite = {
	.name = "kunit-c-platform",
	.test_cases = platform_cases,
};
kunit_test_suite(platform_suite);
