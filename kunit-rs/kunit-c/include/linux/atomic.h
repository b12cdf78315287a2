/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: atomic_t, atomic64_t and atomic_long_t with the operations and ordering rules of
 * the kernel's Documentation/atomic_t.txt, on the compiler's atomics:
 * - atomic_read()/atomic_set() are relaxed, _acquire/_release as named;
 * - the RMW operations that return nothing (atomic_add(), atomic_or(), ...) are relaxed;
 * - those that return a value (*_return, fetch_*, xchg, cmpxchg, try_cmpxchg, *_and_test,
 *   add_negative, the conditional ones) are fully ordered, and their _relaxed, _acquire
 *   and _release forms order as named;
 * - a cmpxchg that fails orders nothing (its failure order is relaxed).
 * Values wrap in two's complement, as the kernel's do. cmpxchg(), xchg() and try_cmpxchg()
 * on plain scalars come with them, as <asm/cmpxchg.h> brings them into <linux/atomic.h>.
 */
#ifndef _LINUX_ATOMIC_H
#define _LINUX_ATOMIC_H

#include <stdbool.h>
#include <linux/types.h>
#include <asm-generic/barrier.h>

#define ATOMIC_INIT(i) { (i) }
#define ATOMIC64_INIT(i) { (i) }

#if __SIZEOF_LONG__ == 8
typedef atomic64_t atomic_long_t;
#define ATOMIC_LONG_INIT(i) ATOMIC64_INIT(i)
#else
typedef atomic_t atomic_long_t;
#define ATOMIC_LONG_INIT(i) ATOMIC_INIT(i)
#endif

