/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: the per-CPU copies behind <linux/percpu.h> and the CPU of each thread
 * behind <linux/smp.h>.
 *
 * Every CPU's copies live in one reserved region: CPU k's copy of the object at offset o is
 * at region + k * UNIT + o, so a handle (CPU 0's address for alloc_percpu(), the template's
 * address for DEFINE_PER_CPU()) turns into any CPU's copy by arithmetic, inner pointers
 * (&handle->field) included. A template section is given its place in the region the first
 * time an object of its (each linked object or shared library has its own) asks.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "glue.h"

#define KC_MAX_CPUS 64
#define KC_PERCPU_UNIT (16UL << 20)
#define KC_MAX_TEMPLATES 64

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char *region;
static size_t used; /* bytes given out in each CPU's unit */
static struct {
	const char *start, *stop;
	size_t offset;
} templates[KC_MAX_TEMPLATES];
static unsigned int ntemplates;

static void die(const char *what)
{
	fprintf(stderr, "kunit-c: per-CPU memory: %s\n", what);
	abort();
}

/* An offset of @size bytes (aligned to @align) in every CPU's unit; the lock is held. */
static size_t reserve(size_t size, size_t align)
{
	size_t offset;

	if (!region) {
		void *p = mmap(NULL, KC_MAX_CPUS * KC_PERCPU_UNIT, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

		if (p == MAP_FAILED)
			die("cannot reserve the region");
		region = p;
	}
	if (align < 16)
		align = 16;
	offset = (used + align - 1) & ~(align - 1);
	if (offset + size > KC_PERCPU_UNIT || offset + size < offset)
		die("more than 16 MiB per CPU");
	used = offset + size;
	return offset;
}

void *__kunit_c_per_cpu_ptr(const void *ptr, unsigned int cpu, unsigned int nr_cpus,
			    const char *start, const char *stop)
{
	const char *p = ptr;
	size_t offset;
	unsigned int i, c;

	if (cpu >= nr_cpus || nr_cpus > KC_MAX_CPUS)
		die("a CPU number past nr_cpu_ids");
	if (start && p >= start && p < stop) {
		pthread_mutex_lock(&lock);
		for (i = 0; i < ntemplates && templates[i].start != start; i++)
			;
		if (i == ntemplates) {
			if (i == KC_MAX_TEMPLATES)
				die("too many objects with per-CPU variables");
			templates[i].start = start;
			templates[i].stop = stop;
			templates[i].offset = reserve((size_t)(stop - start), 64);
			for (c = 0; c < KC_MAX_CPUS; c++)
				memcpy(region + c * KC_PERCPU_UNIT + templates[i].offset, start,
				       (size_t)(stop - start));
			__atomic_store_n(&ntemplates, i + 1, __ATOMIC_RELEASE);
		}
		offset = templates[i].offset + (size_t)(p - start);
		pthread_mutex_unlock(&lock);
		return region + cpu * KC_PERCPU_UNIT + offset;
	}
	if (!region || p < region || p >= region + KC_PERCPU_UNIT)
		die("per_cpu_ptr() of an address that is not per-CPU");
	return (char *)p + cpu * KC_PERCPU_UNIT;
}

void *__kunit_c_alloc_percpu(size_t size, size_t align, unsigned int nr_cpus)
{
	size_t offset;
	unsigned int c;

	(void)nr_cpus;
	pthread_mutex_lock(&lock);
	offset = reserve(size ? size : 1, align);
	for (c = 0; c < KC_MAX_CPUS; c++)
		memset(region + c * KC_PERCPU_UNIT + offset, 0, size);
	pthread_mutex_unlock(&lock);
	return region + offset;
}

void __kunit_c_free_percpu(void *ptr)
{
	(void)ptr; /* not reused: see <linux/percpu.h> */
}

unsigned int __kunit_c_smp_processor_id(unsigned int nr_cpus)
{
	static unsigned int next;
	static __thread unsigned int cpu_plus_one;

	if (!cpu_plus_one)
		cpu_plus_one = __atomic_fetch_add(&next, 1, __ATOMIC_RELAXED) % nr_cpus + 1;
	return cpu_plus_one - 1;
}
