/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: there is no highmem (as on 64-bit kernels): every pool page is mapped, so
 * kmap*() return page_address() and the unmaps only check their argument's type.
 */
#ifndef _LINUX_HIGHMEM_H
#define _LINUX_HIGHMEM_H

#include <linux/mm.h>
#include <linux/string.h>
#include <linux/bug.h>

static inline void *kmap(struct page *page) { return page_address(page); }
static inline void kunmap(struct page *page) { (void)page; }
static inline void *kmap_local_page(struct page *page) { return page_address(page); }
static inline void *kmap_atomic(struct page *page) { return page_address(page); }
static inline void *kmap_local_folio(struct folio *folio, size_t offset)
{
	return (char *)folio_address(folio) + offset;
}
/* As the kernel's: the address kmap_local_page() returned, never the page. */
#define kunmap_local(addr)                                                 \
	do {                                                               \
		BUILD_BUG_ON(__same_type((addr), struct page *));          \
		(void)(addr);                                              \
	} while (0)
#define kunmap_atomic(addr) kunmap_local(addr)

static inline void memcpy_to_page(struct page *page, size_t offset, const char *from,
				  size_t len)
{
	char *to = kmap_local_page(page);

	BUG_ON(offset + len > PAGE_SIZE);
	memcpy(to + offset, from, len);
	kunmap_local(to);
}

static inline void memcpy_from_page(char *to, struct page *page, size_t offset, size_t len)
{
	char *from = kmap_local_page(page);

	BUG_ON(offset + len > PAGE_SIZE);
	memcpy(to, from + offset, len);
	kunmap_local(from);
}

static inline void memcpy_page(struct page *dst_page, size_t dst_off, struct page *src_page,
			       size_t src_off, size_t len)
{
	memcpy((char *)page_address(dst_page) + dst_off,
	       (char *)page_address(src_page) + src_off, len);
}

static inline void memzero_page(struct page *page, size_t offset, size_t len)
{
	memset((char *)page_address(page) + offset, 0, len);
}

static inline void clear_highpage(struct page *page)
{
	memset(page_address(page), 0, PAGE_SIZE);
}

#endif /* _LINUX_HIGHMEM_H */
