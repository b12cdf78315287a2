// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * <linux/kobject.h> and <linux/sysfs.h>: the kobject life cycle (release on the last put,
 * names, parents, ksets) and sysfs as a record (directories, groups, links, clashes).
 */
#include <kunit/test.h>
#include <linux/kobject.h>
#include <linux/slab.h>
#include <linux/sysfs.h>

struct thing {
	struct kobject kobj;
	int *released;
};

static void thing_release(struct kobject *kobj)
{
	struct thing *t = container_of(kobj, struct thing, kobj);

	(*t->released)++;
	kfree(t);
}

static ssize_t value_show(struct kobject *kobj, struct kobj_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%s=%d\n", kobject_name(kobj), 42);
}

static struct kobj_attribute value_attr = __ATTR_RO(value);
static struct kobj_attribute hidden_attr = __ATTR(hidden, 0444, value_show, NULL);
static struct attribute *thing_attrs[] = { &value_attr.attr, &hidden_attr.attr, NULL };

static umode_t thing_visible(struct kobject *kobj, struct attribute *attr, int n)
{
	return attr == &hidden_attr.attr ? 0 : attr->mode;
}

static const struct attribute_group thing_group = {
	.attrs = thing_attrs,
	.is_visible = thing_visible,
};
static const struct attribute_group *thing_groups[] = { &thing_group, NULL };

static const struct kobj_type thing_ktype = {
	.release = thing_release,
	.sysfs_ops = &kobj_sysfs_ops,
	.default_groups = thing_groups,
};

static struct thing *new_thing(struct kunit *test, int *released)
{
	struct thing *t = kzalloc(sizeof(*t), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, t);
	t->released = released;
	return t;
}

static void release_on_last_put(struct kunit *test)
{
	int released = 0;
	struct thing *t = new_thing(test, &released);

	kobject_init(&t->kobj, &thing_ktype);
	KUNIT_EXPECT_EQ(test, kref_read(&t->kobj.kref), 1);
	KUNIT_EXPECT_PTR_EQ(test, kobject_get(&t->kobj), &t->kobj);
	KUNIT_EXPECT_EQ(test, kref_read(&t->kobj.kref), 2);
	kobject_put(&t->kobj);
	KUNIT_EXPECT_EQ(test, released, 0);
	kobject_put(&t->kobj);
	KUNIT_EXPECT_EQ(test, released, 1);
	/* NULL is no kobject, for get and put alike. */
	KUNIT_EXPECT_NULL(test, kobject_get(NULL));
	kobject_put(NULL);
}

static void add_names_parents_and_paths(struct kunit *test)
{
	int released = 0;
	struct thing *parent = new_thing(test, &released), *child = new_thing(test, &released);
	char *path;

	KUNIT_ASSERT_EQ(test, kobject_init_and_add(&parent->kobj, &thing_ktype, NULL, "kc-%s-%d",
						   "parent", 1), 0);
	KUNIT_ASSERT_EQ(test, kobject_init_and_add(&child->kobj, &thing_ktype, &parent->kobj,
						   "a/b"), 0);
	/* A '/' cannot be in a sysfs name: the kernel makes it '!'. */
	KUNIT_EXPECT_STREQ(test, kobject_name(&child->kobj), "a!b");
	KUNIT_EXPECT_PTR_EQ(test, child->kobj.parent, &parent->kobj);
	/* The child holds a reference to its parent. */
	KUNIT_EXPECT_EQ(test, kref_read(&parent->kobj.kref), 2);
	path = kobject_get_path(&child->kobj, GFP_KERNEL);
	KUNIT_EXPECT_STREQ(test, path, "/kc-parent-1/a!b");
	kfree(path);
	/* The ktype's default group is in the directory, without what is_visible() hides. */
	KUNIT_EXPECT_EQ(test, __kunit_c_sysfs_lookup(&child->kobj, "value"), 1);
	KUNIT_EXPECT_EQ(test, __kunit_c_sysfs_lookup(&child->kobj, "hidden"), 0);
	KUNIT_EXPECT_EQ(test, __kunit_c_sysfs_lookup(&parent->kobj, "a!b"), 1);

	/* Deleting the child drops its parent's reference; the last put frees each. */
	kobject_del(&child->kobj);
	KUNIT_EXPECT_EQ(test, __kunit_c_sysfs_lookup(&child->kobj, "value"), -ENOENT);
	KUNIT_EXPECT_EQ(test, __kunit_c_sysfs_lookup(&parent->kobj, "a!b"), 0);
	KUNIT_EXPECT_NULL(test, child->kobj.parent);
	KUNIT_EXPECT_EQ(test, kref_read(&parent->kobj.kref), 1);
	kobject_put(&child->kobj);
	KUNIT_EXPECT_EQ(test, released, 1);
	/* The last put of an added kobject deletes it first. */
	kobject_put(&parent->kobj);
	KUNIT_EXPECT_EQ(test, released, 2);
}

