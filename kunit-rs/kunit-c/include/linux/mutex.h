/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: struct mutex as a sleeping lock's userspace stand-in: a test-and-set lock whose
 * waiters pause and retry (test threads are the only contenders). The owner is recorded so
 * mutex_is_locked() and lockdep-style assertions have something to read.
 */
#ifndef __LINUX_MUTEX_H
#define __LINUX_MUTEX_H

#include <stdbool.h>
#include <linux/compiler.h>
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

	return __atomic_compare_exchange_n(&lock->owner, &none, current, false, __ATOMIC_ACQUIRE,
					   __ATOMIC_RELAXED);
}

static inline void mutex_lock(struct mutex *lock)
{
	while (!mutex_trylock(lock))
		cpu_relax();
}

static inline int mutex_lock_interruptible(struct mutex *lock)
{
	mutex_lock(lock);
	return 0;
}

static inline int mutex_lock_killable(struct mutex *lock)
{
	mutex_lock(lock);
	return 0;
}

static inline void mutex_unlock(struct mutex *lock)
{
	__atomic_store_n(&lock->owner, NULL, __ATOMIC_RELEASE);
}

#define mutex_lock_nested(lock, subclass) mutex_lock(lock)
/* Lock debugging is not modelled: a held-lock check passes. */
#ifndef lockdep_is_held
#define lockdep_is_held(lock) ((void)(lock), 1)
#endif

#endif /* __LINUX_MUTEX_H */
