// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of <linux/mutex.h>, <linux/rcupdate.h>, <linux/mm.h>, <linux/fs.h> and
 * <linux/numa.h>.
 */
#include <kunit/test.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/mutex.h>
#include <linux/numa.h>
#include <linux/rcupdate.h>

static void mutex_excludes(struct kunit *test)
{
	DEFINE_MUTEX(lock);
	struct mutex other;

	KUNIT_EXPECT_FALSE(test, mutex_is_locked(&lock));
	mutex_lock(&lock);
	KUNIT_EXPECT_TRUE(test, mutex_is_locked(&lock));
	KUNIT_EXPECT_EQ(test, mutex_trylock(&lock), 0);
	mutex_unlock(&lock);
	KUNIT_EXPECT_EQ(test, mutex_trylock(&lock), 1);
	mutex_unlock(&lock);
	mutex_init(&other);
	KUNIT_EXPECT_EQ(test, mutex_lock_interruptible(&other), 0);
	mutex_unlock(&other);
}

struct node {
	int value;
	struct rcu_head rcu;
};

static int callbacks;
static void count_callback(struct rcu_head *head)
{
	(void)head;
	callbacks++;
}

static void rcu_publish_and_free(struct kunit *test)
{
	struct node *p, *gp = NULL;
	struct node stack = { .value = 3 };

	p = kzalloc(sizeof(*p), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, p);
	p->value = 7;
	rcu_assign_pointer(gp, p);
	rcu_read_lock();
	KUNIT_EXPECT_EQ(test, rcu_dereference(gp)->value, 7);
	rcu_read_unlock();
	KUNIT_EXPECT_PTR_EQ(test, rcu_access_pointer(gp), p);
	RCU_INIT_POINTER(gp, NULL);
	kfree_rcu(p, rcu);
	callbacks = 0;
	call_rcu(&stack.rcu, count_callback);
	rcu_barrier(); /* waits for the callbacks (a grace period alone does not) */
	KUNIT_EXPECT_EQ(test, callbacks, 1);
}

static void memory_reads_and_pages(struct kunit *test)
{
	const char src[] = "abcdef";
	char dst[8] = { 0 };
	loff_t pos = 2;
	void *v;

	KUNIT_EXPECT_EQ(test, memory_read_from_buffer(dst, 3, &pos, src, 6), 3);
	KUNIT_EXPECT_STREQ(test, dst, "cde");
	KUNIT_EXPECT_EQ(test, pos, 5);
	KUNIT_EXPECT_EQ(test, memory_read_from_buffer(dst, 3, &pos, src, 6), 1);
	KUNIT_EXPECT_EQ(test, memory_read_from_buffer(dst, 3, &pos, src, 6), 0);
	pos = -1;
	KUNIT_EXPECT_EQ(test, memory_read_from_buffer(dst, 3, &pos, src, 6), -EINVAL);
	KUNIT_EXPECT_EQ(test, offset_in_page((void *)0x12345), 0x345ul);
	KUNIT_EXPECT_EQ(test, PAGE_ALIGN(4097ul), 8192ul);
	KUNIT_EXPECT_EQ(test, get_cmdline(NULL, dst, sizeof(dst)), 0);
	KUNIT_EXPECT_TRUE(test, IS_ERR(file_path(NULL, dst, sizeof(dst))));
	v = kvmalloc_node(16, GFP_KERNEL, NUMA_NO_NODE);
	KUNIT_EXPECT_NOT_NULL(test, v);
	kvfree(v);
}

static struct kunit_case mm_header_cases[] = {
	KUNIT_CASE(mutex_excludes),
	KUNIT_CASE(rcu_publish_and_free),
	KUNIT_CASE(memory_reads_and_pages),
	{}
};

static struct kunit_suite mm_header_suite = {
	.name = "kunit-c-mm-rcu",
	.test_cases = mm_header_cases,
};
kunit_test_suite(mm_header_suite);
