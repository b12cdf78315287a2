/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: cache maintenance for a test process. The host keeps its caches coherent with
 * memory and with instruction fetch (as x86 does, where the kernel's flushes are empty), and
 * a process has one address space, so every flush has nothing to do: they are the kernel's
 * no-op forms (asm-generic's names). Copying to or from a user page is a plain copy.
 */
#ifndef _ASM_CACHEFLUSH_H
#define _ASM_CACHEFLUSH_H

#include <linux/string.h>

struct mm_struct;
struct vm_area_struct;
struct page;
struct address_space;

static inline void flush_cache_all(void) { }
static inline void flush_cache_mm(struct mm_struct *mm) { (void)mm; }
static inline void flush_cache_dup_mm(struct mm_struct *mm) { (void)mm; }

static inline void flush_cache_range(struct vm_area_struct *vma, unsigned long start,
				     unsigned long end)
{
	(void)vma;
	(void)start;
	(void)end;
}

static inline void flush_cache_page(struct vm_area_struct *vma, unsigned long vmaddr,
				    unsigned long pfn)
{
	(void)vma;
	(void)vmaddr;
	(void)pfn;
}

/* 0: <linux/cacheflush.h> gives flush_dcache_folio() its empty form. */
#define ARCH_IMPLEMENTS_FLUSH_DCACHE_PAGE 0
static inline void flush_dcache_page(struct page *page) { (void)page; }
static inline void flush_dcache_mmap_lock(struct address_space *mapping) { (void)mapping; }
static inline void flush_dcache_mmap_unlock(struct address_space *mapping) { (void)mapping; }

static inline void flush_icache_range(unsigned long start, unsigned long end)
{
	(void)start;
	(void)end;
}
#define flush_icache_user_range flush_icache_range

static inline void flush_icache_user_page(struct vm_area_struct *vma, struct page *page,
					  unsigned long addr, int len)
{
	(void)vma;
	(void)page;
	(void)addr;
	(void)len;
}

static inline void flush_cache_vmap(unsigned long start, unsigned long end)
{
	(void)start;
	(void)end;
}

static inline void flush_cache_vmap_early(unsigned long start, unsigned long end)
{
	(void)start;
	(void)end;
}

static inline void flush_cache_vunmap(unsigned long start, unsigned long end)
{
	(void)start;
	(void)end;
}

#define copy_to_user_page(vma, page, vaddr, dst, src, len)                                    \
	do {                                                                                  \
		(void)(vma);                                                                  \
		(void)(page);                                                                 \
		(void)(vaddr);                                                                \
		memcpy(dst, src, len);                                                        \
	} while (0)

#define copy_from_user_page(vma, page, vaddr, dst, src, len)                                  \
	do {                                                                                  \
		(void)(vma);                                                                  \
		(void)(page);                                                                 \
		(void)(vaddr);                                                                \
		memcpy(dst, src, len);                                                        \
	} while (0)

#endif /* _ASM_CACHEFLUSH_H */
