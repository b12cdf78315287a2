/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: struct page, one per page of kunit-c's page pool (see <linux/mm.h>), and struct
 * folio over it. The fields library code and its tests use; the layout is the glue's
 * (kunit-c-runtime's page.c).
 */
#ifndef _LINUX_MM_TYPES_H
#define _LINUX_MM_TYPES_H

#include <linux/types.h>

struct address_space;

#define __KC_PAGE_FIELDS                                                          \
	unsigned long flags;                                                      \
	struct list_head lru;                                                     \
	struct address_space *mapping;                                            \
	unsigned long index;                                                      \
	unsigned long private;                                                    \
	atomic_t _refcount;                                                       \
	/* kunit-c: the order of the block this page heads, for the last put. */  \
	unsigned int __kc_order;                                                  \
	/* A tail page of a compound page: its head's address | 1, as the kernel's. */ \
	unsigned long compound_head

struct page {
	__KC_PAGE_FIELDS;
};

/*
 * A folio is a head page (or a page that is not part of a compound page), with the same
 * fields; its pages are the head and the tail pages after it (alloc_pages(__GFP_COMP)).
 */
struct folio {
	union {
		struct {
			__KC_PAGE_FIELDS;
		};
		struct page page;
	};
	/* The first tail page: its flags' low byte is the folio's order, as the kernel's. */
	union {
		struct {
			unsigned long _flags_1;
		};
		struct page __page_1;
	};
};

#endif /* _LINUX_MM_TYPES_H */
