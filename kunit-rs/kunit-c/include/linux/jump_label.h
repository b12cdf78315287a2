/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: static keys as plain atomic counters (no code patching in userspace): a key is
 * enabled while its count is positive, and static_branch_likely() is a load and a test.
 */
#ifndef _LINUX_JUMP_LABEL_H
#define _LINUX_JUMP_LABEL_H

#include <stdbool.h>

struct static_key {
	int enabled;
};
struct static_key_true {
	struct static_key key;
};
struct static_key_false {
	struct static_key key;
};

#define STATIC_KEY_INIT_TRUE { .enabled = 1 }
#define STATIC_KEY_INIT_FALSE { .enabled = 0 }
#define STATIC_KEY_TRUE_INIT (struct static_key_true) { .key = STATIC_KEY_INIT_TRUE }
#define STATIC_KEY_FALSE_INIT (struct static_key_false) { .key = STATIC_KEY_INIT_FALSE }

#define DEFINE_STATIC_KEY_TRUE(name) struct static_key_true name = STATIC_KEY_TRUE_INIT
#define DEFINE_STATIC_KEY_FALSE(name) struct static_key_false name = STATIC_KEY_FALSE_INIT
#define DECLARE_STATIC_KEY_TRUE(name) extern struct static_key_true name
#define DECLARE_STATIC_KEY_FALSE(name) extern struct static_key_false name
#define DEFINE_STATIC_KEY_TRUE_RO(name) DEFINE_STATIC_KEY_TRUE(name)
#define DEFINE_STATIC_KEY_FALSE_RO(name) DEFINE_STATIC_KEY_FALSE(name)

static inline bool static_key_enabled_raw(const struct static_key *key)
{
	return __atomic_load_n(&key->enabled, __ATOMIC_RELAXED) > 0;
}

#define static_key_enabled(x) static_key_enabled_raw(&(x)->key)
#define static_branch_likely(x) __builtin_expect(static_key_enabled(x), 1)
#define static_branch_unlikely(x) __builtin_expect(static_key_enabled(x), 0)

#define static_branch_enable(x) __atomic_store_n(&(x)->key.enabled, 1, __ATOMIC_RELAXED)
#define static_branch_disable(x) __atomic_store_n(&(x)->key.enabled, 0, __ATOMIC_RELAXED)
#define static_branch_inc(x) ((void)__atomic_add_fetch(&(x)->key.enabled, 1, __ATOMIC_RELAXED))
#define static_branch_dec(x) ((void)__atomic_sub_fetch(&(x)->key.enabled, 1, __ATOMIC_RELAXED))
#define static_branch_enable_cpuslocked(x) static_branch_enable(x)
#define static_branch_disable_cpuslocked(x) static_branch_disable(x)

#endif /* _LINUX_JUMP_LABEL_H */
