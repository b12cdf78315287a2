// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of kunit-c's pseudo filesystems (<linux/fs.h>, <linux/fs_context.h>,
 * <linux/pseudo_fs.h>, <linux/mount.h>, <linux/uidgid_types.h>): simple_pin_fs() mounts
 * once per user count with the magic init_pseudo() gave, the last simple_release_fs()
 * runs kill_sb() and clears the mount, an anonymous inode maps itself and dies at its
 * last iput().
 */
#include <kunit/test.h>
#include <linux/fs.h>
#include <linux/fs_context.h>
#include <linux/mount.h>
#include <linux/pseudo_fs.h>
#include <linux/uidgid_types.h>

#define KC_TEST_MAGIC 0x6b637466UL

static int inits, kills;
static struct super_block *killed;

static int kc_init_fs_context(struct fs_context *fc)
{
	inits++;
	return init_pseudo(fc, KC_TEST_MAGIC) ? 0 : -ENOMEM;
}

static void kc_kill_sb(struct super_block *sb)
{
	kills++;
	killed = sb;
	kill_anon_super(sb);
}

static struct file_system_type kc_fs_type = {
	.name = "kc-test",
	.init_fs_context = kc_init_fs_context,
	.kill_sb = kc_kill_sb,
};

static void pin_fs_mounts_once_per_count(struct kunit *test)
{
	struct vfsmount *mnt = NULL;
	struct super_block *sb;
	int count = 0;

	inits = kills = 0;
	KUNIT_ASSERT_EQ(test, simple_pin_fs(&kc_fs_type, &mnt, &count), 0);
	KUNIT_ASSERT_NOT_NULL(test, mnt);
	sb = mnt->mnt_sb;
	KUNIT_EXPECT_PTR_EQ(test, sb->s_type, &kc_fs_type);
	KUNIT_EXPECT_EQ(test, sb->s_magic, KC_TEST_MAGIC);
	KUNIT_EXPECT_EQ(test, simple_pin_fs(&kc_fs_type, &mnt, &count), 0);
	KUNIT_EXPECT_PTR_EQ(test, mnt->mnt_sb, sb);
	KUNIT_EXPECT_EQ(test, count, 2);
	KUNIT_EXPECT_EQ(test, inits, 1);
	simple_release_fs(&mnt, &count);
	KUNIT_EXPECT_EQ(test, kills, 0);
	KUNIT_EXPECT_NOT_NULL(test, mnt);
	simple_release_fs(&mnt, &count);
	KUNIT_EXPECT_EQ(test, kills, 1);
	KUNIT_EXPECT_PTR_EQ(test, killed, sb);
	KUNIT_EXPECT_NULL(test, mnt);
	KUNIT_EXPECT_EQ(test, count, 0);
}

static int kc_failing_init(struct fs_context *fc)
{
	(void)fc;
	return -EINVAL;
}

static struct file_system_type kc_failing_type = {
	.name = "kc-failing",
	.init_fs_context = kc_failing_init,
};

static void pin_fs_passes_init_errors(struct kunit *test)
{
	struct vfsmount *mnt = NULL;
	int count = 0;

	KUNIT_EXPECT_EQ(test, simple_pin_fs(&kc_failing_type, &mnt, &count), -EINVAL);
	KUNIT_EXPECT_NULL(test, mnt);
	KUNIT_EXPECT_EQ(test, count, 0);
}

static void anon_inodes_map_themselves(struct kunit *test)
{
	struct vfsmount *mnt = NULL;
	struct inode *a, *b;
	int count = 0;
	kuid_t uid = { .val = 0 };

	KUNIT_ASSERT_EQ(test, simple_pin_fs(&kc_fs_type, &mnt, &count), 0);
	a = alloc_anon_inode(mnt->mnt_sb);
	b = alloc_anon_inode(mnt->mnt_sb);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, a);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, b);
	KUNIT_EXPECT_PTR_EQ(test, a->i_sb, mnt->mnt_sb);
	KUNIT_EXPECT_PTR_EQ(test, a->i_mapping, &a->i_data);
	KUNIT_EXPECT_PTR_EQ(test, a->i_mapping->host, a);
	KUNIT_EXPECT_NE(test, a->i_ino, b->i_ino);
	KUNIT_EXPECT_EQ(test, a->i_mode, 0600);
	KUNIT_EXPECT_EQ(test, a->i_uid.val, uid.val);
	KUNIT_EXPECT_EQ(test, atomic_read(&a->i_count), 1);
	ihold(a);
	KUNIT_EXPECT_EQ(test, atomic_read(&a->i_count), 2);
	iput(a);
	KUNIT_EXPECT_EQ(test, atomic_read(&a->i_count), 1);
	iput(a);
	iput(b);
	simple_release_fs(&mnt, &count);
}

static void file_inode_and_capability(struct kunit *test)
{
	struct inode inode = { .i_ino = 7 };
	struct file file = { .f_inode = &inode };

	KUNIT_EXPECT_PTR_EQ(test, file_inode(&file), &inode);
	/* The test process is the kernel: every capability. */
	KUNIT_EXPECT_TRUE(test, file_ns_capable(&file, &init_user_ns, 21));
}

static struct kunit_case pseudo_fs_cases[] = {
	KUNIT_CASE(pin_fs_mounts_once_per_count),
	KUNIT_CASE(pin_fs_passes_init_errors),
	KUNIT_CASE(anon_inodes_map_themselves),
	KUNIT_CASE(file_inode_and_capability),
	{}
};

static struct kunit_suite pseudo_fs_suite = {
	.name = "kunit_c_pseudo_fs",
	.test_cases = pseudo_fs_cases,
};
kunit_test_suite(pseudo_fs_suite);
