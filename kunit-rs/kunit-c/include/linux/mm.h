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
#include <linux/atomic.h>
#include <asm/page.h>
#include <asm/pgtable.h>

struct task_struct;

extern struct page mem_map[];
#define page_to_pfn(page) ((unsigned long)((page) - mem_map))
#define pfn_to_page(pfn) (mem_map + (pfn))

void *page_address(const struct page *page);
#define lowmem_page_address(page) page_address(page)
#define page_to_virt(page) page_address(page)
struct page *__kunit_c_virt_to_page(const void *addr);
#define virt_to_page(addr) __kunit_c_virt_to_page((const void *)(addr))
#define virt_addr_valid(addr) (__kunit_c_virt_to_page((const void *)(addr)) != NULL)

static inline int page_ref_count(const struct page *page)
{
	return atomic_read(&page->_refcount);
}
#define page_count(page) page_ref_count(page)
void get_page(struct page *page);
/* Drops a reference; the last one frees the block the page heads. */
void put_page(struct page *page);
void release_pages(struct page **pages, int nr);

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

#endif /* _LINUX_MM_H */
