/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: struct page, one per page of kunit-c's page pool (see <linux/mm.h>). The fields
 * library code and its tests use; the layout is the glue's (kunit-c-runtime's page.c).
 */
#ifndef _LINUX_MM_TYPES_H
#define _LINUX_MM_TYPES_H

#include <linux/types.h>

struct address_space;

struct page {
	unsigned long flags;
	struct list_head lru;
	struct address_space *mapping;
	unsigned long index;
	unsigned long private;
	atomic_t _refcount;
	/* kunit-c: the order of the block this page heads, for put_page()'s last reference. */
	unsigned int __kc_order;
};

#endif /* _LINUX_MM_TYPES_H */
