/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: scope-based cleanup. DEFINE_FREE(name, type, free) names a cleanup; a variable
 * declared `type v __free(name) = ...;` runs `free` (with the value as _T) when it goes out
 * of scope; no_free_ptr() takes the value out, so nothing is freed. The compiler's cleanup
 * attribute does the work; with -fexceptions (kunit-c's builds) it also runs when a failing
 * ASSERT unwinds through the scope.
 */
#ifndef _LINUX_CLEANUP_H
#define _LINUX_CLEANUP_H

#include <linux/compiler.h>

#define DEFINE_FREE(_name, _type, _free)				\
	static __always_inline void __free_##_name(void *p)		\
	{								\
		_type _T = *(_type *)p;					\
		_free;							\
	}

#define __free(_name) __cleanup(__free_##_name)

/*
 * A class: a type with a constructor and a destructor run when a variable of it leaves
 * scope. CLASS(name, var)(args) declares var, initialised by the constructor with args.
 */
#define DEFINE_CLASS(_name, _type, _exit, _init, _init_args...)			\
	typedef _type class_##_name##_t;					\
	static inline void class_##_name##_destructor(_type *p)		\
	{									\
		_type _T = *p;							\
		_exit;								\
	}									\
	static inline _type class_##_name##_constructor(_init_args)		\
	{									\
		_type t = _init;						\
		return t;							\
	}
#define CLASS(_name, var)							\
	class_##_name##_t var __cleanup(class_##_name##_destructor) =		\
		class_##_name##_constructor

/* The value of p, with p set to NULL so that its cleanup does nothing. */
#define __get_and_null(p, nullvalue)					\
	({								\
		__auto_type __ptr = &(p);				\
		__auto_type __val = *__ptr;				\
		*__ptr = nullvalue;					\
		__val;							\
	})
#define no_free_ptr(p) ((typeof(p))__get_and_null(p, NULL))
#define return_ptr(p) return no_free_ptr(p)
#define retain_and_null_ptr(p) ((void)__get_and_null(p, NULL))

#endif /* _LINUX_CLEANUP_H */
