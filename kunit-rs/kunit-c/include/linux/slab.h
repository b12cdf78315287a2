/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the kernel's slab interface, on kunit-c's allocator (its glue, over the C heap),
 * with the kernel's semantics: kmalloc(0) returns ZERO_SIZE_PTR, ksize() the size of the
 * kmalloc bucket (8, 16, 32, 64, 96, 128, 192, 256, ... 8192 bytes, then whole pages in
 * powers of two; as in the kernel, only the size asked for may be used: under
 * `kunit c --sanitize=address` the rest is poisoned as KASAN poisons it), memory aligned to 8 bytes and a power-of-two size to its size (up to a
 * page), krealloc() in place within ksize(), kfree_sensitive() zeroing before freeing.
 * Only __GFP_ZERO of the flags changes anything.
 */
#ifndef _LINUX_SLAB_H
#define _LINUX_SLAB_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/gfp.h>
#include <linux/cleanup.h>
#include <linux/err.h>
/* WARN() and vsnprintf(), which the kernel's slab.h brings through its own includes. */
#include <linux/bug.h>

#define ZERO_SIZE_PTR ((void *)16)
#define ZERO_OR_NULL_PTR(x) ((unsigned long)(x) <= (unsigned long)ZERO_SIZE_PTR)

#define ARCH_KMALLOC_MINALIGN 8
#define ARCH_SLAB_MINALIGN 8
#define KMALLOC_MIN_SIZE 8
#define KMALLOC_SHIFT_HIGH 13
#define KMALLOC_MAX_CACHE_SIZE (1UL << KMALLOC_SHIFT_HIGH)
#define KMALLOC_MAX_SIZE (1UL << 30)

#define SLAB_HWCACHE_ALIGN ((slab_flags_t)0x2000u)
#define SLAB_PANIC ((slab_flags_t)0x40000u)
#define SLAB_ACCOUNT ((slab_flags_t)0x4000000u)

void *__kmalloc_noprof(size_t size, gfp_t flags) __alloc_size__(1) __malloc;
void kfree(const void *objp);
void kfree_sensitive(const void *objp);
DEFINE_FREE(kfree, void *, if (!IS_ERR_OR_NULL(_T)) kfree(_T))
DEFINE_FREE(kfree_sensitive, void *, if (_T) kfree_sensitive(_T))
size_t ksize(const void *objp);
size_t kmalloc_size_roundup(size_t size);
void *krealloc_noprof(const void *objp, size_t new_size, gfp_t flags) __must_check __alloc_size__(2);

static inline void *kmalloc(size_t size, gfp_t flags) { return __kmalloc_noprof(size, flags); }
/* No allocation tracking here: the caller's kmalloc(). */
#define kmalloc_track_caller(size, flags) kmalloc(size, flags)
static inline void *kzalloc(size_t size, gfp_t flags) { return kmalloc(size, flags | __GFP_ZERO); }
static inline void *kmalloc_node(size_t size, gfp_t flags, int node)
{
	(void)node;
	return kmalloc(size, flags);
}
static inline void *kzalloc_node(size_t size, gfp_t flags, int node)
{
	return kmalloc_node(size, flags | __GFP_ZERO, node);
}

/* n * size, or SIZE_MAX when it overflows (so the allocation fails). */
static inline size_t __kunit_c_size_mul(size_t n, size_t size)
{
	size_t bytes;

	return __builtin_mul_overflow(n, size, &bytes) ? ~(size_t)0 : bytes;
}

