/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: refcount_t, an atomic count that saturates instead of wrapping: an increment
 * from zero or past INT_MAX, or a decrement below zero, pins it at REFCOUNT_SATURATED
 * and warns, as the kernel's does.
 */
#ifndef _LINUX_REFCOUNT_H
#define _LINUX_REFCOUNT_H

#include <stdbool.h>
#include <linux/bug.h>

typedef struct refcount_struct {
	int refs;
} refcount_t;

#define REFCOUNT_INIT(n) { .refs = (n) }
#define REFCOUNT_MAX 0x7fffffff
#define REFCOUNT_SATURATED (-0x7fffffff - 1 + 0x40000000)

static inline void refcount_set(refcount_t *r, int n)
{
	__atomic_store_n(&r->refs, n, __ATOMIC_RELAXED);
}

static inline unsigned int refcount_read(const refcount_t *r)
{
	return __atomic_load_n(&r->refs, __ATOMIC_RELAXED);
}

/* old + i wrapped as the hardware does (no signed-overflow UB): negative past INT_MAX. */
static inline int __kc_refs_add(int old, int i)
{
	return (int)((unsigned int)old + (unsigned int)i);
}

static inline void __refcount_saturate(refcount_t *r, const char *why)
{
	refcount_set(r, REFCOUNT_SATURATED);
	WARN(1, "refcount_t: %s\n", why);
}

/* Increments unless the count is zero; false (and no change) when it was zero. */
static inline bool refcount_inc_not_zero(refcount_t *r)
{
	int old = refcount_read(r);

	do {
		if (!old)
			return false;
	} while (!__atomic_compare_exchange_n(&r->refs, &old, __kc_refs_add(old, 1), false,
					      __ATOMIC_RELAXED, __ATOMIC_RELAXED));
	if (old < 0 || __kc_refs_add(old, 1) < 0)
		__refcount_saturate(r, "saturated; leaking memory.");
	return true;
}

static inline void refcount_add(int i, refcount_t *r)
{
	int old = __atomic_fetch_add(&r->refs, i, __ATOMIC_RELAXED);

	if (!old)
		__refcount_saturate(r, "addition on 0; use-after-free.");
	else if (old < 0 || __kc_refs_add(old, i) < 0)
		__refcount_saturate(r, "saturated; leaking memory.");
}

static inline void refcount_inc(refcount_t *r)
{
	refcount_add(1, r);
}

/* Subtracts @i; true when the count reached zero (the caller frees the object). */
static inline bool refcount_sub_and_test(int i, refcount_t *r)
{
	int old = __atomic_fetch_sub(&r->refs, i, __ATOMIC_RELEASE);

	if (old == i) {
		__atomic_thread_fence(__ATOMIC_ACQUIRE);
		return true;
	}
	if (old < 0 || __kc_refs_add(old, -i) < 0)
		__refcount_saturate(r, "underflow; use-after-free.");
	return false;
}

static inline bool refcount_dec_and_test(refcount_t *r)
{
	return refcount_sub_and_test(1, r);
}

static inline void refcount_dec(refcount_t *r)
{
	if (refcount_dec_and_test(r))
		__refcount_saturate(r, "decrement hit 0; leaking memory.");
}

#endif /* _LINUX_REFCOUNT_H */
