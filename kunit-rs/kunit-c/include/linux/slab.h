/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: kmalloc and friends on the C heap; gfp flags other than __GFP_ZERO are ignored. */
#ifndef _LINUX_SLAB_H
#define _LINUX_SLAB_H

#include <stdlib.h>
#include <string.h>
#include <linux/types.h>

#define __GFP_ZERO 0x100u
#define GFP_KERNEL 0x1u
#define GFP_ATOMIC 0x2u
#define GFP_NOWAIT 0x4u
#define GFP_USER 0x8u

static inline void *kmalloc(size_t size, gfp_t flags)
{
	return (flags & __GFP_ZERO) ? calloc(1, size ? size : 1) : malloc(size ? size : 1);
}
static inline void *kzalloc(size_t size, gfp_t flags) { return kmalloc(size, flags | __GFP_ZERO); }
static inline void *kmalloc_array(size_t n, size_t size, gfp_t flags)
{
	if (size && n > (size_t)-1 / size)
		return NULL;
	return kmalloc(n * size, flags);
}
static inline void *kcalloc(size_t n, size_t size, gfp_t flags)
{
	return kmalloc_array(n, size, flags | __GFP_ZERO);
}
static inline void kfree(const void *p) { free((void *)p); }
static inline void kfree_sensitive(const void *p) { free((void *)p); }
static inline char *kstrdup(const char *s, gfp_t flags)
{
	(void)flags;
	return s ? strdup(s) : NULL;
}

#endif /* _LINUX_SLAB_H */
