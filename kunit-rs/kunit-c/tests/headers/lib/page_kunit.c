// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of <linux/mm_types.h>, <linux/gfp.h>'s page allocator, <linux/highmem.h>,
 * vmap()/vunmap() of <linux/vmalloc.h> and <asm/pgtable.h>: pages of the pool, their
 * struct page, references, compound pages as folios, and a second mapping that aliases
 * the pages.
 */
#include <kunit/test.h>
#include <linux/gfp.h>
#include <linux/highmem.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/pfn.h>
#include <linux/vmalloc.h>
#include <asm/pgtable.h>

static void pages_are_aligned_blocks(struct kunit *test)
{
	struct page *one = alloc_page(GFP_KERNEL);
	struct page *four = alloc_pages(GFP_KERNEL, 2);

	KUNIT_ASSERT_NOT_NULL(test, one);
	KUNIT_ASSERT_NOT_NULL(test, four);
	KUNIT_EXPECT_TRUE(test, PAGE_ALIGNED(page_address(one)));
	/* A block of 2^order pages is aligned to its size, as the buddy allocator's. */
	KUNIT_EXPECT_EQ(test, page_to_pfn(four) % 4, 0);
	KUNIT_EXPECT_EQ(test, (unsigned long)page_address(four) % (4 * PAGE_SIZE),
			(unsigned long)page_address(mem_map) % (4 * PAGE_SIZE));
	/* The block's pages are consecutive in mem_map and in the pool's mapping. */
	KUNIT_EXPECT_PTR_EQ(test, page_address(four + 3),
			    (void *)((char *)page_address(four) + 3 * PAGE_SIZE));
	KUNIT_EXPECT_PTR_NE(test, one, four);
	KUNIT_EXPECT_EQ(test, page_ref_count(one), 1);
	memset(page_address(four), 0x5a, 4 * PAGE_SIZE);
	__free_pages(four, 2);
	__free_page(one);
}

static void virt_to_page_inverts_page_address(struct kunit *test)
{
	struct page *page = alloc_pages(GFP_KERNEL, 1);
	char *addr;
	void *heap;

	KUNIT_ASSERT_NOT_NULL(test, page);
	addr = page_address(page);
	KUNIT_EXPECT_PTR_EQ(test, virt_to_page(addr), page);
	KUNIT_EXPECT_PTR_EQ(test, virt_to_page(addr + PAGE_SIZE - 1), page);
	KUNIT_EXPECT_PTR_EQ(test, virt_to_page(addr + PAGE_SIZE), page + 1);
	KUNIT_EXPECT_PTR_EQ(test, pfn_to_page(page_to_pfn(page)), page);
	KUNIT_EXPECT_EQ(test, PHYS_PFN(PFN_PHYS(page_to_pfn(page))), page_to_pfn(page));
	KUNIT_EXPECT_EQ(test, PFN_UP(PAGE_SIZE + 1), 2);
	KUNIT_EXPECT_EQ(test, PFN_DOWN(2 * PAGE_SIZE - 1), 1);
	KUNIT_EXPECT_TRUE(test, virt_addr_valid(addr));
	/* kmalloc()ed memory is not the pool's here. */
	heap = kmalloc(16, GFP_KERNEL);
	KUNIT_EXPECT_NULL(test, virt_to_page(heap));
	kfree(heap);
	__free_pages(page, 1);
}

static void gfp_zero_and_free_page_addresses(struct kunit *test)
{
	unsigned long addr = __get_free_pages(GFP_KERNEL, 1);
	unsigned long zeroed;
	unsigned char *p;
	size_t i, nonzero = 0;

	KUNIT_ASSERT_NE(test, addr, 0);
	memset((void *)addr, 0xff, 2 * PAGE_SIZE);
	free_pages(addr, 1);
	zeroed = get_zeroed_page(GFP_KERNEL);
	KUNIT_ASSERT_NE(test, zeroed, 0);
	p = (unsigned char *)zeroed;
	for (i = 0; i < PAGE_SIZE; i++)
		nonzero += p[i] != 0;
	KUNIT_EXPECT_EQ(test, nonzero, 0);
	free_page(zeroed);
}

