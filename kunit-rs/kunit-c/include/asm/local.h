/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: local_t, a counter one CPU updates and others may read
 * (Documentation/core-api/local_ops.rst). The kernel's are cheap because only their CPU
 * writes them, with preemption off; here two test threads may share a "CPU", so every
 * operation is an atomic_long_t one (relaxed where the kernel's are unordered, as the
 * generic local_t is). Reading another CPU's counter is always allowed; it may be stale.
 */
#ifndef _ASM_LOCAL_H
#define _ASM_LOCAL_H

#include <linux/atomic.h>

typedef struct {
	atomic_long_t a;
} local_t;

#define LOCAL_INIT(i) { ATOMIC_LONG_INIT(i) }

#define local_read(l) atomic_long_read(&(l)->a)
#define local_set(l, i) atomic_long_set(&(l)->a, (i))
#define local_inc(l) atomic_long_inc(&(l)->a)
#define local_dec(l) atomic_long_dec(&(l)->a)
#define local_add(i, l) atomic_long_add((i), &(l)->a)
#define local_sub(i, l) atomic_long_sub((i), &(l)->a)

#define local_sub_and_test(i, l) atomic_long_sub_and_test((i), &(l)->a)
#define local_dec_and_test(l) atomic_long_dec_and_test(&(l)->a)
#define local_inc_and_test(l) atomic_long_inc_and_test(&(l)->a)
#define local_add_negative(i, l) atomic_long_add_negative((i), &(l)->a)
#define local_add_return(i, l) atomic_long_add_return((i), &(l)->a)
#define local_sub_return(i, l) atomic_long_sub_return((i), &(l)->a)
#define local_inc_return(l) atomic_long_inc_return(&(l)->a)
#define local_dec_return(l) atomic_long_dec_return(&(l)->a)

#define local_cmpxchg(l, o, n) atomic_long_cmpxchg(&(l)->a, (o), (n))
#define local_try_cmpxchg(l, po, n) atomic_long_try_cmpxchg(&(l)->a, (po), (n))
#define local_xchg(l, n) atomic_long_xchg(&(l)->a, (n))
#define local_add_unless(l, i, u) atomic_long_add_unless(&(l)->a, (i), (u))
#define local_inc_not_zero(l) atomic_long_inc_not_zero(&(l)->a)

/* The non-atomic forms, for a counter nothing else touches: the same operations here. */
#define __local_inc(l) local_inc(l)
#define __local_dec(l) local_dec(l)
#define __local_add(i, l) local_add((i), (l))
#define __local_sub(i, l) local_sub((i), (l))

#endif /* _ASM_LOCAL_H */
