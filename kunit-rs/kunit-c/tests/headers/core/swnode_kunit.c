// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of <linux/property.h>'s software nodes and <linux/fwnode.h>'s handles, which the
 * glue implements as drivers/base/swnode.c and property.c do: registration order and its
 * errors, names, parents and the prefixes lib/vsprintf.c's %pfw joins into a path.
 */
#include <kunit/test.h>
#include <linux/errno.h>
#include <linux/fwnode.h>
#include <linux/property.h>
#include <linux/string.h>

static const struct software_node root = { .name = "root" };
static const struct software_node child = { .name = "child", .parent = &root };
static const struct software_node grandchild = { .name = "grandchild", .parent = &child };
static const struct software_node unnamed = { .parent = &root };

static void swnode_group_registers_and_names(struct kunit *test)
{
	const struct software_node *group[] = { &root, &child, &grandchild, &unnamed, NULL };
	struct fwnode_handle *g, *p;

	KUNIT_ASSERT_EQ(test, software_node_register_node_group(group), 0);
	g = software_node_fwnode(&grandchild);
	KUNIT_ASSERT_NOT_NULL(test, g);
	KUNIT_EXPECT_TRUE(test, is_software_node(g));
	KUNIT_EXPECT_PTR_EQ(test, to_software_node(g), &grandchild);

	KUNIT_EXPECT_STREQ(test, fwnode_get_name(g), "grandchild");
	KUNIT_EXPECT_STREQ(test, fwnode_get_name_prefix(g), "/");
	KUNIT_EXPECT_STREQ(test, fwnode_get_name_prefix(software_node_fwnode(&root)), "");
	/* A node without a name gets one, "node<N>", as the kernel names it. */
	KUNIT_EXPECT_EQ(test, strncmp(fwnode_get_name(software_node_fwnode(&unnamed)), "node", 4), 0);

	KUNIT_EXPECT_EQ(test, fwnode_count_parents(g), 2U);
	KUNIT_EXPECT_EQ(test, fwnode_count_parents(software_node_fwnode(&root)), 0U);
	p = fwnode_get_parent(g);
	KUNIT_EXPECT_PTR_EQ(test, p, software_node_fwnode(&child));
	fwnode_handle_put(p);
	p = fwnode_get_nth_parent(g, 2);
	KUNIT_EXPECT_PTR_EQ(test, p, software_node_fwnode(&root));
	fwnode_handle_put(p);
	p = fwnode_get_nth_parent(g, 0);
	KUNIT_EXPECT_PTR_EQ(test, p, g);
	fwnode_handle_put(p);
	KUNIT_EXPECT_NULL(test, fwnode_get_nth_parent(g, 3));

	software_node_unregister_node_group(group);
	KUNIT_EXPECT_NULL(test, software_node_fwnode(&grandchild));
	KUNIT_EXPECT_NULL(test, software_node_fwnode(&root));
}

static void swnode_registration_errors(struct kunit *test)
{
	const struct software_node *orphans[] = { &child, NULL };
	const struct software_node *twice[] = { &root, &root, NULL };

	/* A parent must come first: nothing of a failing group stays registered. */
	KUNIT_EXPECT_EQ(test, software_node_register_node_group(orphans), -EINVAL);
	KUNIT_EXPECT_NULL(test, software_node_fwnode(&child));
	KUNIT_EXPECT_EQ(test, software_node_register_node_group(twice), -EEXIST);
	KUNIT_EXPECT_NULL(test, software_node_fwnode(&root));
	KUNIT_EXPECT_EQ(test, software_node_register_node_group(NULL), 0);

	/* Not a node, or no node: the helpers answer NULL, never crash. */
	KUNIT_EXPECT_FALSE(test, is_software_node(NULL));
	KUNIT_EXPECT_FALSE(test, is_software_node(ERR_PTR(-EINVAL)));
	KUNIT_EXPECT_NULL(test, to_software_node(NULL));
	KUNIT_EXPECT_NULL(test, fwnode_get_name(NULL));
	KUNIT_EXPECT_NULL(test, fwnode_get_parent(NULL));
	KUNIT_EXPECT_EQ(test, fwnode_count_parents(NULL), 0U);
}

static struct kunit_case swnode_cases[] = {
	KUNIT_CASE(swnode_group_registers_and_names),
	KUNIT_CASE(swnode_registration_errors),
	{}
};

static struct kunit_suite swnode_suite = {
	.name = "kunit_c_swnode",
	.test_cases = swnode_cases,
};
kunit_test_suite(swnode_suite);
