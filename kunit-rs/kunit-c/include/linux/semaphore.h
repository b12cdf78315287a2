/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: counting semaphores: down() takes one of @count, sleeping (a futex) while there
 * is none; up() gives one back, from any thread (a semaphore has no owner).
 */
#ifndef __LINUX_SEMAPHORE_H
#define __LINUX_SEMAPHORE_H

#include <linux/errno.h>
#include <linux/wait.h>

struct semaphore {
	unsigned int count;
};

#define __SEMAPHORE_INITIALIZER(name, n) { .count = (n) }
/* 6.4 and later take the count; before, DEFINE_SEMAPHORE(name) was a count of 1. */
#define __KUNIT_C_DEFINE_SEMAPHORE1(name) struct semaphore name = __SEMAPHORE_INITIALIZER(name, 1)
#define __KUNIT_C_DEFINE_SEMAPHORE2(name, n) struct semaphore name = __SEMAPHORE_INITIALIZER(name, n)
#define DEFINE_SEMAPHORE(...)							\
	CONCATENATE(__KUNIT_C_DEFINE_SEMAPHORE, COUNT_ARGS(__VA_ARGS__))(__VA_ARGS__)

static inline void sema_init(struct semaphore *sem, int val)
{
	__atomic_store_n(&sem->count, (unsigned int)val, __ATOMIC_RELEASE);
}

/* 0 when taken, 1 when none was left (the kernel's inverted sense). */
static inline int down_trylock(struct semaphore *sem)
{
	unsigned int c = __atomic_load_n(&sem->count, __ATOMIC_RELAXED);

	while (c)
		if (__atomic_compare_exchange_n(&sem->count, &c, c - 1, true, __ATOMIC_ACQUIRE,
						__ATOMIC_RELAXED))
			return 0;
	return 1;
}

/* 0 when taken, -ETIME when @timeout jiffies passed first; < 0: no limit. */
static inline int __kunit_c_down(struct semaphore *sem, long timeout)
{
	unsigned long end = jiffies + (unsigned long)timeout;

	__kunit_c_might_sleep_site(__FILE__, __LINE__);
	while (down_trylock(sem)) {
		if (timeout >= 0 && time_after_eq(jiffies, end))
			return -ETIME;
		__kunit_c_futex_wait(&sem->count, 0, timeout >= 0 ? NSEC_PER_SEC / HZ : 0);
	}
	return 0;
}

static inline void down(struct semaphore *sem)
{
	__kunit_c_down(sem, -1);
}
#define down_interruptible(sem) __kunit_c_sleeper(__kunit_c_down((sem), -1))
#define down_killable(sem) __kunit_c_sleeper(__kunit_c_down((sem), -1))
#define down_timeout(sem, timeout) __kunit_c_sleeper(__kunit_c_down((sem), (long)(timeout)))

static inline void up(struct semaphore *sem)
{
	__atomic_add_fetch(&sem->count, 1, __ATOMIC_RELEASE);
	__kunit_c_futex_wake_all(&sem->count);
}

/* down() reports a sleep in atomic context at its caller's line. */
#define down(sem) __kunit_c_sleeper(down(sem))

#endif /* __LINUX_SEMAPHORE_H */