/* One ordering form of the value-returning RMW operations of type T in atomic type A. */
#define __KC_ATOMIC_ORDERED(p, A, T, U, CTR, sfx, mo)					\
static inline T p##_add_return##sfx(T i, A *v)					\
{ return (T)((U)__atomic_fetch_add(CTR(v), i, mo) + (U)i); }		\
static inline T p##_sub_return##sfx(T i, A *v)					\
{ return (T)((U)__atomic_fetch_sub(CTR(v), i, mo) - (U)i); }		\
static inline T p##_inc_return##sfx(A *v) { return p##_add_return##sfx(1, v); }	\
static inline T p##_dec_return##sfx(A *v) { return p##_sub_return##sfx(1, v); }	\
static inline T p##_fetch_add##sfx(T i, A *v)					\
{ return __atomic_fetch_add(CTR(v), i, mo); }				\
static inline T p##_fetch_sub##sfx(T i, A *v)					\
{ return __atomic_fetch_sub(CTR(v), i, mo); }				\
static inline T p##_fetch_inc##sfx(A *v) { return p##_fetch_add##sfx(1, v); }	\
static inline T p##_fetch_dec##sfx(A *v) { return p##_fetch_sub##sfx(1, v); }	\
static inline T p##_fetch_and##sfx(T i, A *v)					\
{ return __atomic_fetch_and(CTR(v), i, mo); }				\
static inline T p##_fetch_andnot##sfx(T i, A *v)				\
{ return __atomic_fetch_and(CTR(v), ~i, mo); }				\
static inline T p##_fetch_or##sfx(T i, A *v)					\
{ return __atomic_fetch_or(CTR(v), i, mo); }				\
static inline T p##_fetch_xor##sfx(T i, A *v)					\
{ return __atomic_fetch_xor(CTR(v), i, mo); }				\
static inline T p##_xchg##sfx(A *v, T new)					\
{ return __atomic_exchange_n(CTR(v), new, mo); }				\
static inline T p##_cmpxchg##sfx(A *v, T old, T new)				\
{										\
	__atomic_compare_exchange_n(CTR(v), &old, new, false, mo,		\
				    __ATOMIC_RELAXED);				\
	return old;								\
}										\
static inline bool p##_try_cmpxchg##sfx(A *v, T *old, T new)			\
{										\
	return __atomic_compare_exchange_n(CTR(v), old, new, false, mo,	\
					   __ATOMIC_RELAXED);			\
}										\
static inline bool p##_add_negative##sfx(T i, A *v)				\
{ return p##_add_return##sfx(i, v) < 0; }

#define __KC_ATOMIC_OPS(p, A, T, U, CTR)						\
static inline T p##_read(const A *v)						\
{ return __atomic_load_n(CTR(v), __ATOMIC_RELAXED); }			\
static inline T p##_read_acquire(const A *v)					\
{ return __atomic_load_n(CTR(v), __ATOMIC_ACQUIRE); }			\
static inline void p##_set(A *v, T i)						\
{ __atomic_store_n(CTR(v), i, __ATOMIC_RELAXED); }				\
static inline void p##_set_release(A *v, T i)					\
{ __atomic_store_n(CTR(v), i, __ATOMIC_RELEASE); }				\
static inline void p##_add(T i, A *v)						\
{ __atomic_fetch_add(CTR(v), i, __ATOMIC_RELAXED); }			\
static inline void p##_sub(T i, A *v)						\
{ __atomic_fetch_sub(CTR(v), i, __ATOMIC_RELAXED); }			\
static inline void p##_inc(A *v) { p##_add(1, v); }				\
static inline void p##_dec(A *v) { p##_sub(1, v); }				\
static inline void p##_and(T i, A *v)						\
{ __atomic_fetch_and(CTR(v), i, __ATOMIC_RELAXED); }			\
static inline void p##_andnot(T i, A *v)					\
{ __atomic_fetch_and(CTR(v), ~i, __ATOMIC_RELAXED); }			\
static inline void p##_or(T i, A *v)						\
{ __atomic_fetch_or(CTR(v), i, __ATOMIC_RELAXED); }			\
static inline void p##_xor(T i, A *v)						\
{ __atomic_fetch_xor(CTR(v), i, __ATOMIC_RELAXED); }			\
__KC_ATOMIC_ORDERED(p, A, T, U, CTR, , __ATOMIC_SEQ_CST)				\
__KC_ATOMIC_ORDERED(p, A, T, U, CTR, _relaxed, __ATOMIC_RELAXED)			\
__KC_ATOMIC_ORDERED(p, A, T, U, CTR, _acquire, __ATOMIC_ACQUIRE)			\
__KC_ATOMIC_ORDERED(p, A, T, U, CTR, _release, __ATOMIC_RELEASE)			\
static inline bool p##_sub_and_test(T i, A *v) { return p##_sub_return(i, v) == 0; } \
static inline bool p##_dec_and_test(A *v) { return p##_dec_return(v) == 0; }	\
static inline bool p##_inc_and_test(A *v) { return p##_inc_return(v) == 0; }	\
/* Adds @a unless the value is @u; returns the value before. */		\
static inline T p##_fetch_add_unless(A *v, T a, T u)				\
{										\
	T c = p##_read(v);							\
										\
	do {									\
		if (c == u)							\
			break;							\
	} while (!p##_try_cmpxchg(v, &c, (T)((U)c + (U)a)));			\
	return c;								\
}										\
static inline bool p##_add_unless(A *v, T a, T u)				\
{ return p##_fetch_add_unless(v, a, u) != u; }					\
static inline bool p##_inc_not_zero(A *v) { return p##_add_unless(v, 1, 0); }	\
static inline bool p##_inc_unless_negative(A *v)				\
{										\
	T c = p##_read(v);							\
										\
	do {									\
		if (c < 0)							\
			return false;						\
	} while (!p##_try_cmpxchg(v, &c, (T)((U)c + 1)));			\
	return true;								\
}										\
static inline bool p##_dec_unless_positive(A *v)				\
{										\
	T c = p##_read(v);							\
										\
	do {									\
		if (c > 0)							\
			return false;						\
	} while (!p##_try_cmpxchg(v, &c, (T)((U)c - 1)));			\
	return true;								\
}										\
/* Decrements unless that would go below zero; returns the value less one either way. */ \
static inline T p##_dec_if_positive(A *v)					\
{										\
	T c = p##_read(v);							\
	T d;									\
										\
	do {									\
		d = (T)((U)c - 1);						\
		if (d < 0)							\
			break;							\
	} while (!p##_try_cmpxchg(v, &c, d));					\
	return d;								\
}

/* The counter; atomic_long_t's as a long (the same size as the s64 or int it is). */
#define __kc_atomic_counter(v) (&(v)->counter)
#define __kc_atomic_long_counter(v) ((long *)&(v)->counter)

__KC_ATOMIC_OPS(atomic, atomic_t, int, unsigned int, __kc_atomic_counter)
__KC_ATOMIC_OPS(atomic64, atomic64_t, s64, u64, __kc_atomic_counter)
__KC_ATOMIC_OPS(atomic_long, atomic_long_t, long, unsigned long, __kc_atomic_long_counter)

/*
 * cmpxchg(), xchg() and try_cmpxchg() on a plain scalar of 1, 2, 4 or 8 bytes, with the
 * same orderings; cmpxchg() returns the old value, try_cmpxchg() whether it swapped and,
 * when not, the value found in *@oldp.
 */
#define __kc_cmpxchg(ptr, o, n, mo) ({						\
	__typeof__(*(ptr)) __kc_old = (o);					\
	__atomic_compare_exchange_n((ptr), &__kc_old, (n), false, mo,		\
				    __ATOMIC_RELAXED);				\
	__kc_old;								\
})
#define __kc_try_cmpxchg(ptr, oldp, n, mo)					\
	__atomic_compare_exchange_n((ptr), (oldp), (n), false, mo, __ATOMIC_RELAXED)

#define xchg(ptr, x) __atomic_exchange_n((ptr), (x), __ATOMIC_SEQ_CST)
#define xchg_relaxed(ptr, x) __atomic_exchange_n((ptr), (x), __ATOMIC_RELAXED)
#define xchg_acquire(ptr, x) __atomic_exchange_n((ptr), (x), __ATOMIC_ACQUIRE)
#define xchg_release(ptr, x) __atomic_exchange_n((ptr), (x), __ATOMIC_RELEASE)
#define cmpxchg(ptr, o, n) __kc_cmpxchg(ptr, o, n, __ATOMIC_SEQ_CST)
#define cmpxchg_relaxed(ptr, o, n) __kc_cmpxchg(ptr, o, n, __ATOMIC_RELAXED)
#define cmpxchg_acquire(ptr, o, n) __kc_cmpxchg(ptr, o, n, __ATOMIC_ACQUIRE)
#define cmpxchg_release(ptr, o, n) __kc_cmpxchg(ptr, o, n, __ATOMIC_RELEASE)
#define cmpxchg64(ptr, o, n) cmpxchg(ptr, o, n)
#define cmpxchg_local(ptr, o, n) cmpxchg(ptr, o, n)
#define cmpxchg64_local(ptr, o, n) cmpxchg(ptr, o, n)
#define try_cmpxchg(ptr, oldp, n) __kc_try_cmpxchg(ptr, oldp, n, __ATOMIC_SEQ_CST)
#define try_cmpxchg_relaxed(ptr, oldp, n) __kc_try_cmpxchg(ptr, oldp, n, __ATOMIC_RELAXED)
#define try_cmpxchg_acquire(ptr, oldp, n) __kc_try_cmpxchg(ptr, oldp, n, __ATOMIC_ACQUIRE)
#define try_cmpxchg_release(ptr, oldp, n) __kc_try_cmpxchg(ptr, oldp, n, __ATOMIC_RELEASE)
#define try_cmpxchg64(ptr, oldp, n) try_cmpxchg(ptr, oldp, n)
#define try_cmpxchg_local(ptr, oldp, n) try_cmpxchg(ptr, oldp, n)

/* Spins until @c_expr (over VAL, the counter's value) holds; the last load orders as named. */
#define atomic_cond_read_relaxed(v, c_expr) smp_cond_load_relaxed(&(v)->counter, (c_expr))
#define atomic_cond_read_acquire(v, c_expr) smp_cond_load_acquire(&(v)->counter, (c_expr))
#define atomic64_cond_read_relaxed(v, c_expr) smp_cond_load_relaxed(&(v)->counter, (c_expr))
#define atomic64_cond_read_acquire(v, c_expr) smp_cond_load_acquire(&(v)->counter, (c_expr))

#endif /* _LINUX_ATOMIC_H */
