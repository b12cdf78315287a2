/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: struct page over a flat pool, as <linux/mm.h>, <linux/gfp.h> and
 * <linux/vmalloc.h> declare it. The pool is one memfd of KC_POOL_PAGES pages mapped once
 * (the "direct map": page_address()); mem_map[] holds a struct page per pool page. Blocks of
 * 2^order pages are claimed lock-free (a CAS per page, rolled back on a collision), so
 * alloc_pages(GFP_ATOMIC) is safe in the irq stand-in's signal handler too. vmap() maps the
 * same memfd pages again at a new contiguous address, so a write through either address is
 * seen through the other, as in the kernel.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "glue.h"

/* 64 MiB: room for every lib/ test; a test that needs more gets NULL, as the kernel's OOM. */
#define KC_POOL_PAGES 16384u
#define KC_MAX_PAGE_ORDER 10u
#define KC_GFP_NOWARN 0x2000u
#define KC_GFP_COMP 0x40000u
#define KC_VM_MAP_PUT_PAGES 0x200ul
#define KC_VMAP_MAGIC 0x6b63766d6170UL /* "kcvmap" */

/* The layout of <linux/mm_types.h>'s struct page (checked by the page suite's fields). */
struct kc_page {
	unsigned long flags;
	void *lru_next, *lru_prev;
	void *mapping;
	unsigned long index;
	unsigned long private;
	int refcount;
	unsigned int order;
	unsigned long compound_head;
};

struct kc_page mem_map[KC_POOL_PAGES];
/* The shared page of the C heap's (kmalloc()ed) memory: <linux/mm.h>'s PageSlab() one. */
struct kc_page __kunit_c_slab_page;
static unsigned char kc_used[KC_POOL_PAGES];
static char *kc_pool;
static int kc_pool_fd = -1;

void __kunit_c_warn(const char *file, int line, const char *fmt, ...);
void __kunit_c_might_sleep(const char *file, int line);
void __kunit_c_fail_current_test(const char *file, int line, char *msg);
long __kunit_c_user_reach(const void *addr, unsigned long size);

