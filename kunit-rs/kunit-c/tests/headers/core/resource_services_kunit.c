// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of what kernel/resource.c needs besides its filesystem: a devres block found by
 * its release function and a match is destroyed (not released) or released
 * (devres_destroy()/devres_release(), <linux/device.h>); the kernel's open-coded wait loop
 * (DECLARE_WAITQUEUE(), add_wait_queue(), schedule(), <linux/wait.h>) ends when another
 * thread makes its condition true and wakes the queue; kmalloc()ed memory is the slab's
 * (PageSlab(virt_to_head_page()), <linux/mm.h>) and a pool page is not.
 */
#include <kunit/device.h>
#include <kunit/test.h>
#include <linux/device.h>
#include <linux/gfp.h>
#include <linux/kthread.h>
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/wait.h>

static int kc_released;

static void kc_release(struct device *dev, void *res)
{
	(void)dev;
	kc_released += *(int *)res;
}

static int kc_match(struct device *dev, void *res, void *data)
{
	(void)dev;
	return *(int *)res == *(int *)data;
}

static void devres_destroy_and_release_by_match(struct kunit *test)
{
	struct device *dev = kunit_device_register(test, "kc-devres-match");
	int one = 1, ten = 10, hundred = 100;
	int *a, *b;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	a = devres_alloc(kc_release, sizeof(int), GFP_KERNEL);
	b = devres_alloc(kc_release, sizeof(int), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_ASSERT_NOT_NULL(test, b);
	*a = 1;
	*b = 10;
	devres_add(dev, a);
	devres_add(dev, b);
	kc_released = 0;
	KUNIT_EXPECT_EQ(test, devres_destroy(dev, kc_release, kc_match, &hundred), -ENOENT);
	KUNIT_EXPECT_EQ(test, devres_destroy(dev, kc_release, kc_match, &one), 0);
	KUNIT_EXPECT_EQ(test, kc_released, 0);
	KUNIT_EXPECT_EQ(test, devres_release(dev, kc_release, kc_match, &ten), 0);
	KUNIT_EXPECT_EQ(test, kc_released, 10);
	KUNIT_EXPECT_EQ(test, devres_release(dev, kc_release, NULL, NULL), -ENOENT);
	kunit_device_unregister(test, dev);
	KUNIT_EXPECT_EQ(test, kc_released, 10);
}

static DECLARE_WAIT_QUEUE_HEAD(kc_wq);
static int kc_ready;

static int kc_waker(void *data)
{
	(void)data;
	__atomic_store_n(&kc_ready, 1, __ATOMIC_SEQ_CST);
	wake_up(&kc_wq);
	return 0;
}

static void open_coded_wait_loop_ends_on_wake(struct kunit *test)
{
	DECLARE_WAITQUEUE(wait, current);
	struct task_struct *k;

	kc_ready = 0;
	KUNIT_EXPECT_PTR_EQ(test, wait.private, (void *)current);
	k = kthread_run(kc_waker, NULL, "kc-waker");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, k);
	add_wait_queue(&kc_wq, &wait);
	for (;;) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		if (__atomic_load_n(&kc_ready, __ATOMIC_SEQ_CST))
			break;
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&kc_wq, &wait);
	KUNIT_EXPECT_EQ(test, kc_ready, 1);
	kthread_stop(k);
}

static void kmalloc_memory_is_the_slabs(struct kunit *test)
{
	void *p = kmalloc(32, GFP_KERNEL);
	struct page *page = alloc_pages(GFP_KERNEL, 0);

	KUNIT_ASSERT_NOT_NULL(test, p);
	KUNIT_ASSERT_NOT_NULL(test, page);
	KUNIT_EXPECT_TRUE(test, PageSlab(virt_to_head_page(p)));
	KUNIT_EXPECT_FALSE(test, PageSlab(virt_to_head_page(page_address(page))));
	KUNIT_EXPECT_PTR_EQ(test, virt_to_head_page(page_address(page)), page);
	__free_pages(page, 0);
	kfree(p);
}

static struct kunit_case kernel_bits_cases[] = {
	KUNIT_CASE(devres_destroy_and_release_by_match),
	KUNIT_CASE(open_coded_wait_loop_ends_on_wake),
	KUNIT_CASE(kmalloc_memory_is_the_slabs),
	{}
};

static struct kunit_suite kernel_bits_suite = {
	.name = "kunit_c_resource_services",
	.test_cases = kernel_bits_cases,
};
kunit_test_suite(kernel_bits_suite);
