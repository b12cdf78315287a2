/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: static stubs. A function starting with KUNIT_STATIC_STUB_REDIRECT() calls
 * its replacement instead while the current test has one active; the stub table
 * is kunit-rs's, so a stub ends with the test that activated it.
 */
#ifndef _KUNIT_STATIC_STUB_H
#define _KUNIT_STATIC_STUB_H

#include <kunit/test-bug.h>

struct kunit;

/* The active replacement of real_fn_addr for the current test, or NULL. */
void *__kunit_c_stub_lookup(const void *real_fn_addr);
void __kunit_activate_static_stub(struct kunit *test, void *real_fn_addr,
				  void *replacement_addr);

#define KUNIT_STATIC_STUB_REDIRECT(real_fn_name, args...)		\
	do {								\
		__typeof__(&real_fn_name) __replacement =		\
			(__typeof__(&real_fn_name))__kunit_c_stub_lookup( \
				(const void *)&real_fn_name);		\
		if (__builtin_expect(__replacement != NULL, 0))		\
			return __replacement(args);			\
	} while (0)

/* Replaces real_fn_addr with replacement_addr (same type) until the test ends. */
#define kunit_activate_static_stub(test, real_fn_addr, replacement_addr) \
	do {								\
		__typeof__(&*(real_fn_addr)) __repl = (replacement_addr);	\
		__kunit_activate_static_stub(test, (void *)(real_fn_addr), \
					     (void *)__repl);		\
	} while (0)

/* Restores real_fn_addr. */
void kunit_deactivate_static_stub(struct kunit *test, void *real_fn_addr);

#endif /* _KUNIT_STATIC_STUB_H */