/* The last reference frees the block: the same pages can be had again. */
static void the_last_put_frees(struct kunit *test)
{
	struct page *page = alloc_pages(GFP_KERNEL, 3);
	struct page *again;

	KUNIT_ASSERT_NOT_NULL(test, page);
	get_page(page);
	KUNIT_EXPECT_EQ(test, page_count(page), 2);
	put_page(page);
	KUNIT_EXPECT_EQ(test, page_count(page), 1);
	/* Still held: a new order-3 block is another one. */
	again = alloc_pages(GFP_KERNEL, 3);
	KUNIT_ASSERT_NOT_NULL(test, again);
	KUNIT_EXPECT_PTR_NE(test, again, page);
	__free_pages(again, 3);
	put_page(page);
	KUNIT_EXPECT_EQ(test, page_count(page), 0);
}

static void too_large_an_order_fails(struct kunit *test)
{
	KUNIT_EXPECT_NULL(test, alloc_pages(GFP_KERNEL | __GFP_NOWARN, MAX_PAGE_ORDER + 1));
}

static void bulk_fills_the_empty_slots(struct kunit *test)
{
	struct page *pages[6] = { NULL };
	struct page *kept = alloc_page(GFP_KERNEL);
	unsigned long got;
	int i, j;

	KUNIT_ASSERT_NOT_NULL(test, kept);
	pages[2] = kept;
	got = alloc_pages_bulk_array(GFP_KERNEL, 6, pages);
	KUNIT_ASSERT_EQ(test, got, 6);
	KUNIT_EXPECT_PTR_EQ(test, pages[2], kept);
	for (i = 0; i < 6; i++) {
		KUNIT_EXPECT_NOT_NULL(test, pages[i]);
		for (j = 0; j < i; j++)
			KUNIT_EXPECT_PTR_NE(test, pages[i], pages[j]);
	}
	release_pages(pages, 6);
}

