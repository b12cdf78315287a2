/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: refcount_t, an atomic count that saturates instead of wrapping, with the kernel's
 * rules (include/linux/refcount.h, lib/refcount.c): an increment from zero ("addition on 0;
 * use-after-free"), an increment past INT_MAX ("saturated; leaking memory"), a decrement
 * below zero ("underflow; use-after-free") or a refcount_dec() to zero ("decrement hit 0;
 * leaking memory") pins the count at REFCOUNT_SATURATED and warns once per kind and file,
 * as the kernel's WARN_ONCE does. A saturated count stays saturated. The _and_test forms
 * release, and acquire when they return true.
 */
#ifndef _LINUX_REFCOUNT_H
#define _LINUX_REFCOUNT_H

#include <stdbool.h>
#include <linux/atomic.h>
#include <linux/bug.h>
#include <linux/compiler.h>
#include <linux/limits.h>

typedef struct refcount_struct {
	atomic_t refs;
} refcount_t;

#define REFCOUNT_INIT(n) { .refs = ATOMIC_INIT(n) }
#define REFCOUNT_MAX INT_MAX
#define REFCOUNT_SATURATED (INT_MIN / 2)

enum refcount_saturation_type {
	REFCOUNT_ADD_NOT_ZERO_OVF,
	REFCOUNT_ADD_OVF,
	REFCOUNT_ADD_UAF,
	REFCOUNT_SUB_UAF,
	REFCOUNT_DEC_LEAK,
};

static inline void refcount_set(refcount_t *r, int n)
{
	atomic_set(&r->refs, n);
}

static inline void refcount_set_release(refcount_t *r, int n)
{
	atomic_set_release(&r->refs, n);
}

static inline unsigned int refcount_read(const refcount_t *r)
{
	return atomic_read(&r->refs);
}

/* old + i as the hardware adds (no signed-overflow UB): negative past INT_MAX. */
static inline int __kc_refs_add(int old, int i)
{
	return (int)((unsigned int)old + (unsigned int)i);
}

static inline void refcount_warn_saturate(refcount_t *r, enum refcount_saturation_type t)
{
	static bool warned[REFCOUNT_DEC_LEAK + 1];
	static const char *const why[] = {
		[REFCOUNT_ADD_NOT_ZERO_OVF] = "saturated; leaking memory",
		[REFCOUNT_ADD_OVF] = "saturated; leaking memory",
		[REFCOUNT_ADD_UAF] = "addition on 0; use-after-free",
		[REFCOUNT_SUB_UAF] = "underflow; use-after-free",
		[REFCOUNT_DEC_LEAK] = "decrement hit 0; leaking memory",
	};

	refcount_set(r, REFCOUNT_SATURATED);
	if (!__atomic_exchange_n(&warned[t], true, __ATOMIC_RELAXED))
		WARN(1, "refcount_t: %s.\n", why[t]);
}

/* Adds @i unless the count is zero; false (and no change) when it was zero. */
static inline bool __must_check __refcount_add_not_zero(int i, refcount_t *r, int *oldp)
{
	int old = refcount_read(r);

	do {
		if (!old)
			break;
	} while (!atomic_try_cmpxchg_relaxed(&r->refs, &old, __kc_refs_add(old, i)));
	if (oldp)
		*oldp = old;
	if (unlikely(old < 0 || __kc_refs_add(old, i) < 0))
		refcount_warn_saturate(r, REFCOUNT_ADD_NOT_ZERO_OVF);
	return old;
}

static inline bool __must_check refcount_add_not_zero(int i, refcount_t *r)
{
	return __refcount_add_not_zero(i, r, NULL);
}

static inline bool __must_check __refcount_inc_not_zero(refcount_t *r, int *oldp)
{
	return __refcount_add_not_zero(1, r, oldp);
}

static inline bool __must_check refcount_inc_not_zero(refcount_t *r)
{
	return __refcount_inc_not_zero(r, NULL);
}

static inline void __refcount_add(int i, refcount_t *r, int *oldp)
{
	int old = atomic_fetch_add_relaxed(i, &r->refs);

	if (oldp)
		*oldp = old;
	if (unlikely(!old))
		refcount_warn_saturate(r, REFCOUNT_ADD_UAF);
	else if (unlikely(old < 0 || __kc_refs_add(old, i) < 0))
		refcount_warn_saturate(r, REFCOUNT_ADD_OVF);
}

static inline void refcount_add(int i, refcount_t *r)
{
	__refcount_add(i, r, NULL);
}

static inline void __refcount_inc(refcount_t *r, int *oldp)
{
	__refcount_add(1, r, oldp);
}

static inline void refcount_inc(refcount_t *r)
{
	__refcount_inc(r, NULL);
}

/* Subtracts @i; true when the count reached zero (the caller frees the object). */
static inline bool __must_check __refcount_sub_and_test(int i, refcount_t *r, int *oldp)
{
	int old = atomic_fetch_sub_release(i, &r->refs);

	if (oldp)
		*oldp = old;
	if (old == i) {
		smp_acquire__after_ctrl_dep();
		return true;
	}
	if (unlikely(old < 0 || __kc_refs_add(old, -i) < 0))
		refcount_warn_saturate(r, REFCOUNT_SUB_UAF);
	return false;
}

static inline bool __must_check refcount_sub_and_test(int i, refcount_t *r)
{
	return __refcount_sub_and_test(i, r, NULL);
}

static inline bool __must_check __refcount_dec_and_test(refcount_t *r, int *oldp)
{
	return __refcount_sub_and_test(1, r, oldp);
}

static inline bool __must_check refcount_dec_and_test(refcount_t *r)
{
	return __refcount_dec_and_test(r, NULL);
}

/* A decrement that must not reach zero: reaching it (or going below) saturates and warns. */
static inline void __refcount_dec(refcount_t *r, int *oldp)
{
	int old = atomic_fetch_sub_release(1, &r->refs);

	if (oldp)
		*oldp = old;
	if (unlikely(old <= 1))
		refcount_warn_saturate(r, REFCOUNT_DEC_LEAK);
}

static inline void refcount_dec(refcount_t *r)
{
	__refcount_dec(r, NULL);
}

/* 1 → 0, else nothing: true when it did. */
static inline bool __must_check refcount_dec_if_one(refcount_t *r)
{
	int val = 1;

	return atomic_try_cmpxchg_release(&r->refs, &val, 0);
}

/* Decrements unless the count is 1 (or saturated): false when it is 1. */
static inline bool __must_check refcount_dec_not_one(refcount_t *r)
{
	int val = atomic_read(&r->refs);

	do {
		if (unlikely(val == REFCOUNT_SATURATED))
			return true;
		if (val == 1)
			return false;
		if (unlikely(!val)) {
			WARN_ONCE(1, "refcount_t: underflow; use-after-free.\n");
			return true;
		}
	} while (!atomic_try_cmpxchg_release(&r->refs, &val, val - 1));
	return true;
}

#endif /* _LINUX_REFCOUNT_H */
