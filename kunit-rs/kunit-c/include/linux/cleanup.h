/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: scope-based cleanup. DEFINE_FREE(name, type, free) names a cleanup; a variable
 * declared `type v __free(name) = ...;` runs `free` (with the value as _T) when it goes out
 * of scope; no_free_ptr() takes the value out, so nothing is freed. The compiler's cleanup
 * attribute does the work; with -fexceptions (kunit-c's builds) it also runs when a failing
 * ASSERT unwinds through the scope. Guards (guard(), scoped_guard() and the lock guards'
 * definitions) are classes whose constructor locks and whose destructor unlocks.
 */
#ifndef _LINUX_CLEANUP_H
#define _LINUX_CLEANUP_H

#include <linux/compiler.h>
#include <linux/types.h>

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

/*
 * A class built on another's destructor with a constructor of its own (the conditional
 * guards: the constructor may give the "not taken" value, for which the destructor does
 * nothing).
 */
#define EXTEND_CLASS(_name, ext, _init, _init_args...)			\
	typedef class_##_name##_t class_##_name##ext##_t;			\
	static inline void class_##_name##ext##_destructor(class_##_name##_t *p) \
	{									\
		class_##_name##_destructor(p);				\
	}									\
	static inline class_##_name##_t class_##_name##ext##_constructor(_init_args) \
	{									\
		class_##_name##_t t = _init;					\
		return t;							\
	}

/* scoped_class(name, var, args): var lives for the statement that follows. */
#define scoped_class(_name, var, args...)					\
	for (CLASS(_name, var)(args), *__kc_done_##var = NULL; !__kc_done_##var; \
	     __kc_done_##var = (void *)1)

/*
 * Guards: a class whose constructor takes a lock and whose destructor releases it, so the
 * lock is held to the end of the scope (guard()) or of one statement (scoped_guard()).
 * A guard's lock pointer is NULL when a conditional guard did not get the lock.
 */
#define __guard_ptr(_name) class_##_name##_lock_ptr
/* An unconditional guard's statement runs even when its lock pointer is NULL. */
#define __DEFINE_CLASS_IS_CONDITIONAL(_name, _is_cond)			\
	static __maybe_unused const bool class_##_name##_is_conditional = _is_cond
#define __is_cond_ptr(_name) class_##_name##_is_conditional

#define DEFINE_GUARD(_name, _type, _lock, _unlock)				\
	__DEFINE_CLASS_IS_CONDITIONAL(_name, false);				\
	DEFINE_CLASS(_name, _type, if (_T) { _unlock; }, ({ _lock; _T; }), _type _T); \
	static inline void *class_##_name##_lock_ptr(class_##_name##_t *_T)	\
	{									\
		return (void *)(unsigned long)*_T;				\
	}

/* A conditional form of guard _name: _condlock's result says whether it was taken. */
#define DEFINE_GUARD_COND(_name, _ext, _condlock)				\
	__DEFINE_CLASS_IS_CONDITIONAL(_name##_ext, true);			\
	EXTEND_CLASS(_name, _ext,						\
		     ({ void *_t = _T; if (_T && !(_condlock)) _t = NULL; _t; }), \
		     class_##_name##_t _T)					\
	static inline void *class_##_name##_ext##_lock_ptr(class_##_name##_t *_T) \
	{									\
		return class_##_name##_lock_ptr(_T);				\
	}

#define guard(_name) CLASS(_name, __UNIQUE_ID(guard))

#define scoped_guard(_name, args...)						\
	for (CLASS(_name, scope)(args), *__kc_done = NULL;			\
	     (__guard_ptr(_name)(&scope) || !__is_cond_ptr(_name)) && !__kc_done; \
	     __kc_done = (void *)1)

/* Runs _fail when the conditional guard was not taken, else the statement that follows. */
#define scoped_cond_guard(_name, _fail, args...)				\
	for (CLASS(_name, scope)(args), *__kc_done = NULL; !__kc_done;	\
	     __kc_done = (void *)1)						\
		if (!__guard_ptr(_name)(&scope)) {				\
			_fail;							\
		} else

/*
 * Lock guards over a lock pointer (_1: one argument, the lock; _0: none), with extra
 * members in the class after the pointer (irqsave's flags). _T in _lock/_unlock is the
 * class, so they say _T->lock.
 */
#define __DEFINE_UNLOCK_GUARD(_name, _type, _unlock, ...)			\
	typedef struct {							\
		_type *lock;							\
		__VA_ARGS__;							\
	} class_##_name##_t;							\
	static inline void class_##_name##_destructor(class_##_name##_t *_T)	\
	{									\
		if (_T->lock) {							\
			_unlock;						\
		}								\
	}									\
	static inline void *class_##_name##_lock_ptr(class_##_name##_t *_T)	\
	{									\
		return (void *)_T->lock;					\
	}

#define DEFINE_LOCK_GUARD_1(_name, _type, _lock, _unlock, ...)		\
	__DEFINE_CLASS_IS_CONDITIONAL(_name, false);				\
	__DEFINE_UNLOCK_GUARD(_name, _type, _unlock, __VA_ARGS__)		\
	static inline class_##_name##_t class_##_name##_constructor(_type *l)	\
	{									\
		class_##_name##_t _t = { .lock = l };			\
		class_##_name##_t *_T __maybe_unused = &_t;		\
		_lock;								\
		return _t;							\
	}

#define DEFINE_LOCK_GUARD_0(_name, _lock, _unlock, ...)			\
	__DEFINE_CLASS_IS_CONDITIONAL(_name, false);				\
	__DEFINE_UNLOCK_GUARD(_name, void, _unlock, __VA_ARGS__)		\
	static inline class_##_name##_t class_##_name##_constructor(void)	\
	{									\
		class_##_name##_t _t = { .lock = (void *)1 };		\
		class_##_name##_t *_T __maybe_unused = &_t;		\
		_lock;								\
		return _t;							\
	}

#define DEFINE_LOCK_GUARD_1_COND(_name, _ext, _condlock)			\
	__DEFINE_CLASS_IS_CONDITIONAL(_name##_ext, true);			\
	EXTEND_CLASS(_name, _ext,						\
		     ({ class_##_name##_t _t = { .lock = l }, *_T = &_t;	\
			if (_T->lock && !(_condlock)) _T->lock = NULL;		\
			_t; }),							\
		     typeof(((class_##_name##_t *)0)->lock) l)			\
	static inline void *class_##_name##_ext##_lock_ptr(class_##_name##_t *_T) \
	{									\
		return class_##_name##_lock_ptr(_T);				\
	}

#endif /* _LINUX_CLEANUP_H */
