/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: lockdep's assertions, as a CONFIG_LOCKDEP kernel makes them: the glue records
 * the locks each thread holds (spinlocks, rwlocks and mutexes take and drop the record), so
 * lockdep_assert_held(lock) warns when the calling thread does not hold @lock and
 * lockdep_assert_not_held() when it does. Lock classes and subclasses are not modelled
 * (the annotations that name them do nothing); nor is the lock-order checker.
 */
#ifndef __LINUX_LOCKDEP_H
#define __LINUX_LOCKDEP_H

#include <stdbool.h>
#include <linux/bug.h>
#include <linux/irqflags.h>
#include <linux/preempt.h>

void __kunit_c_lock_acquire(const void *lock);
void __kunit_c_lock_release(const void *lock);
bool __kunit_c_lock_is_held(const void *lock);

struct lock_class_key {
	char __kc_unused;
};
struct lockdep_map {
	const char *name;
};

#define lockdep_is_held(lock) __kunit_c_lock_is_held(lock)
#define lockdep_is_held_type(lock, r) __kunit_c_lock_is_held(lock)

#define lockdep_assert(cond) do { WARN_ON(debug_locks && !(cond)); } while (0)
#define lockdep_assert_once(cond) do { WARN_ON_ONCE(debug_locks && !(cond)); } while (0)
#define lockdep_assert_held(l) lockdep_assert(lockdep_is_held(l))
#define lockdep_assert_not_held(l) lockdep_assert(!lockdep_is_held(l))
#define lockdep_assert_held_write(l) lockdep_assert(lockdep_is_held(l))
#define lockdep_assert_held_read(l) lockdep_assert(lockdep_is_held(l))
#define lockdep_assert_held_once(l) lockdep_assert_once(lockdep_is_held(l))
#define lockdep_assert_none_held_once() do { } while (0)
#define lockdep_assert_irqs_enabled() lockdep_assert_once(!irqs_disabled())
#define lockdep_assert_irqs_disabled() lockdep_assert_once(irqs_disabled())
#define lockdep_assert_in_irq() lockdep_assert_once(in_hardirq())
#define lockdep_assert_in_softirq() lockdep_assert_once(in_softirq())
#define lockdep_assert_preemption_enabled() lockdep_assert_once(!preempt_count())
#define lockdep_assert_preemption_disabled() lockdep_assert_once(preempt_count())

/* Locking stays checked: the kernel turns this off after the first lockdep report. */
#define debug_locks 1

#define lockdep_set_class(lock, key) do { (void)(lock); (void)(key); } while (0)
#define lockdep_set_class_and_name(lock, key, name) lockdep_set_class(lock, key)
#define lockdep_set_subclass(lock, sub) do { (void)(lock); (void)(sub); } while (0)
#define lockdep_set_novalidate_class(lock) do { (void)(lock); } while (0)
#define lockdep_register_key(key) do { (void)(key); } while (0)
#define lockdep_unregister_key(key) do { (void)(key); } while (0)
#define lockdep_init_map(map, name, key, sub) do { (void)(map); } while (0)
#define might_lock(lock) do { (void)(lock); } while (0)
#define might_lock_read(lock) do { (void)(lock); } while (0)
#define lockdep_off() do { } while (0)
#define lockdep_on() do { } while (0)

/*
 * The annotations of a lock's lockdep map (dep_map), which only CONFIG_DEBUG_LOCK_ALLOC
 * gives a lock: classes are not modelled, so, as without it, they do nothing and their
 * arguments (a dep_map that is not there) are not evaluated. A lock kunit-c implements
 * records itself (see above).
 */
#define lock_acquire(l, s, t, r, c, n, i) do { } while (0)
#define lock_release(l, i) do { } while (0)
#define lock_acquire_exclusive(l, s, t, n, i) do { } while (0)
#define lock_acquire_shared(l, s, t, n, i) do { } while (0)
#define rwsem_acquire(l, s, t, i) do { } while (0)
#define rwsem_acquire_nest(l, s, t, n, i) do { } while (0)
#define rwsem_acquire_read(l, s, t, i) do { } while (0)
#define rwsem_release(l, i) do { } while (0)

#endif /* __LINUX_LOCKDEP_H */
