/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: the sanitizers' annotations, when their runtime is in the process (`kunit c
 * --sanitize` preloads it; the glue itself is not instrumented): AddressSanitizer's user
 * poisoning (the allocator's), and ThreadSanitizer's acquire/release of a synchronisation
 * the glue makes with atomics TSan does not see (RCU's grace period). Looked up once by name:
 * without the runtime every call does nothing.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#include "glue.h"

typedef void (*kc_region_fn)(const volatile void *addr, size_t size);

typedef void (*kc_sync_fn)(void *addr);

static kc_region_fn poison_fn, unpoison_fn;
static kc_sync_fn acquire_fn, release_fn;
static pthread_once_t lookup_once = PTHREAD_ONCE_INIT;

static void lookup(void)
{
	poison_fn = (kc_region_fn)dlsym(RTLD_DEFAULT, "__asan_poison_memory_region");
	unpoison_fn = (kc_region_fn)dlsym(RTLD_DEFAULT, "__asan_unpoison_memory_region");
	if (!poison_fn || !unpoison_fn)
		poison_fn = unpoison_fn = NULL;
	acquire_fn = (kc_sync_fn)dlsym(RTLD_DEFAULT, "__tsan_acquire");
	release_fn = (kc_sync_fn)dlsym(RTLD_DEFAULT, "__tsan_release");
	if (!acquire_fn || !release_fn)
		acquire_fn = release_fn = NULL;
	/*
	 * A failed lookup leaves glibc's malloc'd error record on this thread until dlerror()
	 * has returned it and is called again; LeakSanitizer's end-of-run check would report
	 * it as a leak while the (case) thread is still being torn down.
	 */
	dlerror();
	dlerror();
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

void kc_tsan_acquire(void *sync)
{
	pthread_once(&lookup_once, lookup);
	if (acquire_fn)
		acquire_fn(sync);
}

void kc_tsan_release(void *sync)
{
	pthread_once(&lookup_once, lookup);
	if (release_fn)
		release_fn(sync);
}
