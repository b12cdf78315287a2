/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: deferred actions, run LIFO when the test ends (after the suite's exit),
 * kept on the same resource stack as the Rust actions of kunit-rs.
 */
#ifndef _KUNIT_RESOURCE_H
#define _KUNIT_RESOURCE_H

struct kunit;

typedef void (kunit_action_t)(void *);

/* Defers action(ctx) to the end of the test; 0 or -ENOMEM. */
int kunit_add_action(struct kunit *test, kunit_action_t *action, void *ctx);
/* As kunit_add_action(), but on failure runs action(ctx) at once and returns the error. */
int kunit_add_action_or_reset(struct kunit *test, kunit_action_t *action,
			      void *ctx);
/* Cancels the newest matching deferred action without running it. */
void kunit_remove_action(struct kunit *test, kunit_action_t *action, void *ctx);
/* Runs the newest matching deferred action now and cancels it. */
void kunit_release_action(struct kunit *test, kunit_action_t *action,
			  void *ctx);

/* Defines wrapper(void *) calling orig((arg_type)arg), for action callbacks. */
#define KUNIT_DEFINE_ACTION_WRAPPER(wrapper, orig, arg_type)		\
	static void wrapper(void *in)					\
	{								\
		arg_type arg = (arg_type)in;				\
		orig(arg);						\
	}

#endif /* _KUNIT_RESOURCE_H */
