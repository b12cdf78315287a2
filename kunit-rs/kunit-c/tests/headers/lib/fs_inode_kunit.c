// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of what a filesystem's own code reads of <linux/fs.h> (fs/fat/misc.c's time
 * conversions, through the tree's fat.h): the inode's time accessors, timestamp_truncate()
 * to the superblock's granularity, the dirty state __mark_inode_dirty() records, the sync
 * predicates, <linux/pagemap.h>'s mapping gfp mask, and <linux/time.h>'s sys_tz.
 */
#include <kunit/test.h>
#include <linux/fs.h>
#include <linux/fs_context.h>
#include <linux/pagemap.h>
#include <linux/printk.h>
#include <linux/time.h>

static void fs_inode_times_round_trip(struct kunit *test)
{
	struct super_block sb = { .s_time_gran = 1 };
	struct inode inode = { .i_sb = &sb };
	struct timespec64 ts = { .tv_sec = 1078014600, .tv_nsec = 123456789 };
	struct timespec64 got;

	got = inode_set_mtime_to_ts(&inode, inode_set_ctime_to_ts(&inode, ts));
	KUNIT_EXPECT_EQ(test, got.tv_sec, ts.tv_sec);
	KUNIT_EXPECT_EQ(test, inode_get_mtime_sec(&inode), 1078014600);
	KUNIT_EXPECT_EQ(test, inode_get_mtime_nsec(&inode), 123456789);
	KUNIT_EXPECT_EQ(test, inode_get_ctime(&inode).tv_nsec, 123456789);
	/* The three times are separate fields. */
	inode_set_atime(&inode, 5, 6);
	KUNIT_EXPECT_EQ(test, inode_get_atime_sec(&inode), 5);
	KUNIT_EXPECT_EQ(test, inode_get_atime_nsec(&inode), 6);
	KUNIT_EXPECT_EQ(test, inode_get_mtime_sec(&inode), 1078014600);
}

static void fs_timestamps_truncate_to_granularity(struct kunit *test)
{
	struct super_block sb = { .s_time_gran = 100 };
	struct inode inode = { .i_sb = &sb };
	struct timespec64 ts = { .tv_sec = 7, .tv_nsec = 123456789 };

	KUNIT_EXPECT_EQ(test, timestamp_truncate(ts, &inode).tv_nsec, 123456700);
	KUNIT_EXPECT_EQ(test, timestamp_truncate(ts, &inode).tv_sec, 7);
	sb.s_time_gran = 1000000000;
	KUNIT_EXPECT_EQ(test, timestamp_truncate(ts, &inode).tv_nsec, 0);
	sb.s_time_gran = 1;
	KUNIT_EXPECT_EQ(test, timestamp_truncate(ts, &inode).tv_nsec, 123456789);
	/* current_time() is the clock, at that granularity. */
	sb.s_time_gran = 1000000000;
	KUNIT_EXPECT_EQ(test, current_time(&inode).tv_nsec, 0);
	KUNIT_EXPECT_GT(test, current_time(&inode).tv_sec, 1700000000);
	KUNIT_EXPECT_EQ(test, inode_set_ctime_current(&inode).tv_nsec, 0);
	KUNIT_EXPECT_GT(test, inode_get_ctime_sec(&inode), 1700000000);
}

static void fs_dirty_state_is_recorded(struct kunit *test)
{
	struct super_block sb = { 0 };
	struct inode inode = { .i_sb = &sb };

	__mark_inode_dirty(&inode, I_DIRTY_TIME);
	KUNIT_EXPECT_EQ(test, inode.i_state, I_DIRTY_TIME);
	/* Dirtying the inode itself supersedes the lazy time update. */
	mark_inode_dirty(&inode);
	KUNIT_EXPECT_EQ(test, inode.i_state, I_DIRTY);
	__mark_inode_dirty(&inode, I_DIRTY_SYNC | I_DIRTY_TIME);
	KUNIT_EXPECT_EQ(test, inode.i_state & I_DIRTY_TIME, 0);
}

static void fs_sync_predicates(struct kunit *test)
{
	struct super_block sb = { 0 };
	struct inode file = { .i_sb = &sb, .i_mode = 0100644 };
	struct inode dir = { .i_sb = &sb, .i_mode = 0040755 };

	KUNIT_EXPECT_FALSE(test, sb_rdonly(&sb));
	KUNIT_EXPECT_FALSE(test, inode_needs_sync(&dir));
	/* A dirsync mount syncs directories, not files. */
	sb.s_flags = SB_DIRSYNC;
	KUNIT_EXPECT_TRUE(test, IS_DIRSYNC(&dir));
	KUNIT_EXPECT_TRUE(test, inode_needs_sync(&dir));
	KUNIT_EXPECT_FALSE(test, inode_needs_sync(&file));
	/* A synchronous file syncs alone; a synchronous mount syncs everything. */
	file.i_flags = S_SYNC;
	KUNIT_EXPECT_TRUE(test, inode_needs_sync(&file));
	file.i_flags = 0;
	sb.s_flags = SB_SYNCHRONOUS | SB_RDONLY;
	KUNIT_EXPECT_TRUE(test, inode_needs_sync(&file));
	KUNIT_EXPECT_TRUE(test, sb_rdonly(&sb));
	KUNIT_EXPECT_TRUE(test, IS_RDONLY(&file));
}

static void fs_mapping_gfp_and_time_zone(struct kunit *test)
{
	struct address_space mapping = { 0 };

	mapping_set_gfp_mask(&mapping, GFP_KERNEL);
	KUNIT_EXPECT_EQ(test, mapping_gfp_constraint(&mapping, ~__GFP_FS), GFP_KERNEL & ~__GFP_FS);
	KUNIT_EXPECT_EQ(test, mapping_gfp_mask(&mapping), GFP_KERNEL);
	/* No settimeofday() has set a zone: UTC. */
	KUNIT_EXPECT_EQ(test, sys_tz.tz_minuteswest, 0);
	/* The printk format index is off: nothing to emit, and it compiles as a statement. */
	printk_index_subsys_emit("%s: ", KERN_ERR, "x");
}

static struct kunit_case fs_inode_cases[] = {
	KUNIT_CASE(fs_inode_times_round_trip),
	KUNIT_CASE(fs_timestamps_truncate_to_granularity),
	KUNIT_CASE(fs_dirty_state_is_recorded),
	KUNIT_CASE(fs_sync_predicates),
	KUNIT_CASE(fs_mapping_gfp_and_time_zone),
	{}
};

static struct kunit_suite fs_inode_suite = {
	.name = "kunit_c_fs_inode",
	.test_cases = fs_inode_cases,
};
kunit_test_suite(fs_inode_suite);
