/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: AddressSanitizer's user poisoning, when its runtime is in the process
 * (`kunit c --sanitize=address` preloads it; the glue itself is not instrumented). Looked up
 * once by name: without the runtime every call does nothing.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#include "glue.h"

typedef void (*kc_region_fn)(const volatile void *addr, size_t size);

static kc_region_fn poison_fn, unpoison_fn;
static pthread_once_t lookup_once = PTHREAD_ONCE_INIT;

static void lookup(void)
{
	poison_fn = (kc_region_fn)dlsym(RTLD_DEFAULT, "__asan_poison_memory_region");
	unpoison_fn = (kc_region_fn)dlsym(RTLD_DEFAULT, "__asan_unpoison_memory_region");
	if (!poison_fn || !unpoison_fn)
		poison_fn = unpoison_fn = NULL;
}

bool kunit_c_asan_present(void)
{
	pthread_once(&lookup_once, lookup);
	return poison_fn != NULL;
}

void kc_asan_poison(const void *p, size_t size)
{
	if (size && kunit_c_asan_present())
		poison_fn(p, size);
}

void kc_asan_unpoison(const void *p, size_t size)
{
	if (size && kunit_c_asan_present())
		unpoison_fn(p, size);
}
