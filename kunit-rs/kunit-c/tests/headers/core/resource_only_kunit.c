// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our test that <kunit/resource.h> alone gives KUnit's whole API, as the kernel's does
 * (drivers/base/test/root-device-test.c includes no other KUnit header): the suite macros,
 * the assertions, managed memory and deferred actions.
 */
#include <kunit/resource.h>

static int resource_only_ran;

static void resource_only_action(void *data)
{
	resource_only_ran = *(int *)data;
}

static void resource_only_api(struct kunit *test)
{
	int *value = kunit_kzalloc(test, sizeof(*value), GFP_KERNEL);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, value);
	KUNIT_EXPECT_EQ(test, *value, 0);
	*value = 7;
	resource_only_ran = 0;
	KUNIT_ASSERT_EQ(test, kunit_add_action(test, resource_only_action, value), 0);
	/* Released now, not at the end: the action runs once, with its data. */
	kunit_release_action(test, resource_only_action, value);
	KUNIT_EXPECT_EQ(test, resource_only_ran, 7);
}

static struct kunit_case resource_only_cases[] = {
	KUNIT_CASE(resource_only_api),
	{}
};

static struct kunit_suite resource_only_suite = {
	.name = "kunit_c_resource_only",
	.test_cases = resource_only_cases,
};
kunit_test_suite(resource_only_suite);
