/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: struct mutex as a sleeping lock's userspace stand-in: a test-and-set lock whose
 * waiters pause and retry (test threads are the only contenders). The owner is recorded so
 * mutex_is_locked() has something to read, and the lock for lockdep_is_held(). Taking one
 * may sleep: mutex_lock() in atomic context is reported as might_sleep() reports it.
 */
#ifndef __LINUX_MUTEX_H
#define __LINUX_MUTEX_H

#include <stdbool.h>
#include <linux/compiler.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/lockdep.h>
#include <linux/processor.h>
#include <linux/sched.h>
/* As the kernel's include chain brings it: mutex-protected RCU writers use both. */
#include <linux/rcupdate.h>

struct mutex {
	struct task_struct *owner;
};

#define __MUTEX_INITIALIZER(lockname) { .owner = NULL }
#define DEFINE_MUTEX(mutexname) struct mutex mutexname = __MUTEX_INITIALIZER(mutexname)

static inline void mutex_init(struct mutex *lock)
{
	__atomic_store_n(&lock->owner, NULL, __ATOMIC_RELEASE);
}

/* What mutex_init() expands to in the kernel; the lockdep name and class are not kept. */
static inline void __mutex_init(struct mutex *lock, const char *name, struct lock_class_key *key)
{
	(void)name;
	(void)key;
	mutex_init(lock);
}

static inline void mutex_destroy(struct mutex *lock)
{
	(void)lock;
}

static inline bool mutex_is_locked(struct mutex *lock)
{
	return __atomic_load_n(&lock->owner, __ATOMIC_RELAXED) != NULL;
}

/* 1 when taken, 0 when another task holds it. */
static inline int mutex_trylock(struct mutex *lock)
{
	struct task_struct *none = NULL;

	if (!__atomic_compare_exchange_n(&lock->owner, &none, current, false, __ATOMIC_ACQUIRE,
					 __ATOMIC_RELAXED))
		return 0;
	__kunit_c_lock_acquire(lock);
	return 1;
}

#define mutex_lock(lock) do { might_sleep(); __kunit_c_mutex_lock(lock); } while (0)
static inline void __kunit_c_mutex_lock(struct mutex *lock)
{
	while (!mutex_trylock(lock))
		cpu_relax();
}

#define mutex_lock_interruptible(lock) ({ mutex_lock(lock); 0; })
#define mutex_lock_killable(lock) ({ mutex_lock(lock); 0; })

static inline void mutex_unlock(struct mutex *lock)
{
	__kunit_c_lock_release(lock);
	__atomic_store_n(&lock->owner, NULL, __ATOMIC_RELEASE);
}

#define mutex_lock_nested(lock, subclass) mutex_lock(lock)

#endif /* __LINUX_MUTEX_H */