static void same_name_same_directory_is_eexist(struct kunit *test)
{
	int released = 0;
	struct thing *a = new_thing(test, &released), *b = new_thing(test, &released);

	KUNIT_ASSERT_EQ(test, kobject_init_and_add(&a->kobj, &thing_ktype, NULL, "kc-twice"), 0);
	KUNIT_EXPECT_EQ(test, kobject_init_and_add(&b->kobj, &thing_ktype, NULL, "kc-twice"),
			-EEXIST);
	/* A failed add leaves the kobject initialized; its put releases it. */
	kobject_put(&b->kobj);
	KUNIT_EXPECT_EQ(test, released, 1);
	/* Once the first is gone, the name is free again. */
	kobject_put(&a->kobj);
	b = new_thing(test, &released);
	KUNIT_EXPECT_EQ(test, kobject_init_and_add(&b->kobj, &thing_ktype, NULL, "kc-twice"), 0);
	kobject_put(&b->kobj);
	KUNIT_EXPECT_EQ(test, released, 3);
}

static void misuse_is_reported(struct kunit *test)
{
	unsigned long warnings = __kunit_c_warn_count();
	int released = 0;
	struct thing *t = new_thing(test, &released);

	/* Adding an uninitialized kobject is -EINVAL; so is an empty name. */
	KUNIT_EXPECT_EQ(test, kobject_add(&t->kobj, NULL, "kc-uninit"), -EINVAL);
	kobject_init(&t->kobj, &thing_ktype);
	KUNIT_EXPECT_EQ(test, kobject_add(&t->kobj, NULL, "%s", ""), -EINVAL);
	KUNIT_EXPECT_EQ(test, __kunit_c_warn_count(), warnings + 1);
	kobject_put(&t->kobj);
	KUNIT_EXPECT_EQ(test, released, 1);
}

static void kset_membership(struct kunit *test)
{
	int released = 0;
	struct kset *set = kset_create_and_add("kc-set", NULL, kernel_kobj);
	struct thing *t = new_thing(test, &released);
	struct kobject *found;
	int members = 0;
	char *path;

	KUNIT_ASSERT_NOT_NULL(test, set);
	t->kobj.kset = set;
	KUNIT_ASSERT_EQ(test, kobject_init_and_add(&t->kobj, &thing_ktype, NULL, "member"), 0);
	/* Without a parent, a kset's member goes under the kset. */
	KUNIT_EXPECT_PTR_EQ(test, t->kobj.parent, &set->kobj);
	path = kobject_get_path(&t->kobj, GFP_KERNEL);
	KUNIT_EXPECT_STREQ(test, path, "/kernel/kc-set/member");
	kfree(path);
	/* The kset's list is the kernel's: walked under its list_lock, as swnode.c does. */
	spin_lock(&set->list_lock);
	list_for_each_entry(found, &set->list, entry)
		members++;
	spin_unlock(&set->list_lock);
	KUNIT_EXPECT_EQ(test, members, 1);
	found = kset_find_obj(set, "member");
	KUNIT_EXPECT_PTR_EQ(test, found, &t->kobj);
	kobject_put(found);
	KUNIT_EXPECT_NULL(test, kset_find_obj(set, "absent"));
	/* A kobject in a kset sends its add event; a remove one when it goes. */
	KUNIT_EXPECT_EQ(test, kobject_uevent(&t->kobj, KOBJ_ADD), 0);
	KUNIT_EXPECT_TRUE(test, t->kobj.state_add_uevent_sent);
	kobject_put(&t->kobj);
	KUNIT_EXPECT_EQ(test, released, 1);
	KUNIT_EXPECT_NULL(test, kset_find_obj(set, "member"));
	kset_unregister(set);
}

