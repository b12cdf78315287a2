/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: struct kref, a reference count whose last put calls a release function. */
#ifndef _LINUX_KREF_H
#define _LINUX_KREF_H

#include <linux/refcount.h>

struct kref {
	refcount_t refcount;
};

#define KREF_INIT(n) { .refcount = REFCOUNT_INIT(n) }

static inline void kref_init(struct kref *kref)
{
	refcount_set(&kref->refcount, 1);
}

static inline unsigned int kref_read(const struct kref *kref)
{
	return refcount_read(&kref->refcount);
}

static inline void kref_get(struct kref *kref)
{
	refcount_inc(&kref->refcount);
}

/* Drops a reference; the last one calls @release and returns 1, otherwise 0. */
static inline int kref_put(struct kref *kref, void (*release)(struct kref *kref))
{
	if (refcount_dec_and_test(&kref->refcount)) {
		release(kref);
		return 1;
	}
	return 0;
}

static inline int kref_get_unless_zero(struct kref *kref)
{
	return refcount_inc_not_zero(&kref->refcount);
}

#endif /* _LINUX_KREF_H */
