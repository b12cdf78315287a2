/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: the network stack's boot-time objects that socket code names: the one
 * network namespace, init_net (its per-CPU socket counts allocated before main()), TCP's
 * struct proto, tcp_prot, and alloc_large_system_hash() (mm/mm_init.c), which sizes boot
 * hash tables from the machine's memory.
 */
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "glue.h"

void *__kunit_c_alloc_percpu(size_t size, size_t align, unsigned int nr_cpus);

/* struct net and struct proto as <net/net_namespace.h> and <net/sock.h> lay them out. */
struct kc_net {
	int passive;
	int count;
	void *prot_inuse;
};
_Static_assert(sizeof(struct kc_net) == 16, "<net/net_namespace.h>'s struct net");

struct kc_proto {
	void (*destroy)(void *sk);
	unsigned int obj_size;
	unsigned int inuse_idx;
	void *owner;
	char name[32];
};
_Static_assert(sizeof(struct kc_proto) == 56, "<net/sock.h>'s struct proto");

/*
 * A boot-time table: zeroed, and never freed, as the kernel's (memblock) are. Each stays
 * linked from a static list, so it is reachable to the end and LeakSanitizer does not take a
 * table that lives as long as the process for a leak.
 */
struct kc_boot_block {
	struct kc_boot_block *next;
	max_align_t data[];
};

static struct kc_boot_block *kc_boot_blocks;
static pthread_mutex_t kc_boot_lock = PTHREAD_MUTEX_INITIALIZER;

static void *kc_boot_table(size_t n, size_t size)
{
	struct kc_boot_block *b;

	if (size && n > (SIZE_MAX - sizeof(*b)) / size)
		return NULL;
	b = calloc(1, sizeof(*b) + n * size);
	if (!b)
		return NULL;
	pthread_mutex_lock(&kc_boot_lock);
	b->next = kc_boot_blocks;
	kc_boot_blocks = b;
	pthread_mutex_unlock(&kc_boot_lock);
	return b->data;
}

/* struct prot_inuse: the count of all sockets, then PROTO_INUSE_NR protocols' counts. */
#define KC_PROTO_INUSE_NR 64

struct kc_net init_net = { .passive = 1, .count = 1 };
struct kc_proto tcp_prot = { .obj_size = 0, .inuse_idx = 0, .name = "TCP" };

__attribute__((constructor)) static void kc_net_init(void)
{
	init_net.prot_inuse = __kunit_c_alloc_percpu((1 + KC_PROTO_INUSE_NR) * sizeof(int),
						     sizeof(int), 0);
}

void *alloc_large_system_hash(const char *tablename, unsigned long bucketsize,
			      unsigned long numentries, int scale, int flags,
			      unsigned int *_hash_shift, unsigned int *_hash_mask,
			      unsigned long low_limit, unsigned long high_limit)
{
	const unsigned long page_shift = 12, page_size = 1UL << page_shift;
	long phys = sysconf(_SC_PHYS_PAGES), host_page = sysconf(_SC_PAGESIZE);
	unsigned long long pages = (unsigned long long)(phys > 0 ? phys : 1) *
				   (unsigned long long)(host_page > 0 ? host_page : 4096) / page_size;
	unsigned long long max = high_limit;
	unsigned int log2qty = 0;
	void *table;

	(void)flags; /* HASH_ZERO or not, the table is zeroed; HASH_EARLY/SMALL change nothing here */
	if (!numentries) {
		numentries = pages;
		/* Whole megabytes of memory, then one bucket per 2^scale bytes. */
		numentries = (numentries + (1UL << (20 - page_shift)) - 1) &
			     ~((1UL << (20 - page_shift)) - 1);
		if ((unsigned long)scale > page_shift)
			numentries >>= (scale - page_shift);
		else
			numentries <<= (page_shift - scale);
		if (numentries * bucketsize < page_size)
			numentries = page_size / bucketsize;
	}
	/* Rounded up to a power of two. */
	while ((1UL << log2qty) < numentries)
		log2qty++;
	numentries = 1UL << log2qty;
	if (!max)
		max = (pages << page_shift) / 16 / bucketsize;
	if (max > 0x80000000ULL)
		max = 0x80000000ULL;
	if (numentries < low_limit)
		numentries = low_limit;
	if (numentries > max)
		numentries = max;
	/* ilog2: a limit that is not a power of two rounds down. */
	for (log2qty = 0; (2UL << log2qty) <= numentries; log2qty++)
		;
	table = kc_boot_table(1UL << log2qty, bucketsize);
	if (!table) {
		fprintf(stderr, "Kernel panic - not syncing: Failed to allocate %s hash table\n",
			tablename);
		abort();
	}
	if (_hash_shift)
		*_hash_shift = log2qty;
	if (_hash_mask)
		*_hash_mask = (1U << log2qty) - 1;
	return table;
}
