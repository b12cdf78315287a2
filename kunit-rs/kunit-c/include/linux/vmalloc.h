/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: vmalloc() as its own mapping, followed by an unmapped guard page (as in the
 * kernel, where vmalloc areas are separated by guard pages), so an overrun past the
 * end of a page-multiple allocation faults instead of going unnoticed.
 */
#ifndef _LINUX_VMALLOC_H
#define _LINUX_VMALLOC_H

#include <stddef.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <asm/page.h>

/* Layout: [one page holding the mapping length][size rounded up to pages][guard page]. */
static inline void *vmalloc(unsigned long size)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t data = (size + page - 1) / page * page;
	size_t total = page + data + page;
	char *base = (char *)mmap(NULL, total, PROT_READ | PROT_WRITE,
				  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (base == (char *)MAP_FAILED)
		return NULL;
	if (mprotect(base + page + data, page, PROT_NONE)) {
		munmap(base, total);
		return NULL;
	}
	memcpy(base, &total, sizeof(total));
	return base + page;
}

static inline void *vzalloc(unsigned long size)
{
	return vmalloc(size); /* anonymous mappings start zeroed */
}

static inline void vfree(const void *addr)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	char *base;
	size_t total;

	if (!addr)
		return;
	base = (char *)addr - page;
	memcpy(&total, base, sizeof(total));
	munmap(base, total);
}

#endif /* _LINUX_VMALLOC_H */