__attribute__((constructor)) static void kc_pool_init(void)
{
	int fd = memfd_create("kunit-c pages", MFD_CLOEXEC);
	void *base;

	if (fd < 0)
		return;
	if (ftruncate(fd, (off_t)KC_POOL_PAGES * KC_PAGE_SIZE)) {
		close(fd);
		return;
	}
	base = mmap(NULL, KC_POOL_PAGES * KC_PAGE_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (base == MAP_FAILED) {
		close(fd);
		return;
	}
	kc_pool = base;
	kc_pool_fd = fd;
}

static unsigned long pfn_of(const struct kc_page *page)
{
	return (unsigned long)(page - mem_map);
}

void *page_address(const struct kc_page *page)
{
	return kc_pool + pfn_of(page) * KC_PAGE_SIZE;
}

/* NULL for an address outside the pool (kmalloc()ed memory is malloc's here). */
struct kc_page *__kunit_c_virt_to_page(const void *addr)
{
	uintptr_t a = (uintptr_t)addr, base = (uintptr_t)kc_pool;

	if (!kc_pool || a < base || a >= base + KC_POOL_PAGES * KC_PAGE_SIZE)
		return NULL;
	return &mem_map[(a - base) / KC_PAGE_SIZE];
}

static bool claim(unsigned long first, unsigned long n)
{
	for (unsigned long i = 0; i < n; i++) {
		unsigned char free_ = 0;

		if (!__atomic_compare_exchange_n(&kc_used[first + i], &free_, 1, false,
						 __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
			while (i-- > 0)
				__atomic_store_n(&kc_used[first + i], 0, __ATOMIC_RELEASE);
			return false;
		}
	}
	return true;
}

struct kc_page *alloc_pages_noprof(kc_gfp_t gfp, unsigned int order)
{
	unsigned long n = 1ul << order;

	if (gfp & KC_GFP_DIRECT_RECLAIM)
		__kunit_c_might_sleep(__FILE__, __LINE__);
	if (order > KC_MAX_PAGE_ORDER) {
		/* The kernel's __alloc_pages_noprof(): WARN_ON_ONCE_GFP(order > MAX_PAGE_ORDER). */
		if (!(gfp & KC_GFP_NOWARN))
			__kunit_c_warn(__FILE__, __LINE__, NULL);
		return NULL;
	}
	if (!kc_pool)
		return NULL;
	for (unsigned long first = 0; first + n <= KC_POOL_PAGES; first += n) {
		struct kc_page *page = &mem_map[first];

		if (__atomic_load_n(&kc_used[first], __ATOMIC_RELAXED) || !claim(first, n))
			continue;
		for (unsigned long i = 0; i < n; i++) {
			memset(&page[i], 0, sizeof(page[i]));
		}
		page->order = order;
		/* A compound page: its tails name their head (<linux/mm.h>'s page_folio()). */
		if ((gfp & KC_GFP_COMP) && order) {
			for (unsigned long i = 1; i < n; i++)
				page[i].compound_head = (unsigned long)page | 1;
			page[1].flags = order; /* <linux/mm.h>'s folio_order(): _flags_1 */
		}
		__atomic_store_n(&page->refcount, 1, __ATOMIC_RELEASE);
		if (gfp & KC_GFP_ZERO)
			memset(page_address(page), 0, n * KC_PAGE_SIZE);
		return page;
	}
	return NULL;
}

static void free_block(struct kc_page *page, unsigned int order)
{
	unsigned long first = pfn_of(page), n = 1ul << order;

	for (unsigned long i = 0; i < n; i++)
		__atomic_store_n(&kc_used[first + i], 0, __ATOMIC_RELEASE);
}

static struct kc_page *head_of(struct kc_page *page)
{
	return (page->compound_head & 1) ? (struct kc_page *)(page->compound_head - 1) : page;
}

/*
 * Drops a reference on the page's folio (its head's count); the last one frees the block
 * (its order kept from the allocation).
 */
void put_page(struct kc_page *page)
{
	page = head_of(page);
	if (__atomic_sub_fetch(&page->refcount, 1, __ATOMIC_ACQ_REL) == 0)
		free_block(page, page->order);
}

void get_page(struct kc_page *page)
{
	__atomic_add_fetch(&head_of(page)->refcount, 1, __ATOMIC_RELAXED);
}

void __free_pages(struct kc_page *page, unsigned int order)
{
	if (__atomic_sub_fetch(&page->refcount, 1, __ATOMIC_ACQ_REL) == 0)
		free_block(page, order);
}

unsigned long __get_free_pages(kc_gfp_t gfp, unsigned int order)
{
	struct kc_page *page = alloc_pages_noprof(gfp, order);

	return page ? (unsigned long)page_address(page) : 0;
}

void free_pages(unsigned long addr, unsigned int order)
{
	if (addr)
		__free_pages(__kunit_c_virt_to_page((void *)addr), order);
}

/* Fills the NULL entries of @page_array; the number of populated entries. */
unsigned long alloc_pages_bulk_array_noprof(kc_gfp_t gfp, unsigned long nr_pages,
					    struct kc_page **page_array)
{
	unsigned long populated = 0;

	for (unsigned long i = 0; i < nr_pages; i++) {
		if (!page_array[i]) {
			page_array[i] = alloc_pages_noprof(gfp, 0);
			if (!page_array[i])
				break;
		}
		populated++;
	}
	return populated;
}

void release_pages(struct kc_page **pages, int nr)
{
	for (int i = 0; i < nr; i++)
		if (pages[i])
			put_page(pages[i]);
}

/* vmap()'s layout: [header page][the pages, mapped from the pool][guard page]. */
struct kc_vmap {
	size_t total;
	unsigned long magic;
	unsigned long count;
	unsigned long flags;
	struct kc_page **pages;
};

void *vmap(struct kc_page **pages, unsigned int count, unsigned long flags, unsigned long prot)
{
	size_t total = (count + 2ul) * KC_PAGE_SIZE;
	struct kc_vmap *head;
	unsigned long *pfns;
	char *base;

	(void)prot;
	__kunit_c_might_sleep(__FILE__, __LINE__);
	if (!count || kc_pool_fd < 0)
		return NULL;
	/* The pages' numbers, for vmalloc_to_page(): the caller's array may go first. */
	pfns = malloc(count * sizeof(*pfns));
	if (!pfns)
		return NULL;
	for (unsigned int i = 0; i < count; i++)
		pfns[i] = pfn_of(pages[i]);
	base = mmap(NULL, total, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (base == MAP_FAILED) {
		free(pfns);
		return NULL;
	}
	if (mprotect(base, KC_PAGE_SIZE, PROT_READ | PROT_WRITE))
		goto fail;
	for (unsigned int i = 0; i < count; i++) {
		void *at = base + (i + 1ul) * KC_PAGE_SIZE;

		if (mmap(at, KC_PAGE_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, kc_pool_fd,
			 (off_t)(pfn_of(pages[i]) * KC_PAGE_SIZE)) == MAP_FAILED)
			goto fail;
	}
	if (__kunit_c_vm_area_add(base + KC_PAGE_SIZE, count * KC_PAGE_SIZE, pfns))
		goto fail; /* no room in the table: as the kernel's vmap() without vm space */
	head = (struct kc_vmap *)base;
	*head = (struct kc_vmap){ total, KC_VMAP_MAGIC, count, flags, pages };
	return base + KC_PAGE_SIZE;
fail:
	free(pfns);
	munmap(base, total);
	return NULL;
}

static struct kc_vmap *vmap_head(const void *addr)
{
	struct kc_vmap *head = (struct kc_vmap *)((char *)addr - KC_PAGE_SIZE);

	return head->magic == KC_VMAP_MAGIC ? head : NULL;
}

void vunmap(const void *addr)
{
	struct kc_vmap *head;

	if (!addr)
		return;
	head = vmap_head(addr);
	if (!head) {
		__kunit_c_warn(__FILE__, __LINE__, "Trying to vunmap() nonexistent vm area (%p)\n",
			       addr);
		return;
	}
	__kunit_c_vm_area_remove(addr);
	munmap(head, head->total);
}

/* vfree() of a vmap()ed area: VM_MAP_PUT_PAGES hands the pages and the array back. */
bool __kunit_c_vfree_vmap(const void *addr)
{
	struct kc_vmap *head = vmap_head(addr);
	struct kc_vmap copy;

	if (!head)
		return false;
	copy = *head;
	__kunit_c_vm_area_remove(addr);
	munmap(head, copy.total);
	if (copy.flags & KC_VM_MAP_PUT_PAGES) {
		release_pages(copy.pages, (int)copy.count);
		kfree(copy.pages); /* kvfree() */
	}
	return true;
}

/* <linux/mm.h>'s vmalloc_to_page(), from the table of areas (vmarea.c). */
struct kc_page *__kunit_c_vmalloc_to_page(const char *file, int line, const void *addr)
{
	long pfn = __kunit_c_vm_area_pfn(addr);
	char *msg;

	if (pfn >= 0)
		return &mem_map[pfn];
	if (pfn == -2) {
		if (asprintf(&msg,
			     "kunit-c: vmalloc_to_page(%p): vmalloc()'s memory is not the page "
			     "pool's, so it has no struct page (vmap() pool pages for one)",
			     addr) < 0)
			msg = NULL;
		__kunit_c_fail_current_test(file, line, msg);
	}
	return NULL;
}

/*
 * get_user_pages_fast() and pin_user_pages_fast(): user memory is anonymous memory of the
 * process, not pool pages, so there is no struct page to return. Not user memory: -EFAULT,
 * as the kernel's; user memory: the current test fails with the reason, and -EFAULT.
 */
long __kunit_c_get_user_pages(const char *file, int line, const char *what, unsigned long start,
			      int nr_pages, unsigned int gup_flags, struct kc_page **pages)
{
	char *msg;

	(void)gup_flags;
	(void)pages;
	if (nr_pages <= 0)
		return 0;
	if (__kunit_c_user_reach((const void *)start, KC_PAGE_SIZE) < 0)
		return -14; /* -EFAULT */
	if (asprintf(&msg,
		     "kunit-c: %s(0x%lx, %d): user memory is not the page pool's, so it has no "
		     "struct page to take",
		     what, start, nr_pages) < 0)
		msg = NULL;
	__kunit_c_fail_current_test(file, line, msg);
	return -14;
}
