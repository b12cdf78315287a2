/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: container_of() and typeof_member(), the kernel's names and checks. */
#ifndef _LINUX_CONTAINER_OF_H
#define _LINUX_CONTAINER_OF_H

#include <stddef.h>

#define typeof_member(T, m) __typeof__(((T *)0)->m)

/*
 * The enclosing structure of a member. The static assertion rejects a pointer whose type is
 * neither the member's nor void, as the kernel's does.
 */
#ifndef container_of
#define container_of(ptr, type, member) ({					\
	void *__kc_mptr = (void *)(ptr);					\
	_Static_assert(__builtin_types_compatible_p(__typeof__(*(ptr)),	\
						    typeof_member(type, member)) || \
		       __builtin_types_compatible_p(__typeof__(*(ptr)), void),	\
		       "pointer type mismatch in container_of()");		\
	((type *)((char *)__kc_mptr - offsetof(type, member))); })
#endif

/* As container_of(), keeping a const pointer const. */
#define container_of_const(ptr, type, member)					\
	_Generic(ptr,								\
		const __typeof__(*(ptr)) *: ((const type *)container_of(ptr, type, member)), \
		default: ((type *)container_of(ptr, type, member)))

#endif /* _LINUX_CONTAINER_OF_H */
