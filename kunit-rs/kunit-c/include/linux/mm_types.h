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

/*
 * The flags of get_user_pages() and kin (gup_flags), with the kernel's values. See
 * <linux/mm.h>: here they pin no page, since user memory has no struct page.
 */
enum {
	FOLL_WRITE = 1 << 0,
	FOLL_GET = 1 << 1,
	FOLL_DUMP = 1 << 2,
	FOLL_FORCE = 1 << 3,
	FOLL_NOWAIT = 1 << 4,
	FOLL_NOFAULT = 1 << 5,
	FOLL_HWPOISON = 1 << 6,
	FOLL_ANON = 1 << 7,
	FOLL_LONGTERM = 1 << 8,
	FOLL_SPLIT_PMD = 1 << 9,
	FOLL_PCI_P2PDMA = 1 << 10,
	FOLL_INTERRUPTIBLE = 1 << 11,
	FOLL_HONOR_NUMA_FAULT = 1 << 12,
};

/* As the kernel's mm_types.h (for mm_struct's counters): the tree's percpu counters. */
#if __has_include(<linux/percpu_counter.h>)
#include <linux/percpu_counter.h>
#endif

/* A page fault handler's VM_FAULT_* answer bits. */
typedef unsigned int __bitwise vm_fault_t;

#endif /* _LINUX_MM_TYPES_H */
