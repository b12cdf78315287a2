/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: the kernel's small helper macros (find_closest, PTR_IF, is_insidevar, ...). */
#ifndef _LINUX_HELPER_MACROS_H_
#define _LINUX_HELPER_MACROS_H_

#include <stddef.h>
#include <linux/compiler.h>
#include <linux/math.h>
#include <linux/types.h>

#define for_each_if(condition) if (!(condition)) {} else

/*
 * The index of the element of the sorted array @a (@as elements) closest to @x. The
 * decision between neighbours a[i] and a[i + 1] is made at their midpoint, truncated as
 * C's division truncates; on a tie of distances the element nearer the start of the
 * search wins (the lower index ascending, the higher descending), as in the kernel.
 */
#define __kc_find_closest(x, a, as, start, stop, step) ({			\
	__typeof__(as) __kc_i = (start), __kc_stop = (stop);			\
	long __kc_x = (x);							\
	__typeof__(*(a)) const *__kc_a = (a);					\
	for (; __kc_i != __kc_stop; __kc_i += (step)) {				\
		long __kc_lo = __kc_a[__kc_i], __kc_hi = __kc_a[__kc_i + (step)];	\
		if (__kc_x <= (__kc_lo + __kc_hi) / 2) {			\
			if (__kc_hi - __kc_x < __kc_x - __kc_lo)		\
				__kc_i += (step);				\
			break;							\
		}								\
	}									\
	__kc_i; })

/* @a ascending. */
#define find_closest(x, a, as) __kc_find_closest(x, a, as, 0, (as) - 1, 1)
/* @a descending. */
#define find_closest_descending(x, a, as) __kc_find_closest(x, a, as, (as) - 1, 0, -1)

#define PTR_IF(cond, ptr) ((cond) ? (ptr) : NULL)

#define u64_to_user_ptr(x) ({							\
	u64 __kc_u = (x);							\
	__typeof__(x) __kc_same;						\
	(void)(&__kc_u == &__kc_same); /* @x must be a u64 */			\
	(void __user *)(unsigned long)__kc_u; })

/* Whether @ptr points into the object @var. */
#define is_insidevar(ptr, var)							\
	((unsigned long)(ptr) >= (unsigned long)(var) &&			\
	 (unsigned long)(ptr) < (unsigned long)(var) + sizeof(var))

#endif /* _LINUX_HELPER_MACROS_H_ */
