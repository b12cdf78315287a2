// SPDX-License-Identifier: GPL-2.0-only OR MIT
/* <kunit/device.h> and <linux/device.h>: devres released on unregister and at the test's end. */
#include <kunit/device.h>
#include <kunit/test.h>
#include <linux/device.h>

static int released[8];
static int nreleased;
/* Set by test_end_releases, whose release previous_test_released checks. */
static bool end_releases_ran;

static void record(void *data)
{
	released[nreleased++] = (int)(long)data;
}

static void unregister_releases_newest_first(struct kunit *test)
{
	struct device *dev = kunit_device_register(test, "kc-dev");
	void *mem;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	KUNIT_EXPECT_STREQ(test, dev_name(dev), "kc-dev");
	KUNIT_EXPECT_STREQ(test, dev_driver_string(dev), "kc-dev");
	nreleased = 0;
	KUNIT_EXPECT_EQ(test, devm_add_action(dev, record, (void *)1), 0);
	mem = devm_kzalloc(dev, 64, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, mem);
	KUNIT_EXPECT_PTR_EQ(test, memchr_inv(mem, 0, 64), NULL);
	KUNIT_EXPECT_EQ(test, devm_add_action_or_reset(dev, record, (void *)2), 0);
	KUNIT_EXPECT_EQ(test, devm_add_action(dev, record, (void *)3), 0);
	devm_remove_action(dev, record, (void *)3);
	devm_release_action(dev, record, (void *)2);
	KUNIT_EXPECT_EQ(test, nreleased, 1);
	KUNIT_EXPECT_EQ(test, released[0], 2);
	KUNIT_EXPECT_EQ(test, devm_add_action(dev, record, (void *)4), 0);
	kunit_device_unregister(test, dev);
	KUNIT_EXPECT_EQ(test, nreleased, 3);
	KUNIT_EXPECT_EQ(test, released[1], 4);
	KUNIT_EXPECT_EQ(test, released[2], 1);
}

static void test_end_releases(struct kunit *test)
{
	struct device *dev = kunit_device_register(test, "kc-dev2");

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	nreleased = 0;
	KUNIT_EXPECT_EQ(test, devm_add_action(dev, record, (void *)7), 0);
	KUNIT_EXPECT_NOT_NULL(test, devm_kstrdup(dev, "x", GFP_KERNEL));
	KUNIT_EXPECT_EQ(test, nreleased, 0);
	end_releases_ran = true;
}

static void previous_test_released(struct kunit *test)
{
	/* A case run alone (nextest runs each in its own process) has no previous case. */
	if (!end_releases_ran)
		kunit_skip(test, "runs after test_end_releases (run alone, or --shuffle?)");
	end_releases_ran = false;
	KUNIT_EXPECT_EQ(test, nreleased, 1);
	KUNIT_EXPECT_EQ(test, released[0], 7);
}

static struct device *released_block_dev;

static void release_block(struct device *dev, void *res)
{
	released_block_dev = dev;
	record((void *)(long)*(int *)res);
}

static void devres_blocks(struct kunit *test)
{
	struct device *dev = kunit_device_register(test, "kc-dev5");
	int *block, *unused;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	nreleased = 0;
	block = devres_alloc(release_block, sizeof(*block), GFP_KERNEL);
	unused = devres_alloc(release_block, sizeof(*unused), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, block);
	KUNIT_ASSERT_NOT_NULL(test, unused);
	KUNIT_EXPECT_EQ(test, *block, 0);
	*block = 9;
	devres_add(dev, block);
	devres_free(unused);
	kunit_device_unregister(test, dev);
	KUNIT_EXPECT_EQ(test, nreleased, 1);
	KUNIT_EXPECT_EQ(test, released[0], 9);
	KUNIT_EXPECT_PTR_EQ(test, released_block_dev, dev);
}

struct probe_state {
	int probed, removed;
};

static struct probe_state state;

static int probe(struct device *dev)
{
	state.probed++;
	dev_set_drvdata(dev, &state);
	return 0;
}

static int remove_(struct device *dev)
{
	((struct probe_state *)dev_get_drvdata(dev))->removed++;
	return 0;
}

static void driver_hooks(struct kunit *test)
{
	struct device_driver *drv = kunit_driver_create(test, "kc-driver");
	struct device *dev;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, drv);
	drv->probe = probe;
	drv->remove = remove_;
	dev = kunit_device_register_with_driver(test, "kc-dev3", drv);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	KUNIT_EXPECT_EQ(test, state.probed, 1);
	KUNIT_EXPECT_STREQ(test, dev_driver_string(dev), "kc-driver");
	kunit_device_unregister(test, dev);
	KUNIT_EXPECT_EQ(test, state.removed, 1);
	/* The driver outlives the device and can bind another. */
	dev = kunit_device_register_with_driver(test, "kc-dev4", drv);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	KUNIT_EXPECT_EQ(test, state.probed, 2);
}

static struct kunit_case device_cases[] = {
	KUNIT_CASE(unregister_releases_newest_first),
	KUNIT_CASE(test_end_releases),
	KUNIT_CASE(previous_test_released),
	KUNIT_CASE(driver_hooks),
	KUNIT_CASE(devres_blocks),
	{}
};

static struct kunit_suite device_suite = {
	.name = "kunit_c_device",
	.test_cases = device_cases,
};
kunit_test_suite(device_suite);
