/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: vmalloc() as its own mapping, followed by an unmapped guard page (as in the
 * kernel, where vmalloc areas are separated by guard pages), so an overrun past the end of
 * a page-multiple allocation faults instead of going unnoticed. kunit-c's glue maps it.
 */
#ifndef _LINUX_VMALLOC_H
#define _LINUX_VMALLOC_H

#include <linux/types.h>
#include <linux/gfp.h>
#include <asm/page.h>
#include <asm/pgtable.h>

void *vmalloc(unsigned long size) __malloc __alloc_size__(1);
/* Zeroed (anonymous mappings start zeroed). */
void *vzalloc(unsigned long size) __malloc __alloc_size__(1);
void vfree(const void *addr);
static inline void *vmalloc_array(size_t n, size_t size)
{
	size_t bytes;

	return __builtin_mul_overflow(n, size, &bytes) ? NULL : vmalloc(bytes);
}
static inline void *vcalloc(size_t n, size_t size)
{
	size_t bytes;

	return __builtin_mul_overflow(n, size, &bytes) ? NULL : vzalloc(bytes);
}
struct page;

#define VM_MAP 0x00000004
/* vfree() of the mapping puts the pages and kvfree()s the array. */
#define VM_MAP_PUT_PAGES 0x00000200
/*
 * The @count pool pages mapped again, contiguous, with a guard page after them: a write
 * through the mapping is one to the pages (page_address() sees it). vunmap() removes the
 * mapping only; vfree() also puts the pages if VM_MAP_PUT_PAGES was given. @prot is not
 * enforced.
 */
void *vmap(struct page **pages, unsigned int count, unsigned long flags, pgprot_t prot);
void vunmap(const void *addr);

static inline void *__vmalloc(unsigned long size, gfp_t gfp_mask)
{
	(void)gfp_mask;
	return vmalloc(size);
}

#endif /* _LINUX_VMALLOC_H */