static void groups_and_links(struct kunit *test)
{
	static struct kobj_attribute extra = __ATTR(extra, 0444, value_show, NULL);
	static struct attribute *named_attrs[] = { &extra.attr, NULL };
	static const struct attribute_group named = { .name = "grp", .attrs = named_attrs };
	struct kobject *a = kobject_create_and_add("kc-a", NULL);
	struct kobject *b = kobject_create_and_add("kc-b", NULL);
	struct kobject loose = {};
	char *page;

	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_ASSERT_NOT_NULL(test, b);
	KUNIT_EXPECT_EQ(test, sysfs_create_group(a, &named), 0);
	KUNIT_EXPECT_EQ(test, __kunit_c_sysfs_lookup(a, "grp"), 1);
	KUNIT_EXPECT_EQ(test, __kunit_c_sysfs_lookup(a, "grp/extra"), 1);
	KUNIT_EXPECT_EQ(test, sysfs_create_group(a, &named), -EEXIST);
	sysfs_remove_group(a, &named);
	KUNIT_EXPECT_EQ(test, __kunit_c_sysfs_lookup(a, "grp/extra"), 0);
	KUNIT_EXPECT_EQ(test, sysfs_create_file(a, &extra.attr), 0);
	KUNIT_EXPECT_EQ(test, sysfs_create_file(a, &extra.attr), -EEXIST);
	sysfs_remove_file(a, &extra.attr);
	KUNIT_EXPECT_EQ(test, __kunit_c_sysfs_lookup(a, "extra"), 0);

	KUNIT_EXPECT_EQ(test, sysfs_create_link(a, b, "to-b"), 0);
	KUNIT_EXPECT_EQ(test, sysfs_create_link_nowarn(a, b, "to-b"), -EEXIST);
	KUNIT_EXPECT_EQ(test, __kunit_c_sysfs_lookup(a, "to-b"), 1);
	sysfs_remove_link(a, "to-b");
	KUNIT_EXPECT_EQ(test, __kunit_c_sysfs_lookup(a, "to-b"), 0);
	/* A link to a kobject that is not in sysfs has no target. */
	kobject_init(&loose, &thing_ktype);
	KUNIT_EXPECT_EQ(test, sysfs_create_link(a, &loose, "to-loose"), -ENOENT);

	/* show() through the ktype's sysfs_ops, into a page as sysfs gives it. */
	page = (char *)__get_free_page(GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, page);
	KUNIT_EXPECT_EQ(test, kobj_sysfs_ops.show(a, &value_attr.attr, page), 8);
	KUNIT_EXPECT_STREQ(test, page, "kc-a=42\n");
	KUNIT_EXPECT_EQ(test, sysfs_emit_at(page, 7, "!"), 1);
	KUNIT_EXPECT_STREQ(test, page, "kc-a=42!");
	free_page((unsigned long)page);
	kobject_put(a);
	kobject_put(b);
}

static struct kunit_case kobject_cases[] = {
	KUNIT_CASE(release_on_last_put),
	KUNIT_CASE(add_names_parents_and_paths),
	KUNIT_CASE(same_name_same_directory_is_eexist),
	KUNIT_CASE(misuse_is_reported),
	KUNIT_CASE(kset_membership),
	KUNIT_CASE(groups_and_links),
	{}
};

static struct kunit_suite kobject_suite = {
	.name = "kunit-c-kobject",
	.test_cases = kobject_cases,
};
kunit_test_suite(kobject_suite);
