/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: a user address space for <linux/uaccess.h>. User memory is what vm_mmap()
 * (and kunit_vm_mmap(), which unmaps it when the test ends) maps: anonymous pages, each
 * mapping followed by an inaccessible guard page. Everything else — the kernel's own
 * memory, kmalloc()ed or on the stack — is not user memory, so copy_from_user() from it
 * fails as the kernel's does. An access that runs from a mapping into its guard page
 * faults there: the copy stops at the end of the mapping and reports the bytes not copied.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "glue.h"

#define KC_EINVAL 22
#define KC_ENOMEM 12
#define KC_MAX_REGIONS 256

struct kc_region {
	uintptr_t start, end; /* mapped [start, end); a guard page follows */
};

static struct kc_region kc_regions[KC_MAX_REGIONS];
static pthread_mutex_t kc_regions_lock = PTHREAD_MUTEX_INITIALIZER;

struct kunit;
typedef void (kc_action_t)(void *);
int kunit_add_action(struct kunit *test, kc_action_t *action, void *ctx);

static size_t kc_round_up(size_t len)
{
	return (len + KC_PAGE_SIZE - 1) & ~(KC_PAGE_SIZE - 1);
}

/* mm/util.c's vm_mmap() for anonymous memory: the address, or -errno as a long. */
KC_WEAK unsigned long vm_mmap(void *file, unsigned long addr, unsigned long len,
			      unsigned long prot, unsigned long flag, unsigned long offset)
{
	size_t size = kc_round_up(len);
	char *p;
	int i;

	(void)addr;
	(void)flag;
	if (file || offset || !len || size < len)
		return (unsigned long)-KC_EINVAL;
	p = mmap(NULL, size + KC_PAGE_SIZE, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return (unsigned long)-KC_ENOMEM;
	if (mprotect(p, size, (int)(prot & (PROT_READ | PROT_WRITE | PROT_EXEC))) != 0) {
		munmap(p, size + KC_PAGE_SIZE);
		return (unsigned long)-KC_ENOMEM;
	}
	pthread_mutex_lock(&kc_regions_lock);
	for (i = 0; i < KC_MAX_REGIONS && kc_regions[i].start; i++)
		;
	if (i < KC_MAX_REGIONS)
		kc_regions[i] = (struct kc_region){ (uintptr_t)p, (uintptr_t)p + size };
	pthread_mutex_unlock(&kc_regions_lock);
	if (i == KC_MAX_REGIONS) {
		munmap(p, size + KC_PAGE_SIZE);
		return (unsigned long)-KC_ENOMEM;
	}
	return (unsigned long)p;
}

KC_WEAK int vm_munmap(unsigned long start, size_t len)
{
	int i;

	(void)len;
	pthread_mutex_lock(&kc_regions_lock);
	for (i = 0; i < KC_MAX_REGIONS; i++) {
		if (kc_regions[i].start == start) {
			munmap((void *)start, kc_regions[i].end - start + KC_PAGE_SIZE);
			kc_regions[i] = (struct kc_region){ 0, 0 };
			break;
		}
	}
	pthread_mutex_unlock(&kc_regions_lock);
	return i == KC_MAX_REGIONS ? -KC_EINVAL : 0;
}

static void kc_vm_munmap_action(void *start)
{
	vm_munmap((unsigned long)start, 0);
}

/* lib/kunit/user_alloc.c's kunit_vm_mmap(): unmapped when the test ends; 0 on failure. */
KC_WEAK unsigned long kunit_vm_mmap(struct kunit *test, void *file, unsigned long addr,
				    unsigned long len, unsigned long prot, unsigned long flag,
				    unsigned long offset)
{
	unsigned long p = vm_mmap(file, addr, len, prot, flag, offset);

	if (KC_IS_ERR_VALUE(p))
		return 0;
	if (kunit_add_action(test, kc_vm_munmap_action, (void *)p) != 0) {
		vm_munmap(p, len);
		return 0;
	}
	return p;
}

/*
 * How many of the @size bytes at @addr a user access reaches before it faults; -1 when
 * @addr is no user address at all (neither in a mapping nor its guard page).
 */
long __kunit_c_user_reach(const void *addr, unsigned long size)
{
	uintptr_t a = (uintptr_t)addr;
	long reach = -1;
	int i;

	pthread_mutex_lock(&kc_regions_lock);
	for (i = 0; i < KC_MAX_REGIONS; i++) {
		const struct kc_region *r = &kc_regions[i];

		if (r->start && a >= r->start && a < r->end + KC_PAGE_SIZE) {
			unsigned long left = a < r->end ? r->end - a : 0;

			reach = (long)(size < left ? size : left);
			break;
		}
	}
	pthread_mutex_unlock(&kc_regions_lock);
	return reach;
}

/* mm/util.c's memdup_user(): a kmalloc()ed copy, ERR_PTR(-EFAULT) when it faults. */
void *__kmalloc_noprof(size_t size, kc_gfp_t flags);
void kfree(const void *p);

static void *kc_memdup_user(const void *src, size_t len, size_t extra)
{
	char *p;

	if (__kunit_c_user_reach(src, len) != (long)len)
		return (void *)(intptr_t)-14; /* ERR_PTR(-EFAULT) */
	p = __kmalloc_noprof(len + extra, 0);
	if (!p)
		return (void *)(intptr_t)-KC_ENOMEM;
	memcpy(p, src, len);
	if (extra)
		p[len] = '\0';
	return p;
}

KC_WEAK void *memdup_user(const void *src, size_t len)
{
	return kc_memdup_user(src, len, 0);
}

KC_WEAK void *vmemdup_user(const void *src, size_t len)
{
	return kc_memdup_user(src, len, 0);
}

KC_WEAK void *memdup_user_nul(const void *src, size_t len)
{
	return kc_memdup_user(src, len, 1);
}
