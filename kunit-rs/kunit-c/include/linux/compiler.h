/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: the kernel's <linux/compiler.h>: branch hints, barriers, READ_ONCE() and friends. */
#ifndef _LINUX_COMPILER_H
#define _LINUX_COMPILER_H

#include <linux/compiler_types.h>
#include <linux/stringify.h>

#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#define likely_notrace(x) likely(x)
#define unlikely_notrace(x) unlikely(x)

/* A compiler barrier: no memory access moves across it. */
#define barrier() __asm__ __volatile__("" : : : "memory")
#define barrier_data(ptr) __asm__ __volatile__("" : : "r"(ptr) : "memory")
#define barrier_before_unreachable() do { } while (0)

#define unreachable() __builtin_unreachable()

/* Hides var's value from the optimizer (it can no longer assume anything about it). */
#define OPTIMIZER_HIDE_VAR(var) __asm__("" : "=r"(var) : "0"(var))

/*
 * A pointer whose origin the optimizer cannot see, so it draws no conclusions from the
 * object it came from (no out-of-bounds warnings for a fixed address, say).
 */
#define RELOC_HIDE(ptr, off) ({						\
	unsigned long __kc_rh_ptr = (unsigned long)(ptr);		\
	__asm__("" : "+r"(__kc_rh_ptr));				\
	(__typeof__(ptr))(__kc_rh_ptr + (off));				\
})
#define absolute_pointer(val) RELOC_HIDE((void *)(val), 0)

/* One access of x, neither torn (native word sizes) nor merged nor repeated. */
#ifdef __SANITIZE_THREAD__
/*
 * Under ThreadSanitizer (kunit c --sanitize=thread) a marked access is a relaxed atomic one,
 * so that, as KCSAN judges, READ_ONCE()/WRITE_ONCE() accesses are no data race; plain
 * accesses still are.
 */
#define __READ_ONCE(x) ({						\
	__typeof__(({ x; })) __kc_once; /* unqualified: an rvalue */	\
	__atomic_load(&(x), &__kc_once, __ATOMIC_RELAXED);		\
	__kc_once;							\
})
#define __WRITE_ONCE(x, val) do {					\
	__typeof__(({ x; })) __kc_once = (val);			\
	__atomic_store(&(x), &__kc_once, __ATOMIC_RELAXED);		\
} while (0)
#else
#define __READ_ONCE(x) (*(const volatile __unqual_scalar_typeof(x) *)&(x))
#define __WRITE_ONCE(x, val) do { *(volatile __typeof__(x) *)&(x) = (val); } while (0)
#endif
#define READ_ONCE(x) ({ __READ_ONCE(x); })
#define WRITE_ONCE(x, val) __WRITE_ONCE(x, val)
#define READ_ONCE_NOCHECK(x) READ_ONCE(x)
#define data_race(expr) ({ __auto_type __v = (expr); __v; })

/* 0 for an array; a compile error for a pointer (as the kernel's ARRAY_SIZE() needs). */
#ifndef __BUILD_BUG_ON_ZERO_MSG
#define __BUILD_BUG_ON_ZERO_MSG(e, msg) ((int)sizeof(struct { _Static_assert(!(e), msg); }))
#endif
#define __must_be_array(a) \
	__BUILD_BUG_ON_ZERO_MSG(__same_type((a), &(a)[0]), "must be array")
#define __must_be_byte_array(a) \
	__BUILD_BUG_ON_ZERO_MSG(!__same_type(&(a)[0], char *) &&		\
				!__same_type(&(a)[0], unsigned char *) &&	\
				!__same_type(&(a)[0], signed char *) &&		\
				!__same_type(&(a)[0], const char *) &&		\
				!__same_type(&(a)[0], const unsigned char *), "must be byte array")
#define __must_be_cstr(p) 0

#define ___PASTE(a, b) a##b
#define __PASTE(a, b) ___PASTE(a, b)
#define __UNIQUE_ID(prefix) __PASTE(__PASTE(__UNIQUE_ID_, prefix), __COUNTER__)

#define __ADDRESSABLE(sym)
#define __annotate_jump_table
#define annotate_reachable()
#define annotate_unreachable()
#define instrumentation_begin() do { } while (0)
#define instrumentation_end() do { } while (0)

/* Whether x is provably zero at compile time. */
#define is_const_zero(x) __builtin_choose_expr(__is_constexpr(x), !(x), 0)

#endif /* _LINUX_COMPILER_H */
