/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: what the kernel's build makes visible in every file (<linux/compiler_types.h>):
 * the attributes, sparse's annotations (nothing to a compiler), section markers and the
 * type predicates.
 */
#ifndef __LINUX_COMPILER_TYPES_H
#define __LINUX_COMPILER_TYPES_H

#include <linux/compiler_attributes.h>

/* sparse annotations */
#define __kernel
#define __user
#define __iomem
#define __percpu
#define __rcu
#define __private
#define __force
#define __nocast
#define __safe
#define __bitwise
#define __must_hold(x)
#define __acquires(x)
#define __releases(x)
#define __acquire(x) (void)0
#define __release(x) (void)0
#define __cond_lock(x, c) (c)
#define ACCESS_PRIVATE(p, member) ((p)->member)

/* Code and data the kernel places in special sections: plain code in userspace. */
#define __init
#define __exit
#define __initdata
#define __initconst
#define __exitdata
#define __ro_after_init
#define __read_mostly
#define __refdata
#define __initref
#define __ref
#define __cacheline_aligned __attribute__((__aligned__(64)))
#define ____cacheline_aligned __attribute__((__aligned__(64)))
#define ____cacheline_aligned_in_smp __attribute__((__aligned__(64)))
#define __cacheline_aligned_in_smp __attribute__((__aligned__(64)))
#define notrace
#define __noinstr_section(section)
#define noinstr
#define __cpuidle
#define __kprobes
#define nokprobe_inline __always_inline
#define asmlinkage
#define __latent_entropy
#define __randomize_layout
#define __no_randomize_layout
#define randomized_struct_fields_start
#define randomized_struct_fields_end
#define __nostackprotector
#define __diag_push()
#define __diag_pop()
#define __diag_ignore(compiler, version, option, comment)
#define __diag_ignore_all(option, comment)

#define inline inline __attribute__((__gnu_inline__, __unused__))
#define __inline__ inline
#undef __inline
#define __inline inline
#define noinline_for_stack noinline

/* Types: GNU C's __typeof__ under the kernel's spellings. */
#ifndef typeof
#define typeof(x) __typeof__(x)
#endif
#define auto __auto_type

/* Whether a and b have the same type (qualifiers aside). */
#define __same_type(a, b) __builtin_types_compatible_p(__typeof__(a), __typeof__(b))

/* Whether type t is signed / unsigned (t a type or an expression's type). */
#define is_signed_type(type) (((type)(-1)) < (__force type)1)
#define is_unsigned_type(type) (!is_signed_type(type))

/* Whether x is an integer constant expression (not only constant at -O2). */
#define __is_constexpr(x) \
	(sizeof(int) == sizeof(*(8 ? ((void *)((long)(x) * 0l)) : (int *)8)))

/*
 * The bytes the compiler knows to be left at @p: in the whole object (__struct_size) or in
 * the member @p points into (__member_size); SIZE_MAX when it cannot tell. The dynamic form
 * sees sizes known only at run time (an allocation's, through __alloc_size__).
 */
#if __has_builtin(__builtin_dynamic_object_size)
#define __struct_size(p) __builtin_dynamic_object_size(p, 0)
#define __member_size(p) __builtin_dynamic_object_size(p, 1)
#else
#define __struct_size(p) __builtin_object_size(p, 0)
#define __member_size(p) __builtin_object_size(p, 1)
#endif

/* True when the compiler can prove x true; never evaluates x. */
#define statically_true(x) (__builtin_constant_p(x) && (x))
#define const_true(x) __builtin_choose_expr(__is_constexpr(x), x, false)

/* The unqualified type of x (const/volatile dropped); arrays and functions decay. */
#define __unqual_scalar_typeof(x) __typeof__(_Generic((x),		\
	char: (char)0,							\
	unsigned char: (unsigned char)0,				\
	signed char: (signed char)0,					\
	unsigned short: (unsigned short)0,				\
	signed short: (signed short)0,					\
	unsigned int: (unsigned int)0,					\
	signed int: (signed int)0,					\
	unsigned long: (unsigned long)0,				\
	signed long: (signed long)0,					\
	unsigned long long: (unsigned long long)0,			\
	signed long long: (signed long long)0,				\
	default: (x)))
#define TYPEOF_UNQUAL(exp) __unqual_scalar_typeof(exp)

#define __native_word(t) \
	(sizeof(t) == sizeof(char) || sizeof(t) == sizeof(short) || \
	 sizeof(t) == sizeof(int) || sizeof(t) == sizeof(long))

/*
 * Compile-time assertions of the kernel (compiletime_assert() and friends). A condition
 * that is an integer constant expression is checked by _Static_assert; one that only the
 * optimizer can decide (__builtin_object_size(), __builtin_constant_p() of a variable) is
 * checked as the kernel checks it, by a call to an error-attributed function that must be
 * optimized away; in an unoptimized build (-O0) that second kind is not checked.
 */
#ifdef __OPTIMIZE__
#define __kunit_c_late_assert(condition, msg, prefix, suffix)		\
	do {								\
		extern void prefix##suffix(void) __attribute__((__error__(msg))); \
		if (!(condition))					\
			prefix##suffix();				\
	} while (0)
#else
#define __kunit_c_late_assert(condition, msg, prefix, suffix) do { } while (0)
#endif
#define __compiletime_assert(condition, msg, prefix, suffix)		\
	do {								\
		_Static_assert(__builtin_choose_expr(__is_constexpr(condition), \
						     (condition), 1), msg); \
		if (!__is_constexpr(condition))				\
			__kunit_c_late_assert(condition, msg, prefix, suffix); \
	} while (0)
#define _compiletime_assert(condition, msg, prefix, suffix) \
	__compiletime_assert(condition, msg, prefix, suffix)
#define compiletime_assert(condition, msg) \
	_compiletime_assert(condition, msg, __compiletime_assert_, __COUNTER__)
#define compiletime_assert_atomic_type(t) \
	compiletime_assert(__native_word(t), "Need native word sized stores/loads for atomicity.")
#define __compiletime_error(msg) __attribute__((__error__(msg)))
#define __compiletime_warning(msg) __attribute__((__warning__(msg)))

#define __scalar_type_to_expr_cases(type) unsigned type: (unsigned type)0, signed type: (signed type)0

/*
 * kunit-c: the kernel's functions that share a name with libc's (strlen, memcpy, snprintf,
 * ...) are declared with this label, so C code calls (or, for lib/string.c, defines)
 * __kunit_c_kernel_<name> while Rust's runtime and libc itself keep libc's functions.
 * kunit-c's glue defines each weakly (a kernel file linked in replaces it).
 */
#define __kunit_c_kernel(name) __asm__("__kunit_c_kernel_" #name)

#endif /* __LINUX_COMPILER_TYPES_H */
