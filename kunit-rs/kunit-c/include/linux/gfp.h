/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
#ifndef __LINUX_GFP_H
#define __LINUX_GFP_H

#include <linux/gfp_types.h>
/* As the kernel's (through <linux/mmzone.h>): the CPU and node queries come along. */
#include <linux/topology.h>

/* The flags argument of kmalloc_obj() and friends: GFP_KERNEL unless one is given. */
#define __default_gfp(a, ...) a
#define default_gfp(...) __default_gfp(__VA_ARGS__ __VA_OPT__(,) GFP_KERNEL)

static inline bool gfpflags_allow_blocking(const gfp_t gfp_flags)
{
	return !!(gfp_flags & __GFP_DIRECT_RECLAIM);
}

/*
 * Pages from kunit-c's page pool (see <linux/mm.h>): blocks of 2^order pages, aligned to
 * their size; NULL when the pool has no such block (or order > MAX_PAGE_ORDER, with a
 * warning unless __GFP_NOWARN). Safe with GFP_ATOMIC in the irq stand-in's contexts.
 */
#define MAX_PAGE_ORDER 10
#define MAX_ORDER_NR_PAGES (1 << MAX_PAGE_ORDER)

struct page;

struct page *alloc_pages_noprof(gfp_t gfp, unsigned int order);
#define alloc_pages(gfp, order) alloc_pages_noprof(gfp, order)
#define alloc_page(gfp) alloc_pages(gfp, 0)
/* Drops the caller's reference; the last one frees the block. */
void __free_pages(struct page *page, unsigned int order);
#define __free_page(page) __free_pages((page), 0)
unsigned long __get_free_pages(gfp_t gfp, unsigned int order);
#define __get_free_page(gfp) __get_free_pages((gfp), 0)
#define get_zeroed_page(gfp) __get_free_pages((gfp) | __GFP_ZERO, 0)
void free_pages(unsigned long addr, unsigned int order);
#define free_page(addr) free_pages((addr), 0)
/* Fills the NULL entries of @page_array; returns how many entries are populated. */
unsigned long alloc_pages_bulk_array_noprof(gfp_t gfp, unsigned long nr_pages,
					    struct page **page_array);
#define alloc_pages_bulk_array(gfp, nr_pages, page_array) \
	alloc_pages_bulk_array_noprof(gfp, nr_pages, page_array)

#endif /* __LINUX_GFP_H */
