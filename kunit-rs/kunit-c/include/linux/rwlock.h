/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: rwlock_t, a spinning reader-writer lock on the compiler's atomics: any number
 * of readers, or one writer. As the kernel's, a reader may take it again while it holds it
 * (readers are let in while a writer waits), so a writer can starve; the _irq/_irqsave/_bh
 * forms also mask run-in-irq's interrupt stand-in, as <linux/spinlock.h>'s do. Holding it
 * (either way) disables preemption and is recorded for lockdep_is_held(), as a spinlock is.
 */
#ifndef __LINUX_RWLOCK_H
#define __LINUX_RWLOCK_H

#include <stdbool.h>
#include <linux/compiler.h>
#include <linux/irqflags.h>
#include <linux/lockdep.h>
#include <linux/preempt.h>
#include <linux/processor.h>

/* @cnt: the number of readers, or -1 while a writer holds it. */
typedef struct {
	int cnt;
} rwlock_t;

#define __RW_LOCK_UNLOCKED(name) { .cnt = 0 }
#define DEFINE_RWLOCK(name) rwlock_t name = __RW_LOCK_UNLOCKED(name)

static inline void rwlock_init(rwlock_t *lock)
{
	__atomic_store_n(&lock->cnt, 0, __ATOMIC_RELEASE);
}

static inline bool read_trylock(rwlock_t *lock)
{
	int c = __atomic_load_n(&lock->cnt, __ATOMIC_RELAXED);

	preempt_disable();
	while (c >= 0)
		if (__atomic_compare_exchange_n(&lock->cnt, &c, c + 1, true, __ATOMIC_ACQUIRE,
						__ATOMIC_RELAXED)) {
			__kunit_c_lock_acquire(lock);
			return true;
		}
	preempt_enable();
	return false;
}

static inline bool write_trylock(rwlock_t *lock)
{
	int unlocked = 0;

	preempt_disable();
	if (!__atomic_compare_exchange_n(&lock->cnt, &unlocked, -1, false, __ATOMIC_ACQUIRE,
					 __ATOMIC_RELAXED)) {
		preempt_enable();
		return false;
	}
	__kunit_c_lock_acquire(lock);
	return true;
}

static inline void read_lock(rwlock_t *lock)
{
	while (!read_trylock(lock))
		cpu_relax();
}

static inline void write_lock(rwlock_t *lock)
{
	while (!write_trylock(lock))
		cpu_relax();
}

static inline void read_unlock(rwlock_t *lock)
{
	__kunit_c_lock_release(lock);
	__atomic_sub_fetch(&lock->cnt, 1, __ATOMIC_RELEASE);
	preempt_enable();
}

static inline void write_unlock(rwlock_t *lock)
{
	__kunit_c_lock_release(lock);
	__atomic_store_n(&lock->cnt, 0, __ATOMIC_RELEASE);
	preempt_enable();
}

static inline bool rwlock_is_contended(rwlock_t *lock)
{
	(void)lock;
	return false;
}

#define read_lock_irq(lock) do { local_irq_disable(); read_lock(lock); } while (0)
#define read_unlock_irq(lock) do { read_unlock(lock); local_irq_enable(); } while (0)
#define write_lock_irq(lock) do { local_irq_disable(); write_lock(lock); } while (0)
#define write_unlock_irq(lock) do { write_unlock(lock); local_irq_enable(); } while (0)
#define read_lock_irqsave(lock, flags) do { local_irq_save(flags); read_lock(lock); } while (0)
#define read_unlock_irqrestore(lock, flags)					\
	do { read_unlock(lock); local_irq_restore(flags); } while (0)
#define write_lock_irqsave(lock, flags) do { local_irq_save(flags); write_lock(lock); } while (0)
#define write_unlock_irqrestore(lock, flags)					\
	do { write_unlock(lock); local_irq_restore(flags); } while (0)
#define read_lock_bh(lock) read_lock(lock)
#define read_unlock_bh(lock) read_unlock(lock)
#define write_lock_bh(lock) write_lock(lock)
#define write_unlock_bh(lock) write_unlock(lock)

#endif /* __LINUX_RWLOCK_H */
