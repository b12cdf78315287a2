/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: the kernel's kmalloc semantics on the C heap. Each object has a 16-byte
 * header before it (the bucket size, and the offset back to malloc's block), so ksize()
 * answers and an alignment can be kept: 8 bytes at least, a power-of-two size aligned to
 * its size up to a page, as the kernel guarantees. In the irq stand-in's signal handler
 * (hardirq, and softirq work run on its exit) malloc() may deadlock on the lock of the code
 * it interrupted, so objects come from mmap() there (bit 0 of the offset says so) and
 * kfree() there of a malloc()ed object leaks it rather than call free().
 *
 * Under AddressSanitizer (its runtime preloaded by `kunit c --sanitize=address`) the bytes
 * around an object are poisoned as KASAN poisons them: the header and padding before it, and
 * everything past the size asked for (the rest of the bucket included, as KASAN does since
 * ksize() stopped unpoisoning), so an overflow of a kmalloc'd object is reported; a freed
 * object is ASan's freed memory, so a use after kfree() is reported too.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "glue.h"

#define ZERO_SIZE_PTR ((void *)16)
#define ZERO_OR_NULL(p) ((uintptr_t)(p) <= (uintptr_t)ZERO_SIZE_PTR)
#define HEADER 16

struct header {
	size_t bucket;
	size_t offset; /* from malloc's block to the object */
};

static struct header *header_of(const void *p)
{
	return (struct header *)((char *)p - HEADER);
}

/* The kmalloc bucket of size: 8, 16, 32, 64, 96, 128, 192, then powers of two. */
KC_WEAK size_t kmalloc_size_roundup(size_t size)
{
	size_t b;

	if (size == 0)
		return 0;
	if (size <= 8)
		return 8;
	if (size > 64 && size <= 96)
		return 96;
	if (size > 128 && size <= 192)
		return 192;
	if (size > ((size_t)1 << 30))
		return size; /* past KMALLOC_MAX_SIZE: the allocation fails anyway */
	for (b = 16; b < size; b <<= 1)
		;
	return b; /* above 8 KiB: whole pages, a power of two of them */
}

void __kunit_c_might_sleep(const char *file, int line);

bool __kunit_c_in_signal_handler(void);

#define MMAPPED 1u

/* An object's alignment: its bucket's for a power of two (16 to a page), else 16. */
static size_t align_of_bucket(size_t bucket)
{
	size_t align = (bucket & (bucket - 1)) == 0 ? bucket : 8;

	if (align < HEADER)
		align = HEADER;
	if (align > KC_PAGE_SIZE)
		align = KC_PAGE_SIZE;
	return align;
}

/* The malloc block of the object at p, and its size. */
static char *block_of(const void *p, size_t *block_size)
{
	size_t bucket = header_of(p)->bucket;

	*block_size = bucket + align_of_bucket(bucket) + HEADER;
	return (char *)p - (header_of(p)->offset & ~(size_t)MMAPPED);
}

/* Under ASan: only [p, p + size) of the object's block is addressable. */
static void poison_outside(const void *p, size_t size)
{
	size_t block_size;
	char *block = block_of(p, &block_size);

	kc_asan_poison(block, (size_t)((const char *)p - block));
	kc_asan_poison((const char *)p + size, block_size - (size_t)((const char *)p - block) - size);
}

/* Under ASan: the object's whole bucket addressable, for the glue's own copies. */
static void unpoison_bucket(const void *p)
{
	kc_asan_unpoison(p, header_of(p)->bucket);
}

KC_WEAK void *__kmalloc_noprof(size_t size, kc_gfp_t flags)
{
	size_t bucket, align, offset;
	bool mapped = __kunit_c_in_signal_handler();
	char *block, *obj;

	/* The kernel's might_alloc(): an allocation that may block may sleep. */
	if (flags & KC_GFP_DIRECT_RECLAIM)
		__kunit_c_might_sleep(__FILE__, __LINE__);
	if (size == 0)
		return ZERO_SIZE_PTR;
	if (size > ((size_t)1 << 30))
		return NULL;
	bucket = kmalloc_size_roundup(size);
	align = align_of_bucket(bucket);
	if (mapped) {
		block = mmap(NULL, bucket + align + HEADER, PROT_READ | PROT_WRITE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (block == MAP_FAILED)
			return NULL;
	} else {
		block = malloc(bucket + align + HEADER);
		if (!block)
			return NULL;
	}
	obj = (char *)(((uintptr_t)block + HEADER + align - 1) & ~(uintptr_t)(align - 1));
	/* A multiple of 16 (HEADER and the alignment): bit 0 is free for the flag. */
	offset = (size_t)(obj - block);
	header_of(obj)->bucket = bucket;
	header_of(obj)->offset = mapped ? offset | MMAPPED : offset;
	if (flags & KC_GFP_ZERO)
		memset(obj, 0, bucket);
	poison_outside(obj, size);
	return obj;
}

KC_WEAK size_t ksize(const void *p)
{
	return ZERO_OR_NULL(p) ? 0 : header_of(p)->bucket;
}

KC_WEAK void kfree(const void *p)
{
	size_t block_size, offset;
	char *block;

	if (ZERO_OR_NULL(p))
		return;
	offset = header_of(p)->offset;
	block = block_of(p, &block_size);
	/* ASan's free() poisons the whole block as freed; nothing stays poisoned by us. */
	kc_asan_unpoison(block, block_size);
	if (offset & MMAPPED)
		munmap(block, block_size);
	else if (!__kunit_c_in_signal_handler())
		free(block);
}

KC_WEAK void kfree_sensitive(const void *p)
{
	if (ZERO_OR_NULL(p))
		return;
	unpoison_bucket(p);
	memset((void *)p, 0, ksize(p));
	__asm__ __volatile__("" : : "r"(p) : "memory");
	kfree(p);
}

/* In place while new_size fits ksize(p); else a new object with the old contents. */
KC_WEAK void *krealloc_noprof(const void *p, size_t new_size, kc_gfp_t flags)
{
	size_t old;
	void *n;

	if (new_size == 0) {
		kfree(p);
		return ZERO_SIZE_PTR;
	}
	old = ksize(p);
	if (!ZERO_OR_NULL(p) && new_size <= old) {
		unpoison_bucket(p);
		if (flags & KC_GFP_ZERO)
			memset((char *)p + new_size, 0, old - new_size);
		poison_outside(p, new_size);
		return (void *)p;
	}
	n = __kmalloc_noprof(new_size, flags);
	if (!n)
		return NULL;
	if (!ZERO_OR_NULL(p)) {
		unpoison_bucket(p);
		unpoison_bucket(n);
		memcpy(n, p, old);
		if (flags & KC_GFP_ZERO)
			memset((char *)n + old, 0, ksize(n) - old);
		poison_outside(n, new_size);
		kfree(p);
	}
	return n;
}

KC_WEAK void *kmemdup_noprof(const void *src, size_t len, kc_gfp_t gfp)
{
	void *p = __kmalloc_noprof(len, gfp);

	if (p && len)
		memcpy(p, src, len);
	return p;
}

KC_WEAK void *kmemdup_array(const void *src, size_t count, size_t element_size, kc_gfp_t gfp)
{
	size_t bytes;

	if (__builtin_mul_overflow(count, element_size, &bytes))
		return NULL;
	return kmemdup_noprof(src, bytes, gfp);
}

KC_WEAK void *kvmemdup(const void *src, size_t len, kc_gfp_t gfp)
{
	return kmemdup_noprof(src, len, gfp);
}

KC_WEAK void *kmemdup_nul(const char *s, size_t len, kc_gfp_t gfp)
{
	char *p;

	if (!s)
		return NULL;
	p = __kmalloc_noprof(len + 1, gfp);
	if (p) {
		memcpy(p, s, len);
		p[len] = '\0';
	}
	return p;
}

KC_WEAK char *kstrdup(const char *s, kc_gfp_t gfp)
{
	return s ? kmemdup_nul(s, strlen(s), gfp) : NULL;
}

KC_WEAK char *kstrndup(const char *s, size_t max, kc_gfp_t gfp)
{
	return s ? kmemdup_nul(s, strnlen(s, max), gfp) : NULL;
}

/* The kernel returns .rodata strings as they are; here every string is copied. */
KC_WEAK const char *kstrdup_const(const char *s, kc_gfp_t gfp)
{
	return kstrdup(s, gfp);
}

KC_WEAK void kfree_const(const void *x)
{
	kfree(x);
}

struct kmem_cache {
	unsigned int size;
	void (*ctor)(void *);
};

KC_WEAK struct kmem_cache *kmem_cache_create_usercopy(const char *name, unsigned int size,
						      unsigned int align, unsigned int flags,
						      unsigned int useroffset, unsigned int usersize,
						      void (*ctor)(void *))
{
	struct kmem_cache *s = malloc(sizeof(*s));

	(void)name, (void)align, (void)flags, (void)useroffset, (void)usersize;
	if (s) {
		s->size = size;
		s->ctor = ctor;
	}
	return s;
}

KC_WEAK void kmem_cache_destroy(struct kmem_cache *s)
{
	free(s);
}

KC_WEAK void *kmem_cache_alloc(struct kmem_cache *s, kc_gfp_t flags)
{
	void *p = __kmalloc_noprof(s->size, flags);

	if (p && s->ctor)
		s->ctor(p);
	return p;
}

KC_WEAK void kmem_cache_free(struct kmem_cache *s, void *p)
{
	(void)s;
	kfree(p);
}

