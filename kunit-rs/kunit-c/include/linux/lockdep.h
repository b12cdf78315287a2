/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: lockdep's annotations in a kernel built without CONFIG_LOCKDEP, as kunit.py's
 * UML configuration is: lock classes and maps are empty, the annotations evaluate their
 * arguments and check nothing, and lockdep_is_held() is always true (only the assertions
 * read it). A test that needs lockdep's reports cannot be run here.
 */
#ifndef __LINUX_LOCKDEP_H
#define __LINUX_LOCKDEP_H

struct task_struct;

struct lock_class_key {
};

struct lockdep_map {
};

#define STATIC_LOCKDEP_MAP_INIT(_name, _key) {}
#define SINGLE_DEPTH_NESTING 1
#define MAX_LOCKDEP_SUBCLASSES 8UL

static inline void lockdep_init_task(struct task_struct *task) { (void)task; }
static inline void lockdep_off(void) {}
static inline void lockdep_on(void) {}
static inline void lockdep_set_selftest_task(struct task_struct *task) { (void)task; }
static inline void lockdep_register_key(struct lock_class_key *key) { (void)key; }
static inline void lockdep_unregister_key(struct lock_class_key *key) { (void)key; }

#define lock_acquire(l, s, t, r, c, n, i) do { } while (0)
#define lock_release(l, i) do { } while (0)
#define lock_downgrade(l, i) do { } while (0)
#define lock_set_class(l, n, key, s, i) do { (void)(key); } while (0)
#define lock_set_subclass(l, s, i) do { } while (0)
#define lock_map_acquire(l) do { } while (0)
#define lock_map_acquire_read(l) do { } while (0)
#define lock_map_acquire_try(l) do { } while (0)
#define lock_map_release(l) do { } while (0)
#define lockdep_init() do { } while (0)
#define lockdep_init_map(lock, name, key, sub) do { (void)(name); (void)(key); } while (0)
#define lockdep_init_map_wait(lock, name, key, sub, inner) \
	do { (void)(name); (void)(key); } while (0)
#define lockdep_init_map_waits(lock, name, key, sub, inner, outer) \
	do { (void)(name); (void)(key); } while (0)
#define lockdep_init_map_type(lock, name, key, sub, inner, outer, type) \
	do { (void)(name); (void)(key); } while (0)
#define lockdep_set_class(lock, key) do { (void)(key); } while (0)
#define lockdep_set_class_and_name(lock, key, name) do { (void)(key); (void)(name); } while (0)
#define lockdep_set_class_and_subclass(lock, key, sub) do { (void)(key); } while (0)
#define lockdep_set_subclass(lock, sub) do { } while (0)
#define lockdep_set_novalidate_class(lock) do { } while (0)
#define lockdep_set_notrack_class(lock) do { } while (0)
#define lockdep_depth(tsk) (0)
#ifndef lockdep_is_held
#define lockdep_is_held(lock) ((void)(lock), 1)
#endif
#define lockdep_is_held_type(l, r) (1)

#define lockdep_assert(c) do { } while (0)
#define lockdep_assert_once(c) do { } while (0)
#ifndef lockdep_assert_held
#define lockdep_assert_held(l) ((void)(l))
#endif
#define lockdep_assert_not_held(l) do { (void)(l); } while (0)
#define lockdep_assert_held_write(l) do { (void)(l); } while (0)
#define lockdep_assert_held_read(l) do { (void)(l); } while (0)
#define lockdep_assert_held_once(l) do { (void)(l); } while (0)
#define lockdep_assert_none_held_once() do { } while (0)
#define lockdep_assert_irqs_enabled() do { } while (0)
#define lockdep_assert_irqs_disabled() do { } while (0)
#define lockdep_assert_in_irq() do { } while (0)
#define lockdep_assert_no_hardirq() do { } while (0)
#define lockdep_assert_preemption_enabled() do { } while (0)
#define lockdep_assert_preemption_disabled() do { } while (0)
#define lockdep_assert_in_softirq() do { } while (0)
#define lockdep_assert_RT_in_threaded_ctx() do { } while (0)
#define might_lock(lock) do { } while (0)
#define might_lock_read(lock) do { } while (0)
#define might_lock_nested(lock, subclass) do { } while (0)
#define lockdep_recursing(tsk) (0)
#define lockdep_pin_lock(l) ((void)(l))
#define lockdep_repin_lock(l, c) do { (void)(l); (void)(c); } while (0)
#define lockdep_unpin_lock(l, c) do { (void)(l); (void)(c); } while (0)

/* The lock-subclass helpers of a rwsem or mutex taken once more in a nested scope. */
#define lock_is_held(map) (1)

#endif
