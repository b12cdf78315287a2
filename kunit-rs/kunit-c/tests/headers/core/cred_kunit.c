// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of the process context lib/vsprintf.c asks about: <linux/cred.h> and
 * <linux/capability.h> (the initial credentials, every capability), <linux/clk.h> and
 * <linux/of.h> as without CONFIG_HAVE_CLK and CONFIG_OF, <linux/notifier.h>'s answers and
 * <linux/random.h>'s ready generator, <linux/errname.h>, and <linux/dcache.h>'s dentries.
 */
#include <kunit/test.h>
#include <linux/capability.h>
#include <linux/clk-provider.h>
#include <linux/clk.h>
#include <linux/cred.h>
#include <linux/dcache.h>
#include <linux/errname.h>
#include <linux/errno.h>
#include <linux/notifier.h>
#include <linux/of.h>
#include <linux/random.h>

static void cred_initial_and_capable(struct kunit *test)
{
	const struct cred *cred = current_cred();

	KUNIT_ASSERT_NOT_NULL(test, cred);
	KUNIT_EXPECT_TRUE(test, uid_eq(cred->euid, cred->uid));
	KUNIT_EXPECT_TRUE(test, gid_eq(cred->egid, cred->gid));
	KUNIT_EXPECT_EQ(test, current_uid().val, 0U);
	KUNIT_EXPECT_PTR_EQ(test, get_cred(cred), cred);
	put_cred(cred);
	KUNIT_EXPECT_EQ(test, CAP_SYSLOG, 34);
	KUNIT_EXPECT_TRUE(test, capable(CAP_SYS_ADMIN));
	KUNIT_EXPECT_TRUE(test, has_capability_noaudit(current, CAP_SYSLOG));
	/* Not a capability at all. */
	KUNIT_EXPECT_FALSE(test, capable(CAP_LAST_CAP + 1));
	KUNIT_EXPECT_FALSE(test, capable(-1));
}

static void clk_and_of_without_their_config(struct kunit *test)
{
	struct device_node dn = { .name = "n" };
	struct property *prop;
	const char *s = "unchanged";
	int strings = 0;

	/* The NULL clock: enabling it succeeds, its rate is 0. */
	KUNIT_EXPECT_NULL(test, clk_get(NULL, "any"));
	KUNIT_EXPECT_EQ(test, clk_prepare_enable(NULL), 0);
	KUNIT_EXPECT_EQ(test, clk_get_rate(NULL), 0UL);

	/* No device tree: reads fail with -ENOSYS, no flag is set, no string is listed. */
	KUNIT_EXPECT_EQ(test, of_property_read_string(&dn, "compatible", &s), -ENOSYS);
	KUNIT_EXPECT_STREQ(test, s, "unchanged");
	KUNIT_EXPECT_EQ(test, of_node_check_flag(&dn, OF_DYNAMIC), 0);
	of_property_for_each_string(&dn, "compatible", prop, s)
		strings++;
	KUNIT_EXPECT_EQ(test, strings, 0);
	KUNIT_EXPECT_PTR_EQ(test, of_fwnode_handle(&dn), &dn.fwnode);
	KUNIT_EXPECT_FALSE(test, is_of_node(&dn.fwnode));
}

static int calls;

static int count_call(struct notifier_block *nb, unsigned long action, void *data)
{
	(void)nb;
	(void)action;
	(void)data;
	calls++;
	return NOTIFY_DONE;
}

static void notifiers_and_the_ready_rng(struct kunit *test)
{
	struct notifier_block nb = { .notifier_call = count_call };

	/* An errno survives the trip through a notifier's answer. */
	KUNIT_EXPECT_EQ(test, notifier_from_errno(0), NOTIFY_OK);
	KUNIT_EXPECT_EQ(test, notifier_to_errno(notifier_from_errno(-EBUSY)), -EBUSY);
	KUNIT_EXPECT_EQ(test, notifier_to_errno(NOTIFY_OK), 0);
	KUNIT_EXPECT_TRUE(test, notifier_from_errno(-EINVAL) & NOTIFY_STOP_MASK);

	/* The generator is ready: the callback runs at once, once. */
	calls = 0;
	KUNIT_EXPECT_TRUE(test, crng_ready());
	KUNIT_EXPECT_EQ(test, execute_with_initialized_rng(&nb), 0);
	KUNIT_EXPECT_EQ(test, calls, 1);
}

static void errnames(struct kunit *test)
{
	KUNIT_EXPECT_STREQ(test, errname(-EIO), "-EIO");
	KUNIT_EXPECT_STREQ(test, errname(EIO), "EIO");
	/* EWOULDBLOCK is EAGAIN, and named so. */
	KUNIT_EXPECT_STREQ(test, errname(-EWOULDBLOCK), "-EAGAIN");
	KUNIT_EXPECT_STREQ(test, errname(-EPROBE_DEFER), "-EPROBE_DEFER");
	KUNIT_EXPECT_NULL(test, errname(-4000));
}

static struct dentry dentries[2] = {
	{ .d_parent = &dentries[0], .d_name = QSTR_INIT(dentries[0].d_iname, 1), .d_iname = "/" },
	{ .d_parent = &dentries[0], .d_name = QSTR_INIT("file", 4) },
};

static void dentries_name_their_parents(struct kunit *test)
{
	struct qstr q = QSTR("abc");

	KUNIT_EXPECT_EQ(test, q.len, 3U);
	KUNIT_EXPECT_STREQ(test, (const char *)dentries[1].d_name.name, "file");
	KUNIT_EXPECT_EQ(test, dentries[1].d_name.len, 4U);
	KUNIT_EXPECT_PTR_EQ(test, dentries[1].d_parent, &dentries[0]);
	/* A root is its own parent. */
	KUNIT_EXPECT_PTR_EQ(test, dentries[0].d_parent, &dentries[0]);
	KUNIT_EXPECT_EQ(test, sizeof(dentries[0].d_iname), (size_t)DNAME_INLINE_LEN);
}

static struct kunit_case cred_cases[] = {
	KUNIT_CASE(cred_initial_and_capable),
	KUNIT_CASE(clk_and_of_without_their_config),
	KUNIT_CASE(notifiers_and_the_ready_rng),
	KUNIT_CASE(errnames),
	KUNIT_CASE(dentries_name_their_parents),
	{}
};

static struct kunit_suite cred_suite = {
	.name = "kunit_c_cred",
	.test_cases = cred_cases,
};
kunit_test_suite(cred_suite);
