/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: deferred actions, run LIFO when the test ends (after the suite's exit),
 * kept on the same resource stack as the Rust actions of kunit-rs.
 */
/*
 * As the kernel's, this header gives all of KUnit's API (root-device-test.c includes it
 * alone). <kunit/test.h> includes this header in its middle, once struct kunit exists, so
 * the include comes before the guard: a file that starts here gets test.h's order.
 */
#include <kunit/test.h>

#ifndef _KUNIT_RESOURCE_H
#define _KUNIT_RESOURCE_H

#include <linux/errno.h>
#include <linux/list.h>
#include <linux/types.h>
#include <linux/slab.h>
#include <linux/string.h>

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

/*
 * Resources: data with a free callback, kept on kunit's resource stack (released LIFO
 * with the actions when the test ends), reference-counted by kunit, found by a match
 * function or a name.
 */
struct kunit_resource;

typedef int (*kunit_resource_init_t)(struct kunit_resource *res, void *context);
typedef void (*kunit_resource_free_t)(struct kunit_resource *res);

struct kunit_resource {
	void *data;
	const char *name;
	kunit_resource_free_t free;

	/*
	 * private: kunit's resource (its reference count), the test's list (test->resources),
	 * the test it was added to, and who frees the struct.
	 */
	const void *__kunit_rs;
	struct list_head node;
	struct kunit *__kunit_c_test;
	bool should_kfree;
};

typedef bool (*kunit_resource_match_t)(struct kunit *test,
				       struct kunit_resource *res,
				       void *match_data);

/*
 * Adds @res to the test: @init(res, data) sets it up (without @init, res->data = data);
 * an @init error is returned and nothing is added. The test holds one reference.
 */
int __kunit_add_resource(struct kunit *test, kunit_resource_init_t init,
			 kunit_resource_free_t free, struct kunit_resource *res,
			 void *data);
/*
 * The newest resource @match accepts, with a reference taken; NULL if none. @match runs
 * with the test's resource lock held: it must not call this API on the same test.
 */
struct kunit_resource *kunit_find_resource(struct kunit *test,
					   kunit_resource_match_t match,
					   void *match_data);
/*
 * Takes @res off its test's list (@test only names the caller's test, as in KUnit, where it
 * is the lock taken) and drops the test's reference; again: nothing.
 */
void kunit_remove_resource(struct kunit *test, struct kunit_resource *res);
/* Removes the newest resource @match accepts and drops it; -ENOENT if none. */
int kunit_destroy_resource(struct kunit *test, kunit_resource_match_t match,
			   void *match_data);
/* Takes a reference. */
void kunit_get_resource(struct kunit_resource *res);
/* Drops a reference; the last one calls res->free (and frees res if kunit allocated it). */
void kunit_put_resource(struct kunit_resource *res);

static inline int kunit_add_resource(struct kunit *test,
				     kunit_resource_init_t init,
				     kunit_resource_free_t free,
				     struct kunit_resource *res, void *data)
{
	res->should_kfree = false;
	return __kunit_add_resource(test, init, free, res, data);
}

static inline bool kunit_resource_name_match(struct kunit *test,
					     struct kunit_resource *res,
					     void *match_name)
{
	(void)test;
	return res->name && strcmp(res->name, (const char *)match_name) == 0;
}

static inline struct kunit_resource *
kunit_find_named_resource(struct kunit *test, const char *name)
{
	return kunit_find_resource(test, kunit_resource_name_match, (void *)name);
}

/* As kunit_add_resource(), under a unique @name: -EEXIST if taken, -EINVAL for NULL. */
static inline int kunit_add_named_resource(struct kunit *test,
					   kunit_resource_init_t init,
					   kunit_resource_free_t free,
					   struct kunit_resource *res,
					   const char *name, void *data)
{
	struct kunit_resource *existing;

	if (!name)
		return -EINVAL;
	existing = kunit_find_named_resource(test, name);
	if (existing) {
		kunit_put_resource(existing);
		return -EEXIST;
	}
	res->name = name;
	return kunit_add_resource(test, init, free, res, data);
}

/* Allocates and adds a resource; returns it with a reference taken (NULL on failure). */
static inline struct kunit_resource *
kunit_alloc_and_get_resource(struct kunit *test, kunit_resource_init_t init,
			     kunit_resource_free_t free, gfp_t internal_gfp,
			     void *context)
{
	struct kunit_resource *res = kzalloc(sizeof(*res), internal_gfp);

	if (!res)
		return NULL;
	res->should_kfree = true;
	if (__kunit_add_resource(test, init, free, res, context)) {
		kfree(res);
		return NULL;
	}
	kunit_get_resource(res);
	return res;
}

/* Allocates and adds a resource; returns its data (NULL on failure). */
static inline void *kunit_alloc_resource(struct kunit *test,
					 kunit_resource_init_t init,
					 kunit_resource_free_t free,
					 gfp_t internal_gfp, void *context)
{
	struct kunit_resource *res = kunit_alloc_and_get_resource(test, init, free,
								   internal_gfp, context);
	void *data;

	if (!res)
		return NULL;
	data = res->data;
	kunit_put_resource(res);
	return data;
}

static inline int kunit_destroy_named_resource(struct kunit *test,
					       const char *name)
{
	return kunit_destroy_resource(test, kunit_resource_name_match,
				      (void *)name);
}

#endif /* _KUNIT_RESOURCE_H */
