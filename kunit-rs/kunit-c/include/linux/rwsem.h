/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: reader-writer semaphores: many readers or one writer, waiters sleep (a futex).
 * Unlike rwlock_t, a reader must not take it again while holding it (the kernel's rwsem
 * queues readers behind a waiting writer, so that can deadlock there too).
 */
#ifndef _LINUX_RWSEM_H
#define _LINUX_RWSEM_H

#include <linux/wait.h>

struct rw_semaphore {
	unsigned int count; /* readers, or __KUNIT_C_RWSEM_WRITER while a writer holds it */
};

#define __KUNIT_C_RWSEM_WRITER 0x80000000u
#define __RWSEM_INITIALIZER(name) { .count = 0 }
#define DECLARE_RWSEM(name) struct rw_semaphore name = __RWSEM_INITIALIZER(name)

static inline void init_rwsem(struct rw_semaphore *sem)
{
	__atomic_store_n(&sem->count, 0, __ATOMIC_RELEASE);
}

static inline int rwsem_is_locked(struct rw_semaphore *sem)
{
	return __atomic_load_n(&sem->count, __ATOMIC_RELAXED) != 0;
}

/* 1 when taken, 0 otherwise. */
static inline int down_read_trylock(struct rw_semaphore *sem)
{
	unsigned int c = __atomic_load_n(&sem->count, __ATOMIC_RELAXED);

	while (!(c & __KUNIT_C_RWSEM_WRITER))
		if (__atomic_compare_exchange_n(&sem->count, &c, c + 1, true, __ATOMIC_ACQUIRE,
						__ATOMIC_RELAXED))
			return 1;
	return 0;
}

static inline int down_write_trylock(struct rw_semaphore *sem)
{
	unsigned int unlocked = 0;

	return __atomic_compare_exchange_n(&sem->count, &unlocked, __KUNIT_C_RWSEM_WRITER, false,
					   __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
}

static inline void down_read(struct rw_semaphore *sem)
{
	__kunit_c_might_sleep_site(__FILE__, __LINE__);
	while (!down_read_trylock(sem))
		__kunit_c_futex_wait(&sem->count, __KUNIT_C_RWSEM_WRITER, 0);
}

static inline void down_write(struct rw_semaphore *sem)
{
	unsigned int c;

	__kunit_c_might_sleep_site(__FILE__, __LINE__);
	while (!down_write_trylock(sem)) {
		c = __atomic_load_n(&sem->count, __ATOMIC_RELAXED);
		if (c)
			__kunit_c_futex_wait(&sem->count, c, 0);
	}
}

static inline void up_read(struct rw_semaphore *sem)
{
	if (__atomic_sub_fetch(&sem->count, 1, __ATOMIC_RELEASE) == 0)
		__kunit_c_futex_wake_all(&sem->count);
}

static inline void up_write(struct rw_semaphore *sem)
{
	__atomic_store_n(&sem->count, 0, __ATOMIC_RELEASE);
	__kunit_c_futex_wake_all(&sem->count);
}

/* The writer becomes a reader, letting other readers in. */
static inline void downgrade_write(struct rw_semaphore *sem)
{
	__atomic_store_n(&sem->count, 1, __ATOMIC_RELEASE);
	__kunit_c_futex_wake_all(&sem->count);
}

#define down_read_killable(sem) (down_read(sem), 0)
#define down_read_interruptible(sem) (down_read(sem), 0)
#define down_write_killable(sem) (down_write(sem), 0)
#define down_read_nested(sem, subclass) down_read(sem)
#define down_write_nested(sem, subclass) down_write(sem)

/* The sleeping acquisitions report a sleep in atomic context at their caller's line. */
#define down_read(sem) __kunit_c_sleeper(down_read(sem))
#define down_write(sem) __kunit_c_sleeper(down_write(sem))

#endif /* _LINUX_RWSEM_H */
