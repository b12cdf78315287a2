// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of <linux/sched/mm.h>'s allocation scopes: inside memalloc_noio_save() an
 * allocation may neither do I/O nor enter the filesystem, inside memalloc_nofs_save() not
 * the filesystem, inside memalloc_pin_save() it is not movable; scopes nest (an inner save
 * of an open scope restores nothing) and belong to the thread that opened them.
 */
#include <kunit/test.h>
#include <linux/completion.h>
#include <linux/kthread.h>
#include <linux/sched/mm.h>

static void sched_mm_scopes_strip_flags(struct kunit *test)
{
	unsigned int noio, nofs, pin;

	KUNIT_EXPECT_EQ(test, current_gfp_context(GFP_KERNEL), GFP_KERNEL);
	nofs = memalloc_nofs_save();
	KUNIT_EXPECT_EQ(test, current_gfp_context(GFP_KERNEL), GFP_KERNEL & ~__GFP_FS);
	noio = memalloc_noio_save();
	KUNIT_EXPECT_EQ(test, current_gfp_context(GFP_KERNEL), GFP_KERNEL & ~(__GFP_IO | __GFP_FS));
	memalloc_noio_restore(noio);
	KUNIT_EXPECT_EQ(test, current_gfp_context(GFP_KERNEL), GFP_KERNEL & ~__GFP_FS);
	memalloc_nofs_restore(nofs);
	KUNIT_EXPECT_EQ(test, current_gfp_context(GFP_KERNEL), GFP_KERNEL);

	pin = memalloc_pin_save();
	KUNIT_EXPECT_EQ(test, current_gfp_context(GFP_HIGHUSER_MOVABLE),
			GFP_HIGHUSER_MOVABLE & ~__GFP_MOVABLE);
	memalloc_pin_restore(pin);
	KUNIT_EXPECT_EQ(test, current_gfp_context(GFP_HIGHUSER_MOVABLE), GFP_HIGHUSER_MOVABLE);
}

static void sched_mm_scopes_nest(struct kunit *test)
{
	unsigned int outer = memalloc_nofs_save();
	unsigned int inner = memalloc_nofs_save();

	/* The inner scope found NOFS open: closing it leaves the outer one in force. */
	memalloc_nofs_restore(inner);
	KUNIT_EXPECT_EQ(test, current_gfp_context(GFP_KERNEL), GFP_KERNEL & ~__GFP_FS);
	memalloc_nofs_restore(outer);
	KUNIT_EXPECT_EQ(test, current_gfp_context(GFP_KERNEL), GFP_KERNEL);
}

struct sched_mm_other {
	struct completion done;
	gfp_t seen;
};

static int sched_mm_other_thread(void *data)
{
	struct sched_mm_other *o = data;

	o->seen = current_gfp_context(GFP_KERNEL);
	complete(&o->done);
	return 0;
}

static void sched_mm_scopes_are_per_thread(struct kunit *test)
{
	struct sched_mm_other o = { .seen = 0 };
	unsigned int noio = memalloc_noio_save();
	struct task_struct *t;

	init_completion(&o.done);
	t = kthread_run(sched_mm_other_thread, &o, "sched_mm_other");
	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	wait_for_completion(&o.done);
	kthread_stop(t);
	memalloc_noio_restore(noio);
	KUNIT_EXPECT_EQ(test, o.seen, GFP_KERNEL);
}

static void sched_mm_might_alloc(struct kunit *test)
{
	/* Neither a blocking nor an atomic mask reports anything outside atomic context. */
	might_alloc(GFP_KERNEL);
	might_alloc(GFP_ATOMIC);
	KUNIT_EXPECT_TRUE(test, gfpflags_allow_blocking(GFP_KERNEL));
	KUNIT_EXPECT_FALSE(test, gfpflags_allow_blocking(GFP_ATOMIC));
	KUNIT_EXPECT_EQ(test, __GFP_BITS_MASK & GFP_KERNEL_ACCOUNT, GFP_KERNEL_ACCOUNT);
	KUNIT_EXPECT_EQ(test, __GFP_BITS_MASK & (1u << __GFP_BITS_SHIFT), 0u);
}

static struct kunit_case sched_mm_test_cases[] = {
	KUNIT_CASE(sched_mm_scopes_strip_flags),
	KUNIT_CASE(sched_mm_scopes_nest),
	KUNIT_CASE(sched_mm_scopes_are_per_thread),
	KUNIT_CASE(sched_mm_might_alloc),
	{}
};

static struct kunit_suite sched_mm_test_suite = {
	.name = "kunit_c_sched_mm",
	.test_cases = sched_mm_test_cases,
};
kunit_test_suite(sched_mm_test_suite);
