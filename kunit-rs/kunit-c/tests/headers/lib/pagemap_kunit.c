// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of <linux/pagemap.h>: find_subpage() picks the page of a large folio that holds
 * a file index, and fault_in_*() return the bytes of user memory they cannot reach (all of
 * kernel memory, and what runs past the end of a mapping).
 */
#include <kunit/test.h>
#include <linux/mman.h>
#include <linux/pagemap.h>
#include <linux/slab.h>

static void find_subpage_indexes_the_folio(struct kunit *test)
{
	struct folio *folio = folio_alloc(GFP_KERNEL, 2);
	struct page *single = alloc_page(GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, folio);
	KUNIT_ASSERT_NOT_NULL(test, single);
	/* A 4-page folio caching file pages 8..11: index 10 is its third page. */
	KUNIT_EXPECT_PTR_EQ(test, find_subpage(&folio->page, 10), folio_page(folio, 2));
	KUNIT_EXPECT_PTR_EQ(test, find_subpage(&folio->page, 11), folio_page(folio, 3));
	KUNIT_EXPECT_PTR_EQ(test, find_subpage(&folio->page, 8), &folio->page);
	/* A single page is its own subpage at any index. */
	KUNIT_EXPECT_PTR_EQ(test, find_subpage(single, 12345), single);
	folio_put(folio);
	__free_page(single);
}

static void fault_in_reports_what_cannot_be_reached(struct kunit *test)
{
	unsigned long addr = kunit_vm_mmap(test, NULL, 0, 2 * PAGE_SIZE, PROT_READ | PROT_WRITE,
					   MAP_ANONYMOUS | MAP_PRIVATE, 0);
	char __user *user = (char __user *)addr;
	char *kmem = kunit_kzalloc(test, 64, GFP_KERNEL);

	KUNIT_ASSERT_NE(test, addr, 0ul);
	KUNIT_ASSERT_NOT_NULL(test, kmem);
	KUNIT_EXPECT_EQ(test, fault_in_readable(user, 2 * PAGE_SIZE), 0ul);
	KUNIT_EXPECT_EQ(test, fault_in_writeable(user + 100, PAGE_SIZE), 0ul);
	/* 10 bytes before the end: the other 90 cannot be reached. */
	KUNIT_EXPECT_EQ(test, fault_in_readable(user + 2 * PAGE_SIZE - 10, 100), 90ul);
	KUNIT_EXPECT_EQ(test, fault_in_safe_writeable(user + 2 * PAGE_SIZE - 10, 100), 90ul);
	/* Kernel memory is no user memory; nothing to fault in is never a failure. */
	KUNIT_EXPECT_EQ(test, fault_in_readable((char __user *)kmem, 64), 64ul);
	KUNIT_EXPECT_EQ(test, fault_in_readable((char __user *)kmem, 0), 0ul);
}

static struct kunit_case pagemap_cases[] = {
	KUNIT_CASE(find_subpage_indexes_the_folio),
	KUNIT_CASE(fault_in_reports_what_cannot_be_reached),
	{}
};

static struct kunit_suite pagemap_suite = {
	.name = "kunit-c-pagemap",
	.test_cases = pagemap_cases,
};
kunit_test_suite(pagemap_suite);
