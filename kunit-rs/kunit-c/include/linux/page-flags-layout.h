/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: where struct page's flags word keeps its fields (the kernel's
 * <linux/page-flags-layout.h>): from the top bit down the section, node, zone, last-cpupid
 * and KASAN-tag fields, then the page flags from bit 0. kunit-c's configuration: no
 * sections in the flags (SPARSEMEM_VMEMMAP), NODES_SHIFT node bits (0: one node), 2 zone
 * bits, no NUMA-balancing cpupid, no KASAN tag. A field of width 0 has shift and mask 0.
 */
#ifndef PAGE_FLAGS_LAYOUT_H
#define PAGE_FLAGS_LAYOUT_H

#include <linux/numa.h>
#include <linux/types.h>

#define SECTIONS_WIDTH		0
#define NODES_WIDTH		NODES_SHIFT
#define ZONES_SHIFT		2
#define ZONES_WIDTH		ZONES_SHIFT
#define LAST_CPUPID_SHIFT	0
#define LAST_CPUPID_WIDTH	0
#define KASAN_TAG_WIDTH		0

/* Each field's offset from bit 0: below the one above it. */
#define SECTIONS_PGOFF		((int)(sizeof(unsigned long) * 8) - SECTIONS_WIDTH)
#define NODES_PGOFF		(SECTIONS_PGOFF - NODES_WIDTH)
#define ZONES_PGOFF		(NODES_PGOFF - ZONES_WIDTH)
#define LAST_CPUPID_PGOFF	(ZONES_PGOFF - LAST_CPUPID_WIDTH)
#define KASAN_TAG_PGOFF		(LAST_CPUPID_PGOFF - KASAN_TAG_WIDTH)

#define SECTIONS_PGSHIFT	(SECTIONS_PGOFF * (SECTIONS_WIDTH != 0))
#define NODES_PGSHIFT		(NODES_PGOFF * (NODES_WIDTH != 0))
#define ZONES_PGSHIFT		(ZONES_PGOFF * (ZONES_WIDTH != 0))
#define LAST_CPUPID_PGSHIFT	(LAST_CPUPID_PGOFF * (LAST_CPUPID_WIDTH != 0))
#define KASAN_TAG_PGSHIFT	(KASAN_TAG_PGOFF * (KASAN_TAG_WIDTH != 0))

#define SECTIONS_MASK		((1UL << SECTIONS_WIDTH) - 1)
#define NODES_MASK		((1UL << NODES_WIDTH) - 1)
#define ZONES_MASK		((1UL << ZONES_WIDTH) - 1)
#define LAST_CPUPID_MASK	((1UL << LAST_CPUPID_SHIFT) - 1)
#define KASAN_TAG_MASK		((1UL << KASAN_TAG_WIDTH) - 1)

#endif /* PAGE_FLAGS_LAYOUT_H */