static inline void *kmalloc_array(size_t n, size_t size, gfp_t flags)
{
	size_t bytes;

	if (__builtin_mul_overflow(n, size, &bytes))
		return NULL;
	return kmalloc(bytes, flags);
}
static inline void *kcalloc(size_t n, size_t size, gfp_t flags)
{
	return kmalloc_array(n, size, flags | __GFP_ZERO);
}
static inline void *kmalloc_array_node(size_t n, size_t size, gfp_t flags, int node)
{
	(void)node;
	return kmalloc_array(n, size, flags);
}
static inline void *kcalloc_node(size_t n, size_t size, gfp_t flags, int node)
{
	return kmalloc_array_node(n, size, flags | __GFP_ZERO, node);
}
static inline void *__must_check krealloc(const void *p, size_t new_size, gfp_t flags)
{
	return krealloc_noprof(p, new_size, flags);
}
static inline void *__must_check krealloc_array(void *p, size_t new_n, size_t new_size,
						gfp_t flags)
{
	size_t bytes;

	if (__builtin_mul_overflow(new_n, new_size, &bytes))
		return NULL;
	return krealloc(p, bytes, flags);
}

/* kvmalloc: kmalloc here (no separate virtual allocator is needed in userspace). */
static inline void *kvmalloc(size_t size, gfp_t flags) { return kmalloc(size, flags); }
static inline void *kvzalloc(size_t size, gfp_t flags) { return kzalloc(size, flags); }
static inline void *kvmalloc_node(size_t size, gfp_t flags, int node)
{
	return kmalloc_node(size, flags, node);
}
static inline void *kvzalloc_node(size_t size, gfp_t flags, int node)
{
	return kzalloc_node(size, flags, node);
}
static inline void *kvmalloc_array(size_t n, size_t size, gfp_t flags)
{
	return kmalloc_array(n, size, flags);
}
static inline void *kvcalloc(size_t n, size_t size, gfp_t flags) { return kcalloc(n, size, flags); }
static inline void *kvrealloc(const void *p, size_t size, gfp_t flags)
{
	return krealloc(p, size, flags);
}
static inline void kvfree(const void *addr) { kfree(addr); }
static inline void kvfree_sensitive(const void *addr, size_t len)
{
	(void)len;
	kfree_sensitive(addr);
}

void *kmemdup_noprof(const void *src, size_t len, gfp_t gfp) __alloc_size__(2);
#ifndef kmemdup
#define kmemdup(...) kmemdup_noprof(__VA_ARGS__)
#endif
void *kmemdup_nul(const char *s, size_t len, gfp_t gfp);
void *kmemdup_array(const void *src, size_t count, size_t element_size, gfp_t gfp) __alloc_size__(2, 3);
void *kvmemdup(const void *src, size_t len, gfp_t gfp) __alloc_size__(2);
char *kstrdup(const char *s, gfp_t gfp) __malloc;
const char *kstrdup_const(const char *s, gfp_t gfp);
char *kstrndup(const char *s, size_t len, gfp_t gfp);
void kfree_const(const void *x);

/*
 * Typed allocation (v7.0): kmalloc_obj(VAR_OR_TYPE[, GFP]) allocates one object of the type
 * of VAR_OR_TYPE, kmalloc_objs(VAR_OR_TYPE, COUNT[, GFP]) an array of them,
 * kmalloc_flex(VAR_OR_TYPE, FAM, COUNT[, GFP]) one with COUNT elements in its flexible array
 * member FAM. GFP defaults to GFP_KERNEL. An overflowing size fails the allocation (NULL).
 */
#define __alloc_objs(KMALLOC, GFP, TYPE, COUNT)				\
({									\
	const size_t __obj_size = __kunit_c_size_mul(sizeof(TYPE), COUNT); \
	(TYPE *)KMALLOC(__obj_size, GFP);				\
})

#define __kunit_c_flex_size(TYPE, FAM, COUNT)				\
({									\
	size_t __fam_bytes = __kunit_c_size_mul(sizeof(((TYPE *)0)->FAM[0]), COUNT); \
	size_t __all;							\
	__builtin_add_overflow(sizeof(TYPE), __fam_bytes, &__all) ? ~(size_t)0 : __all; \
})

