// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of what a filesystem's headers (the tree's ext4.h, jbd2.h, blkdev.h, bio.h)
 * read of kunit-c's: the inode lock and size, the inode flag predicates, d_inode(), the
 * folio walk, no pending signals, the task's PF_* word and allocation scopes, the shash
 * request's size, and the constants (DT_*, RPM_*) they name.
 */
#include <kunit/test.h>
#include <crypto/hash.h>
#include <linux/dcache.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/pm.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/sched/mm.h>
#include <linux/sched/signal.h>
#include <linux/types.h>

static void fs_deps_inode_lock_and_size(struct kunit *test)
{
	struct super_block sb = { .s_time_gran = 1 };
	struct inode inode = { .i_sb = &sb };
	struct dentry d = { .d_inode = &inode };

	init_rwsem(&inode.i_rwsem);
	KUNIT_EXPECT_FALSE(test, inode_is_locked(&inode));
	inode_lock(&inode);
	KUNIT_EXPECT_TRUE(test, inode_is_locked(&inode));
	inode_unlock(&inode);
	inode_lock_shared(&inode);
	KUNIT_EXPECT_TRUE(test, inode_is_locked(&inode));
	inode_unlock_shared(&inode);
	KUNIT_EXPECT_FALSE(test, inode_is_locked(&inode));

	i_size_write(&inode, 1LL << 40);
	KUNIT_EXPECT_EQ(test, i_size_read(&inode), 1LL << 40);
	KUNIT_EXPECT_PTR_EQ(test, d_inode(&d), &inode);
}

static void fs_deps_inode_flags(struct kunit *test)
{
	struct super_block sb = { 0 };
	struct inode inode = { .i_sb = &sb };

	KUNIT_EXPECT_FALSE(test, IS_ENCRYPTED(&inode) || IS_VERITY(&inode) ||
				 IS_CASEFOLDED(&inode) || IS_NOQUOTA(&inode));
	inode.i_flags = S_ENCRYPTED | S_NOQUOTA;
	KUNIT_EXPECT_TRUE(test, IS_ENCRYPTED(&inode));
	KUNIT_EXPECT_TRUE(test, IS_NOQUOTA(&inode));
	KUNIT_EXPECT_FALSE(test, IS_VERITY(&inode));
	inode.i_flags = S_VERITY | S_CASEFOLD;
	KUNIT_EXPECT_TRUE(test, IS_VERITY(&inode));
	KUNIT_EXPECT_TRUE(test, IS_CASEFOLDED(&inode));
	KUNIT_EXPECT_FALSE(test, IS_ENCRYPTED(&inode));
	/* readdir's types are the S_IFMT bits shifted down by 12. */
	KUNIT_EXPECT_EQ(test, DT_DIR, 0040000 >> 12);
	KUNIT_EXPECT_EQ(test, DT_REG, 0100000 >> 12);
	KUNIT_EXPECT_EQ(test, DT_LNK, 0120000 >> 12);
	KUNIT_EXPECT_EQ(test, DT_SOCK, 0140000 >> 12);
	KUNIT_EXPECT_EQ(test, RPM_ACTIVE, 0);
	KUNIT_EXPECT_EQ(test, RPM_INVALID, -1);
}

static void fs_deps_folio_walk(struct kunit *test)
{
	struct folio *f = folio_alloc(GFP_KERNEL, 2);
	struct folio *next;

	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_EXPECT_EQ(test, folio_page_idx(f, folio_page(f, 0)), 0);
	KUNIT_EXPECT_EQ(test, folio_page_idx(f, folio_page(f, 3)), 3);
	/* The next folio starts at the page after this one's four. */
	next = folio_next(f);
	KUNIT_EXPECT_PTR_EQ(test, &next->page, folio_page(f, 4));
	folio_put(f);
}

static void fs_deps_task_state(struct kunit *test)
{
	unsigned int saved;

	KUNIT_EXPECT_FALSE(test, signal_pending(current));
	KUNIT_EXPECT_FALSE(test, fatal_signal_pending(current));
	KUNIT_EXPECT_FALSE(test, signal_pending_state(TASK_INTERRUPTIBLE, current));
	KUNIT_EXPECT_EQ(test, rcu_preempt_depth(), 0);
	/* The task's own words: none set at first, and kept per thread. */
	KUNIT_EXPECT_EQ(test, current->flags & PF_BLOCK_TS, 0);
	KUNIT_EXPECT_NULL(test, current->plug);
	current->journal_info = test;
	KUNIT_EXPECT_PTR_EQ(test, current->journal_info, (void *)test);
	current->journal_info = NULL;
	/* A NOFS scope strips __GFP_FS until restored. */
	saved = memalloc_nofs_save();
	KUNIT_EXPECT_EQ(test, current_gfp_context(GFP_KERNEL) & __GFP_FS, 0);
	memalloc_nofs_restore(saved);
	KUNIT_EXPECT_EQ(test, current_gfp_context(GFP_KERNEL), GFP_KERNEL);
}

static void fs_deps_shash_request_size(struct kunit *test)
{
	struct crypto_shash tfm = { .descsize = 24 };
	struct {
		struct shash_desc shash;
		char ctx[4];
	} desc;

	desc.shash.tfm = &tfm;
	/* The size a caller allocates for a request: the header and the state. */
	KUNIT_EXPECT_EQ(test, crypto_shash_descsize(desc.shash.tfm), 24);
	KUNIT_EXPECT_EQ(test, sizeof(struct shash_desc), sizeof(void *));
	KUNIT_EXPECT_EQ(test, (unsigned long)desc.shash.__ctx % __alignof__(unsigned long long), 0);
}

static struct kunit_case fs_deps_cases[] = {
	KUNIT_CASE(fs_deps_inode_lock_and_size),
	KUNIT_CASE(fs_deps_inode_flags),
	KUNIT_CASE(fs_deps_folio_walk),
	KUNIT_CASE(fs_deps_task_state),
	KUNIT_CASE(fs_deps_shash_request_size),
	{}
};

static struct kunit_suite fs_deps_suite = {
	.name = "kunit_c_fs_deps",
	.test_cases = fs_deps_cases,
};
kunit_test_suite(fs_deps_suite);
