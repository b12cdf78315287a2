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

/* alloc_large_system_hash()'s flags. */
#define HASH_EARLY 0x00000001 /* allocated from memblock at boot */
#define HASH_SMALL 0x00000002 /* sub-page allocation allowed */
#define HASH_ZERO 0x00000004 /* zeroed */

/*
 * A boot-time hash table of 2^n buckets of @bucketsize bytes: @numentries rounded up to a
 * power of two, or, when 0, one bucket per 2^@scale bytes of the machine's memory (at least
 * a page's worth); then at least @low_limit and at most @high_limit buckets (0: at most a
 * sixteenth of memory). Writes n to *@_hash_shift and 2^n - 1 to *@_hash_mask (each when not
 * NULL); panics when the memory is not there. The table is never freed.
 */
void *alloc_large_system_hash(const char *tablename, unsigned long bucketsize,
			      unsigned long numentries, int scale, int flags,
			      unsigned int *_hash_shift, unsigned int *_hash_mask,
			      unsigned long low_limit, unsigned long high_limit);

#endif /* _LINUX_MEMBLOCK_H */
