/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the kernel's memory barriers as the compiler's fences. Every test thread is a
 * CPU, so the SMP forms are the full ones.
 */
#ifndef __ASM_GENERIC_BARRIER_H
#define __ASM_GENERIC_BARRIER_H

#include <linux/compiler.h>
#include <linux/processor.h>

#define mb() __atomic_thread_fence(__ATOMIC_SEQ_CST)
#define rmb() __atomic_thread_fence(__ATOMIC_ACQUIRE)
#define wmb() __atomic_thread_fence(__ATOMIC_RELEASE)
#define smp_mb() mb()
#define smp_rmb() rmb()
#define smp_wmb() wmb()
#define smp_mb__before_atomic() mb()
#define smp_mb__after_atomic() mb()

#define smp_store_release(p, v) __atomic_store_n((p), (v), __ATOMIC_RELEASE)
#define smp_load_acquire(p) __atomic_load_n((p), __ATOMIC_ACQUIRE)
#define smp_store_mb(var, value) do { WRITE_ONCE(var, value); mb(); } while (0)
/* A control dependency plus this orders the earlier load before later loads and stores. */
#define smp_acquire__after_ctrl_dep() smp_rmb()

/*
 * Spins on *@ptr until @cond_expr (which reads the value as VAL) holds, and yields that
 * value; the _acquire form orders the last load before what follows, as a load-acquire.
 */
#define smp_cond_load_relaxed(ptr, cond_expr) ({				\
	__typeof__(ptr) __PTR = (ptr);						\
	__typeof__(*(ptr)) VAL;							\
	for (;;) {								\
		VAL = __atomic_load_n(__PTR, __ATOMIC_RELAXED);			\
		if (cond_expr)							\
			break;							\
		cpu_relax();							\
	}									\
	VAL;									\
})
#define smp_cond_load_acquire(ptr, cond_expr) ({				\
	__typeof__(*(ptr)) __kc_val = smp_cond_load_relaxed(ptr, cond_expr);	\
	smp_acquire__after_ctrl_dep();						\
	__kc_val;								\
})

#endif /* __ASM_GENERIC_BARRIER_H */
