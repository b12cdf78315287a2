/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the memory-management calls library code makes. Pages come from a flat pool
 * of 64 MiB (<linux/gfp.h>'s alloc_pages()), each with its struct page in mem_map[];
 * page_address() is its address in the pool's one mapping, and virt_to_page() its inverse
 * for pool addresses (kmalloc()ed memory is malloc's, not the pool's: NULL there). There
 * are no address spaces: a task has no user memory map, so get_cmdline() finds no command
 * line (0 bytes), as the kernel's does for a task without an mm.
 */
#ifndef _LINUX_MM_H
#define _LINUX_MM_H

#include <linux/types.h>
#include <linux/numa.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <linux/fs.h>
#include <linux/gfp.h>
#include <linux/mm_types.h>
#include <linux/page-flags.h>
#include <linux/range.h>
/* struct resource, as the kernel's mm.h brings it through <linux/memremap.h>. */
#include <linux/ioport.h>
#include <linux/random.h>
#include <linux/pfn.h>
#include <linux/atomic.h>
#include <asm/page.h>
#include <asm/pgtable.h>

struct task_struct;

/* region_intersects()'s answers (kernel/resource.c defines it). */
enum {
	REGION_INTERSECTS,
	REGION_DISJOINT,
	REGION_MIXED,
};
int region_intersects(resource_size_t offset, size_t size, unsigned long flags,
		      unsigned long desc);

extern struct page mem_map[];
#define page_to_pfn(page) ((unsigned long)((page) - mem_map))
#define pfn_to_page(pfn) (mem_map + (pfn))

void *page_address(const struct page *page);
#define lowmem_page_address(page) page_address(page)
#define page_to_virt(page) page_address(page)
struct page *__kunit_c_virt_to_page(const void *addr);
#define virt_to_page(addr) __kunit_c_virt_to_page((const void *)(addr))
#define virt_addr_valid(addr) (__kunit_c_virt_to_page((const void *)(addr)) != NULL)

/*
 * The areas vmalloc() and vmap() return (the glue keeps a table of them). vmalloc_to_page()
 * of a vmap() area is the pool page mapped there; vmalloc()'s memory is not the pool's, so
 * for it vmalloc_to_page() fails the current test with that reason and returns NULL; for
 * any other address NULL. A test binary has no modules: is_vmalloc_or_module_addr() is
 * is_vmalloc_addr().
 */
bool is_vmalloc_addr(const void *x);
#define is_vmalloc_or_module_addr(x) is_vmalloc_addr(x)
/* The failure names the caller's file and line. */
struct page *__kunit_c_vmalloc_to_page(const char *file, int line, const void *addr);
#define vmalloc_to_page(addr) __kunit_c_vmalloc_to_page(__FILE__, __LINE__, (addr))
#define vmalloc_to_pfn(addr) page_to_pfn(vmalloc_to_page(addr))

static inline struct page *compound_head(const struct page *page)
{
	return (page->compound_head & 1) ? (struct page *)(page->compound_head - 1)
					 : (struct page *)page;
}
static inline bool PageTail(const struct page *page) { return page->compound_head & 1; }
static inline bool PageHead(const struct page *page)
{
	return !PageTail(page) && page->__kc_order && PageTail(page + 1) &&
	       compound_head(page + 1) == page;
}
static inline bool PageCompound(const struct page *page)
{
	return PageHead(page) || PageTail(page);
}
/* No highmem: every page is mapped (see <linux/highmem.h>). */
static inline bool PageHighMem(const struct page *page) { (void)page; return false; }

#define page_folio(p) ((struct folio *)compound_head(p))
#define folio_page(folio, n) (&(folio)->page + (n))
/* As the kernel keeps it: the low byte of the first tail page's flags. */
static inline unsigned int folio_order(const struct folio *folio)
{
	return PageHead(&folio->page) ? folio->_flags_1 & 0xff : 0;
}
static inline long folio_nr_pages(const struct folio *folio) { return 1L << folio_order(folio); }

/* Which page of @folio @page is (0 for its head). */
static inline unsigned long folio_page_idx(const struct folio *folio, const struct page *page)
{
	return page - &folio->page;
}

/* The folio after @folio in memory (its pages are contiguous). */
static inline struct folio *folio_next(struct folio *folio)
{
	return (struct folio *)folio_page(folio, folio_nr_pages(folio));
}
static inline size_t folio_size(const struct folio *folio) { return PAGE_SIZE << folio_order(folio); }
static inline void *folio_address(const struct folio *folio) { return page_address(&folio->page); }
static inline bool folio_test_large(const struct folio *folio) { return folio_order(folio) > 0; }
static inline bool folio_test_highmem(const struct folio *folio) { (void)folio; return false; }
/* No hugetlbfs: no page belongs to a huge TLB page. */
static inline bool folio_test_hugetlb(const struct folio *folio) { (void)folio; return false; }
static inline bool PageHuge(const struct page *page) { (void)page; return false; }
/* The offset of @p (a byte address or a file position) in the folio holding it. */
#define offset_in_folio(folio, p) ((unsigned long)(p) & (folio_size(folio) - 1))
/* A compound page's order and size in bytes, asked of any of its pages; 0 / PAGE_SIZE alone. */
static inline unsigned int compound_order(const struct page *page)
{
	return folio_order((const struct folio *)compound_head(page));
}
static inline unsigned long page_size(const struct page *page)
{
	return PAGE_SIZE << compound_order(page);
}

/* The reference count is the head page's (the folio's), as in the kernel. */
static inline int page_ref_count(const struct page *page)
{
	return atomic_read(&compound_head(page)->_refcount);
}
#define page_count(page) page_ref_count(page)
#define folio_ref_count(folio) page_ref_count(&(folio)->page)
void get_page(struct page *page);
/* Drops a reference on the page's folio; the last one frees the block it heads. */
void put_page(struct page *page);
#define folio_get(folio) get_page(&(folio)->page)
#define folio_put(folio) put_page(&(folio)->page)
void release_pages(struct page **pages, int nr);
#define folio_alloc(gfp, order) page_folio_or_null(alloc_pages((gfp) | __GFP_COMP, (order)))
static inline struct folio *page_folio_or_null(struct page *page)
{
	return page ? page_folio(page) : NULL;
}

/*
 * get_user_pages() and kin: user memory (vm_mmap()'s, see <linux/uaccess.h>) is the
 * process's own anonymous memory, not pool pages, so it has no struct page to take or pin.
 * These return -EFAULT for an address that is not user memory, as the kernel does; for user
 * memory they fail the current test with that reason (at the caller's file and line) and
 * return -EFAULT, never pages.
 */
long __kunit_c_get_user_pages(const char *file, int line, const char *what, unsigned long start,
			      int nr_pages, unsigned int gup_flags, struct page **pages);
#define get_user_pages_fast(start, nr_pages, gup_flags, pages)                               \
	__kunit_c_get_user_pages(__FILE__, __LINE__, "get_user_pages_fast", (start), (nr_pages), \
				 (gup_flags), (pages))
#define pin_user_pages_fast(start, nr_pages, gup_flags, pages)                               \
	__kunit_c_get_user_pages(__FILE__, __LINE__, "pin_user_pages_fast", (start), (nr_pages), \
				 (gup_flags), (pages))
/* Drops a pin (taken by pin_user_pages*() or, for kernel pages, as a reference). */
static inline void unpin_user_page(struct page *page) { put_page(page); }
static inline void unpin_user_pages(struct page **pages, unsigned long npages)
{
	unsigned long i;

	for (i = 0; i < npages; i++)
		unpin_user_page(pages[i]);
}

#ifndef kvmalloc_node
#define kvmalloc_node(size, flags, node) ((void)(node), kvmalloc(size, flags))
#endif
#ifndef kvzalloc_node
#define kvzalloc_node(size, flags, node) ((void)(node), kvzalloc(size, flags))
#endif

#define offset_in_page(p) ((unsigned long)(p) & ~PAGE_MASK)
#define PAGE_ALIGN(addr) (((addr) + PAGE_SIZE - 1) & PAGE_MASK)
#define PAGE_ALIGNED(addr) (((unsigned long)(addr) & ~PAGE_MASK) == 0)

static inline int get_cmdline(struct task_struct *task, char *buffer, int buflen)
{
	(void)task;
	(void)buffer;
	(void)buflen;
	return 0;
}

/* The highest physical address: x86-64's with 4-level paging (46 bits). */
#ifndef PHYSMEM_END
#define PHYSMEM_END ((1ULL << 46) - 1)
#endif

/*
 * The slab's page of kmalloc()ed memory. That memory is the C heap's, outside the page
 * pool, so its "page" is one shared page marked as the slab's; there is no boot-time
 * (memblock) memory here, whose pages the kernel's PageSlab() tells apart.
 */
extern struct page __kunit_c_slab_page;
static inline struct page *virt_to_head_page(const void *x)
{
	struct page *page = virt_to_page(x);

	return page ? compound_head(page) : &__kunit_c_slab_page;
}
static inline bool PageSlab(const struct page *page) { return page == &__kunit_c_slab_page; }

/* A mapping's flags (vm_flags), with the kernel's values; %pGv prints them by name. */
#define VM_NONE		0x00000000UL
#define VM_READ		0x00000001UL
#define VM_WRITE	0x00000002UL
#define VM_EXEC		0x00000004UL
#define VM_SHARED	0x00000008UL
#define VM_MAYREAD	0x00000010UL
#define VM_MAYWRITE	0x00000020UL
#define VM_MAYEXEC	0x00000040UL
#define VM_MAYSHARE	0x00000080UL
#define VM_GROWSDOWN	0x00000100UL
#define VM_PFNMAP	0x00000400UL
#define VM_LOCKED	0x00002000UL
#define VM_IO		0x00004000UL
#define VM_SEQ_READ	0x00008000UL
#define VM_RAND_READ	0x00010000UL
#define VM_DONTCOPY	0x00020000UL
#define VM_DONTEXPAND	0x00040000UL
#define VM_LOCKONFAULT	0x00080000UL
#define VM_ACCOUNT	0x00100000UL
#define VM_NORESERVE	0x00200000UL
#define VM_HUGETLB	0x00400000UL
#define VM_SYNC		0x00800000UL
#define VM_WIPEONFORK	0x02000000UL
#define VM_DONTDUMP	0x04000000UL
#define VM_MIXEDMAP	0x10000000UL
#define VM_HUGEPAGE	0x20000000UL
#define VM_NOHUGEPAGE	0x40000000UL
#define VM_MERGEABLE	0x80000000UL

#endif /* _LINUX_MM_H */