/* vmap() maps the pages again: a write through either address is seen by the other. */
static void vmap_aliases_the_pages(struct kunit *test)
{
	struct page *pages[3] = { NULL };
	unsigned char *buf;
	int i;

	KUNIT_ASSERT_EQ(test, alloc_pages_bulk_array(GFP_KERNEL, 3, pages), 3);
	for (i = 0; i < 3; i++)
		memset(page_address(pages[i]), 'a' + i, PAGE_SIZE);
	buf = vmap(pages, 3, VM_MAP, PAGE_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_EXPECT_EQ(test, buf[0], 'a');
	KUNIT_EXPECT_EQ(test, buf[PAGE_SIZE], 'b');
	KUNIT_EXPECT_EQ(test, buf[3 * PAGE_SIZE - 1], 'c');
	buf[PAGE_SIZE + 7] = 'X';
	KUNIT_EXPECT_EQ(test, ((unsigned char *)kmap_local_page(pages[1]))[7], 'X');
	memcpy_to_page(pages[2], 100, "hello", 5);
	KUNIT_EXPECT_MEMEQ(test, buf + 2 * PAGE_SIZE + 100, "hello", 5);
	vunmap(buf);
	/* The pages outlive the mapping (vunmap() does not put them). */
	KUNIT_EXPECT_EQ(test, page_count(pages[1]), 1);
	KUNIT_EXPECT_EQ(test, ((unsigned char *)page_address(pages[1]))[7], 'X');
	release_pages(pages, 3);
}

/* vfree() of a VM_MAP_PUT_PAGES mapping puts the pages and frees the array. */
static void vfree_puts_the_pages(struct kunit *test)
{
	struct page **pages = kcalloc(2, sizeof(*pages), GFP_KERNEL);
	struct page *first;
	void *buf;

	KUNIT_ASSERT_NOT_NULL(test, pages);
	KUNIT_ASSERT_EQ(test, alloc_pages_bulk_array(GFP_KERNEL, 2, pages), 2);
	first = pages[0];
	get_page(first);
	buf = vmap(pages, 2, VM_MAP | VM_MAP_PUT_PAGES, PAGE_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	vfree(buf);
	KUNIT_EXPECT_EQ(test, page_count(first), 1);
	put_page(first);
}

static void kmap_is_page_address(struct kunit *test)
{
	struct page *page = alloc_page(GFP_KERNEL);
	char buf[4];
	void *p;

	KUNIT_ASSERT_NOT_NULL(test, page);
	p = kmap_local_page(page);
	KUNIT_EXPECT_PTR_EQ(test, p, page_address(page));
	kunmap_local(p);
	memcpy_to_page(page, 10, "abcd", 4);
	memcpy_from_page(buf, page, 10, 4);
	KUNIT_EXPECT_MEMEQ(test, buf, "abcd", 4);
	memzero_page(page, 10, 2);
	KUNIT_EXPECT_EQ(test, ((char *)kmap(page))[11], 0);
	KUNIT_EXPECT_EQ(test, ((char *)kmap(page))[12], 'c');
	kunmap(page);
	KUNIT_EXPECT_EQ(test, pgprot_val(PAGE_KERNEL) & 0x3, 0x3);
	__free_page(page);
}

/* A compound page is one folio: its tails name the head, which holds the count. */
static void compound_pages_are_folios(struct kunit *test)
{
	struct folio *folio = folio_alloc(GFP_KERNEL, 2);
	struct page *plain;

	KUNIT_ASSERT_NOT_NULL(test, folio);
	KUNIT_EXPECT_EQ(test, folio_order(folio), 2);
	KUNIT_EXPECT_EQ(test, folio->_flags_1 & 0xff, 2);
	KUNIT_EXPECT_EQ(test, folio_nr_pages(folio), 4);
	KUNIT_EXPECT_EQ(test, folio_size(folio), 4 * PAGE_SIZE);
	KUNIT_EXPECT_TRUE(test, folio_test_large(folio));
	KUNIT_EXPECT_TRUE(test, PageHead(&folio->page));
	KUNIT_EXPECT_TRUE(test, PageTail(folio_page(folio, 3)));
	KUNIT_EXPECT_PTR_EQ(test, page_folio(folio_page(folio, 3)), folio);
	KUNIT_EXPECT_PTR_EQ(test, compound_head(folio_page(folio, 1)), &folio->page);
	KUNIT_EXPECT_PTR_EQ(test, kmap_local_folio(folio, PAGE_SIZE + 5),
			    (void *)((char *)page_address(folio_page(folio, 1)) + 5));
	/* A reference taken through a tail page is the folio's. */
	get_page(folio_page(folio, 2));
	KUNIT_EXPECT_EQ(test, folio_ref_count(folio), 2);
	KUNIT_EXPECT_EQ(test, page_count(folio_page(folio, 3)), 2);
	put_page(folio_page(folio, 1));
	KUNIT_EXPECT_EQ(test, folio_ref_count(folio), 1);
	folio_put(folio);

	/* Without __GFP_COMP each page of the block is a folio of its own. */
	plain = alloc_pages(GFP_KERNEL, 2);
	KUNIT_ASSERT_NOT_NULL(test, plain);
	KUNIT_EXPECT_PTR_EQ(test, page_folio(plain + 1), (struct folio *)(plain + 1));
	KUNIT_EXPECT_EQ(test, folio_order(page_folio(plain)), 0);
	KUNIT_EXPECT_FALSE(test, PageCompound(plain));
	KUNIT_EXPECT_FALSE(test, PageHighMem(plain));
	__free_pages(plain, 2);
}

/* vmalloc_to_page() finds the pool page behind a vmap() address; is_vmalloc_addr() knows both kinds. */
static void vmalloc_to_page_finds_the_mapped_page(struct kunit *test)
{
	struct page *pages[2] = { NULL };
	char *buf, *plain, *kmem;

	KUNIT_ASSERT_EQ(test, alloc_pages_bulk_array(GFP_KERNEL, 2, pages), 2);
	buf = vmap(pages, 2, VM_MAP, PAGE_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_EXPECT_TRUE(test, is_vmalloc_addr(buf));
	KUNIT_EXPECT_TRUE(test, is_vmalloc_or_module_addr(buf + 2 * PAGE_SIZE - 1));
	KUNIT_EXPECT_FALSE(test, is_vmalloc_addr(buf + 2 * PAGE_SIZE));
	KUNIT_EXPECT_PTR_EQ(test, vmalloc_to_page(buf), pages[0]);
	KUNIT_EXPECT_PTR_EQ(test, vmalloc_to_page(buf + PAGE_SIZE + 17), pages[1]);
	KUNIT_EXPECT_EQ(test, vmalloc_to_pfn(buf + PAGE_SIZE), page_to_pfn(pages[1]));
	vunmap(buf);
	KUNIT_EXPECT_FALSE(test, is_vmalloc_addr(buf));
	KUNIT_EXPECT_NULL(test, vmalloc_to_page(buf));

	plain = vmalloc(3 * PAGE_SIZE);
	KUNIT_ASSERT_NOT_NULL(test, plain);
	KUNIT_EXPECT_TRUE(test, is_vmalloc_addr(plain + PAGE_SIZE));
	vfree(plain);
	KUNIT_EXPECT_FALSE(test, is_vmalloc_addr(plain));

	kmem = kmalloc(16, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, kmem);
	KUNIT_EXPECT_FALSE(test, is_vmalloc_addr(kmem));
	KUNIT_EXPECT_FALSE(test, is_vmalloc_addr(page_address(pages[0])));
	kfree(kmem);
	release_pages(pages, 2);
}

/* A compound page's order and size, asked of any of its pages; a folio offset. */
static void page_size_and_folio_offsets(struct kunit *test)
{
	struct folio *folio = folio_alloc(GFP_KERNEL, 3);
	struct page *single = alloc_page(GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, folio);
	KUNIT_ASSERT_NOT_NULL(test, single);
	KUNIT_EXPECT_EQ(test, compound_order(folio_page(folio, 5)), 3u);
	KUNIT_EXPECT_EQ(test, page_size(folio_page(folio, 7)), 8 * PAGE_SIZE);
	KUNIT_EXPECT_EQ(test, compound_order(single), 0u);
	KUNIT_EXPECT_EQ(test, page_size(single), PAGE_SIZE);
	KUNIT_EXPECT_EQ(test, offset_in_folio(folio, 8 * PAGE_SIZE * 3 + 5 * PAGE_SIZE + 9),
			5 * PAGE_SIZE + 9);
	KUNIT_EXPECT_EQ(test, offset_in_folio(page_folio(single), 3 * PAGE_SIZE + 9), 9ul);
	KUNIT_EXPECT_FALSE(test, folio_test_hugetlb(folio));
	KUNIT_EXPECT_FALSE(test, PageHuge(single));
	folio_put(folio);
	__free_page(single);
}

static struct kunit_case page_cases[] = {
	KUNIT_CASE(pages_are_aligned_blocks),
	KUNIT_CASE(virt_to_page_inverts_page_address),
	KUNIT_CASE(gfp_zero_and_free_page_addresses),
	KUNIT_CASE(the_last_put_frees),
	KUNIT_CASE(too_large_an_order_fails),
	KUNIT_CASE(bulk_fills_the_empty_slots),
	KUNIT_CASE(vmap_aliases_the_pages),
	KUNIT_CASE(vfree_puts_the_pages),
	KUNIT_CASE(kmap_is_page_address),
	KUNIT_CASE(compound_pages_are_folios),
	KUNIT_CASE(vmalloc_to_page_finds_the_mapped_page),
	KUNIT_CASE(page_size_and_folio_offsets),
	{}
};

static struct kunit_suite page_suite = {
	.name = "kunit-c-page",
	.test_cases = page_cases,
};
kunit_test_suite(page_suite);
