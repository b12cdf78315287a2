/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: local64_t, a 64-bit local_t (Documentation/core-api/local_ops.rst) for counters
 * that must not wrap at 32 bits, such as perf's and the network statistics. An
 * atomic64_t here on every word size (the kernel's is a local_t where long is 64 bits):
 * see <asm/local.h> for why every operation is atomic.
 */
#ifndef _ASM_LOCAL64_H
#define _ASM_LOCAL64_H

#include <linux/atomic.h>
#include <asm/local.h>

typedef struct {
	atomic64_t a;
} local64_t;

#define LOCAL64_INIT(i) { ATOMIC64_INIT(i) }

#define local64_read(l) atomic64_read(&(l)->a)
#define local64_set(l, i) atomic64_set(&(l)->a, (i))
#define local64_inc(l) atomic64_inc(&(l)->a)
#define local64_dec(l) atomic64_dec(&(l)->a)
#define local64_add(i, l) atomic64_add((i), &(l)->a)
#define local64_sub(i, l) atomic64_sub((i), &(l)->a)

#define local64_sub_and_test(i, l) atomic64_sub_and_test((i), &(l)->a)
#define local64_dec_and_test(l) atomic64_dec_and_test(&(l)->a)
#define local64_inc_and_test(l) atomic64_inc_and_test(&(l)->a)
#define local64_add_negative(i, l) atomic64_add_negative((i), &(l)->a)
#define local64_add_return(i, l) atomic64_add_return((i), &(l)->a)
#define local64_sub_return(i, l) atomic64_sub_return((i), &(l)->a)
#define local64_inc_return(l) atomic64_inc_return(&(l)->a)
#define local64_dec_return(l) atomic64_dec_return(&(l)->a)

#define local64_cmpxchg(l, o, n) atomic64_cmpxchg(&(l)->a, (o), (n))
#define local64_try_cmpxchg(l, po, n) atomic64_try_cmpxchg(&(l)->a, (po), (n))
#define local64_xchg(l, n) atomic64_xchg(&(l)->a, (n))
#define local64_add_unless(l, i, u) atomic64_add_unless(&(l)->a, (i), (u))
#define local64_inc_not_zero(l) atomic64_inc_not_zero(&(l)->a)

#define __local64_inc(l) local64_inc(l)
#define __local64_dec(l) local64_dec(l)
#define __local64_add(i, l) local64_add((i), (l))
#define __local64_sub(i, l) local64_sub((i), (l))

#endif /* _ASM_LOCAL64_H */
