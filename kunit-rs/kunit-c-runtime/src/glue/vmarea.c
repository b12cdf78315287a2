/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: the table of vmalloc() and vmap() areas, for is_vmalloc_addr() and
 * vmalloc_to_page() (<linux/mm.h>). A vmap() area records the pool page behind each of its
 * pages; a vmalloc() area is anonymous memory, with no struct page. Areas are added and
 * removed under a mutex (vmalloc()/vmap() may sleep); lookups read the table without it, so
 * they work in the irq stand-in's contexts too (a lookup racing the area's removal is the
 * caller's use-after-free, as in the kernel).
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

#include "glue.h"

#define KC_MAX_AREAS 16384

struct kc_area {
	_Atomic uintptr_t start; /* 0: a free slot */
	/* Atomic too: a lookup may read them while an add or a remove rewrites the slot. */
	_Atomic uintptr_t end;
	unsigned long *_Atomic pfns; /* NULL for vmalloc()'s memory */
};

static struct kc_area kc_areas[KC_MAX_AREAS];
static pthread_mutex_t kc_areas_lock = PTHREAD_MUTEX_INITIALIZER;
/* Slots at or past this were never used: lookups stop there. */
static _Atomic int kc_areas_high;

/* Records [start, start + len); @pfns (owned by the table from here) or NULL. 0, or -1 full. */
int __kunit_c_vm_area_add(const void *start, size_t len, unsigned long *pfns)
{
	int i, ret = -1;

	pthread_mutex_lock(&kc_areas_lock);
	for (i = 0; i < KC_MAX_AREAS; i++) {
		if (atomic_load_explicit(&kc_areas[i].start, memory_order_relaxed))
			continue;
		atomic_store_explicit(&kc_areas[i].end, (uintptr_t)start + len, memory_order_relaxed);
		atomic_store_explicit(&kc_areas[i].pfns, pfns, memory_order_relaxed);
		atomic_store_explicit(&kc_areas[i].start, (uintptr_t)start, memory_order_release);
		if (i >= atomic_load_explicit(&kc_areas_high, memory_order_relaxed))
			atomic_store_explicit(&kc_areas_high, i + 1, memory_order_release);
		ret = 0;
		break;
	}
	pthread_mutex_unlock(&kc_areas_lock);
	return ret;
}

/* Forgets the area that starts at @start (and frees its page numbers). */
void __kunit_c_vm_area_remove(const void *start)
{
	unsigned long *pfns = NULL;
	int i;

	pthread_mutex_lock(&kc_areas_lock);
	for (i = 0; i < atomic_load_explicit(&kc_areas_high, memory_order_relaxed); i++) {
		if (atomic_load_explicit(&kc_areas[i].start, memory_order_relaxed) !=
		    (uintptr_t)start)
			continue;
		pfns = atomic_load_explicit(&kc_areas[i].pfns, memory_order_relaxed);
		atomic_store_explicit(&kc_areas[i].start, 0, memory_order_release);
		break;
	}
	pthread_mutex_unlock(&kc_areas_lock);
	free(pfns);
}

static struct kc_area *find_area(const void *addr)
{
	uintptr_t a = (uintptr_t)addr;
	int i, high = atomic_load_explicit(&kc_areas_high, memory_order_acquire);

	for (i = 0; i < high; i++) {
		uintptr_t start = atomic_load_explicit(&kc_areas[i].start, memory_order_acquire);

		if (start && a >= start &&
		    a < atomic_load_explicit(&kc_areas[i].end, memory_order_relaxed))
			return &kc_areas[i];
	}
	return NULL;
}

bool is_vmalloc_addr(const void *x)
{
	return find_area(x) != NULL;
}

/*
 * The pool page number behind @addr in a vmap() area; -1 when @addr is in no area, -2 in a
 * vmalloc() area (no struct page). page.c's vmalloc_to_page() answers from it.
 */
long __kunit_c_vm_area_pfn(const void *addr)
{
	struct kc_area *area = find_area(addr);
	unsigned long *pfns;
	uintptr_t start;

	if (!area)
		return -1;
	start = atomic_load_explicit(&area->start, memory_order_acquire);
	pfns = atomic_load_explicit(&area->pfns, memory_order_relaxed);
	if (!pfns)
		return -2;
	return (long)pfns[((uintptr_t)addr - start) / KC_PAGE_SIZE];
}
