/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: boot-time allocation, which a running test process has long passed: memblock
 * allocations come from the slab, zeroed as memblock_alloc()'s are.
 */
#ifndef _LINUX_MEMBLOCK_H
#define _LINUX_MEMBLOCK_H

#include <linux/cache.h>
#include <linux/slab.h>
#include <linux/types.h>

static inline void *memblock_alloc(phys_addr_t size, phys_addr_t align)
{
	(void)align;
	return kzalloc(size, GFP_KERNEL);
}

#define memblock_alloc_or_panic(size, align) memblock_alloc((size), (align))
#define memblock_alloc_raw(size, align) memblock_alloc((size), (align))

static inline void memblock_free(void *ptr, size_t size)
{
	(void)size;
	kfree(ptr);
}

#endif /* _LINUX_MEMBLOCK_H */
