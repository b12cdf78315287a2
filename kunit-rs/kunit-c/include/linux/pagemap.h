/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the page cache's view of a folio that library code takes from <linux/pagemap.h>
 * (its position and size in a file). There are no address spaces, so the page cache itself
 * (lookups, locking, writeback) is absent.
 */
#ifndef _LINUX_PAGEMAP_H
#define _LINUX_PAGEMAP_H

#include <linux/mm.h>
#include <linux/fs.h>
#include <linux/highmem.h>
#include <linux/uaccess.h>
#include <linux/gfp.h>

/* The allocation flags of a mapping's pages, and those flags within @gfp_mask. */
static inline gfp_t mapping_gfp_mask(struct address_space *mapping)
{
	return mapping->gfp_mask;
}

static inline gfp_t mapping_gfp_constraint(struct address_space *mapping, gfp_t gfp_mask)
{
	return mapping_gfp_mask(mapping) & gfp_mask;
}

static inline void mapping_set_gfp_mask(struct address_space *m, gfp_t mask)
{
	m->gfp_mask = mask;
}

/* The page of the (page-cache) folio headed by @head that holds file page @index. */
static inline struct page *find_subpage(struct page *head, pgoff_t index)
{
	return head + (index & (folio_nr_pages(page_folio(head)) - 1));
}

/*
 * Faulting user memory in before an atomic copy: here user memory is always present, so
 * these only find where it ends. They return the bytes of @size at @uaddr that cannot be
 * reached (0: all can), as the kernel's.
 */
static inline size_t __kc_fault_in(const void __user *uaddr, size_t size)
{
	long reach;

	if (!size)
		return 0;
	reach = __kunit_c_user_reach(uaddr, size);
	return reach < 0 ? size : size - (size_t)reach;
}
#define fault_in_readable(uaddr, size) __kc_fault_in((uaddr), (size))
#define fault_in_writeable(uaddr, size) __kc_fault_in((uaddr), (size))
#define fault_in_safe_writeable(uaddr, size) __kc_fault_in((uaddr), (size))

#endif /* _LINUX_PAGEMAP_H */
