/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the page flags (the kernel's <linux/page-flags.h>): their bit numbers, in the
 * kernel's order, and the mask of the flags area (the fields above it are
 * <linux/page-flags-layout.h>'s). %pGp prints them by the names kunit-c's glue keeps in
 * pageflag_names[] (mm/debug.c's table). Compound pages are kunit-c's own (<linux/mm.h>):
 * PG_head is named, not set.
 */
#ifndef PAGE_FLAGS_H
#define PAGE_FLAGS_H

#include <linux/page-flags-layout.h>

enum pageflags {
	PG_locked,
	PG_writeback,
	PG_referenced,
	PG_uptodate,
	PG_dirty,
	PG_lru,
	PG_head,
	PG_waiters,
	PG_active,
	PG_workingset,
	PG_owner_priv_1,
	PG_owner_2,
	PG_arch_1,
	PG_reserved,
	PG_private,
	PG_private_2,
	PG_reclaim,
	PG_swapbacked,
	PG_unevictable,
	PG_mlocked,
	__NR_PAGEFLAGS,

	/* Second names of a flag, by use. */
	PG_readahead = PG_reclaim,
	PG_swapcache = PG_owner_priv_1,
	PG_checked = PG_owner_priv_1,
	PG_fscache = PG_private_2,
	PG_pinned = PG_owner_priv_1,
	PG_foreign = PG_owner_priv_1,
	PG_dropbehind = PG_reclaim,
};

#define NR_PAGEFLAGS __NR_PAGEFLAGS
#define PAGEFLAGS_MASK ((1UL << NR_PAGEFLAGS) - 1)

#endif /* PAGE_FLAGS_H */