#define __alloc_flex(KMALLOC, GFP, TYPE, FAM, COUNT)			\
({									\
	const size_t __count = (COUNT);					\
	const size_t __obj_size = __kunit_c_flex_size(TYPE, FAM, __count); \
	TYPE *__obj_ptr = KMALLOC(__obj_size, GFP);			\
	__obj_ptr;							\
})

#define kmalloc_obj(VAR_OR_TYPE, ...) \
	__alloc_objs(kmalloc, default_gfp(__VA_ARGS__), typeof(VAR_OR_TYPE), 1)
#define kmalloc_objs(VAR_OR_TYPE, COUNT, ...) \
	__alloc_objs(kmalloc, default_gfp(__VA_ARGS__), typeof(VAR_OR_TYPE), COUNT)
#define kmalloc_flex(VAR_OR_TYPE, FAM, COUNT, ...) \
	__alloc_flex(kmalloc, default_gfp(__VA_ARGS__), typeof(VAR_OR_TYPE), FAM, COUNT)
#define kzalloc_obj(VAR_OR_TYPE, ...) \
	__alloc_objs(kzalloc, default_gfp(__VA_ARGS__), typeof(VAR_OR_TYPE), 1)
#define kzalloc_objs(VAR_OR_TYPE, COUNT, ...) \
	__alloc_objs(kzalloc, default_gfp(__VA_ARGS__), typeof(VAR_OR_TYPE), COUNT)
#define kzalloc_flex(VAR_OR_TYPE, FAM, COUNT, ...) \
	__alloc_flex(kzalloc, default_gfp(__VA_ARGS__), typeof(VAR_OR_TYPE), FAM, COUNT)
#define kvmalloc_obj(VAR_OR_TYPE, ...) \
	__alloc_objs(kvmalloc, default_gfp(__VA_ARGS__), typeof(VAR_OR_TYPE), 1)
#define kvmalloc_objs(VAR_OR_TYPE, COUNT, ...) \
	__alloc_objs(kvmalloc, default_gfp(__VA_ARGS__), typeof(VAR_OR_TYPE), COUNT)
#define kvmalloc_flex(VAR_OR_TYPE, FAM, COUNT, ...) \
	__alloc_flex(kvmalloc, default_gfp(__VA_ARGS__), typeof(VAR_OR_TYPE), FAM, COUNT)
#define kvzalloc_obj(VAR_OR_TYPE, ...) \
	__alloc_objs(kvzalloc, default_gfp(__VA_ARGS__), typeof(VAR_OR_TYPE), 1)
#define kvzalloc_objs(VAR_OR_TYPE, COUNT, ...) \
	__alloc_objs(kvzalloc, default_gfp(__VA_ARGS__), typeof(VAR_OR_TYPE), COUNT)
#define kvzalloc_flex(VAR_OR_TYPE, FAM, COUNT, ...) \
	__alloc_flex(kvzalloc, default_gfp(__VA_ARGS__), typeof(VAR_OR_TYPE), FAM, COUNT)

/* Caches: each object a kmalloc of the cache's size. */
struct kmem_cache;
struct kmem_cache *kmem_cache_create_usercopy(const char *name, unsigned int size,
					      unsigned int align, slab_flags_t flags,
					      unsigned int useroffset, unsigned int usersize,
					      void (*ctor)(void *));
#define kmem_cache_create(name, size, align, flags, ctor) \
	kmem_cache_create_usercopy(name, size, align, flags, 0, 0, ctor)
#define KMEM_CACHE(__struct, __flags) \
	kmem_cache_create(#__struct, sizeof(struct __struct), __alignof__(struct __struct), (__flags), NULL)
void kmem_cache_destroy(struct kmem_cache *s);
void *kmem_cache_alloc(struct kmem_cache *s, gfp_t flags) __malloc;
void kmem_cache_free(struct kmem_cache *s, void *objp);
static inline void *kmem_cache_zalloc(struct kmem_cache *s, gfp_t flags)
{
	return kmem_cache_alloc(s, flags | __GFP_ZERO);
}

#endif /* _LINUX_SLAB_H */
