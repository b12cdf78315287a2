/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c glue: time, random numbers, vmalloc and UUID constants for the kernel headers. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "glue.h"

static unsigned long long clock_ns(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (unsigned long long)ts.tv_sec * 1000000000ull + (unsigned long long)ts.tv_nsec;
}

unsigned long long ktime_get_ns(void) { return clock_ns(CLOCK_MONOTONIC); }
unsigned long long ktime_get_real_ns(void) { return clock_ns(CLOCK_REALTIME); }
unsigned long long ktime_get_boottime_ns(void) { return clock_ns(CLOCK_BOOTTIME); }

/* xorshift64*, per thread, from KUNIT_C_RANDOM_SEED or a fixed seed (see <linux/random.h>). */
static __thread unsigned long long random_state;

static unsigned long long random_next(void)
{
	if (!random_state) {
		const char *env = getenv("KUNIT_C_RANDOM_SEED");
		unsigned long long seed = env ? strtoull(env, NULL, 0) : 0;

		random_state = seed ? seed : 0x9e3779b97f4a7c15ull;
	}
	random_state ^= random_state >> 12;
	random_state ^= random_state << 25;
	random_state ^= random_state >> 27;
	return random_state * 0x2545f4914f6cdd1dull;
}

void get_random_bytes(void *buf, size_t len)
{
	unsigned char *p = buf;

	while (len) {
		unsigned long long v = random_next();
		size_t n = len < 8 ? len : 8;

		memcpy(p, &v, n);
		p += n;
		len -= n;
	}
}

/* struct notifier_block's first member (<linux/notifier.h>). */
struct kc_notifier_block {
	int (*notifier_call)(struct kc_notifier_block *nb, unsigned long action, void *data);
};

/* drivers/char/random.c's: the generator is ready from the start, so the callback runs now. */
int execute_with_initialized_rng(struct kc_notifier_block *nb)
{
	nb->notifier_call(nb, 0, NULL);
	return 0;
}

unsigned char get_random_u8(void) { return (unsigned char)(random_next() >> 56); }
unsigned short get_random_u16(void) { return (unsigned short)(random_next() >> 48); }
unsigned int get_random_u32(void) { return (unsigned int)(random_next() >> 32); }
unsigned long long get_random_u64(void) { return random_next(); }

/* Lemire's multiply-and-reject: uniform in [0, ceil). */
unsigned int __get_random_u32_below(unsigned int ceil)
{
	unsigned long long mult;

	if (!ceil)
		return 0;
	mult = (unsigned long long)ceil * get_random_u32();
	if ((unsigned int)mult < ceil) {
		unsigned int bound = -ceil % ceil;

		while ((unsigned int)mult < bound)
			mult = (unsigned long long)ceil * get_random_u32();
	}
	return (unsigned int)(mult >> 32);
}

/*
 * Layout: [one page holding the mapping length][size rounded up to pages][guard page].
 * Size 0 and sizes no mapping can hold fail (NULL), as the kernel's vmalloc() does.
 */
void *vmalloc(unsigned long size)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t data, total;
	char *base;

	if (!size || size > ((size_t)1 << 46))
		return NULL;
	data = (size + page - 1) / page * page;
	total = page + data + page;
	base = mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (base == MAP_FAILED)
		return NULL;
	if (mprotect(base + page + data, page, PROT_NONE)) {
		munmap(base, total);
		return NULL;
	}
	if (__kunit_c_vm_area_add(base + page, data, NULL)) {
		munmap(base, total); /* no room in the table: as the kernel without vm space */
		return NULL;
	}
	memcpy(base, &total, sizeof(total));
	return base + page;
}

void *vzalloc(unsigned long size)
{
	return vmalloc(size); /* anonymous mappings start zeroed */
}

bool __kunit_c_vfree_vmap(const void *addr);

void vfree(const void *addr)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	char *base;
	size_t total;

	if (!addr || __kunit_c_vfree_vmap(addr))
		return;
	base = (char *)addr - page;
	__kunit_c_vm_area_remove(addr);
	memcpy(&total, base, sizeof(total));
	munmap(base, total);
}
