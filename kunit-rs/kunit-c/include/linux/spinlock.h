/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: spinlock_t and raw_spinlock_t as real test-and-set locks on the compiler's
 * atomics, so suites run in parallel threads exclude each other as in the kernel. The
 * _irq/_irqsave forms also mask run-in-irq's interrupt stand-in, as they mask interrupts.
 * Taking one disables preemption, as in the kernel, so the holder is in atomic context
 * (might_sleep() reports), and records the lock for lockdep_is_held().
 */
#ifndef _LINUX_SPINLOCK_H
#define _LINUX_SPINLOCK_H

#include <stdbool.h>
#include <linux/compiler.h>
#include <linux/irqflags.h>
#include <linux/lockdep.h>
#include <linux/preempt.h>
#include <linux/processor.h>

typedef struct raw_spinlock {
	unsigned char locked;
} raw_spinlock_t;
typedef raw_spinlock_t spinlock_t;

#define __RAW_SPIN_LOCK_UNLOCKED(name) { .locked = 0 }
#define __SPIN_LOCK_UNLOCKED(name) __RAW_SPIN_LOCK_UNLOCKED(name)
#define DEFINE_RAW_SPINLOCK(name) raw_spinlock_t name = __RAW_SPIN_LOCK_UNLOCKED(name)
#define DEFINE_SPINLOCK(name) spinlock_t name = __SPIN_LOCK_UNLOCKED(name)

static inline void raw_spin_lock_init(raw_spinlock_t *lock)
{
	__atomic_store_n(&lock->locked, 0, __ATOMIC_RELEASE);
}

static inline bool raw_spin_trylock(raw_spinlock_t *lock)
{
	preempt_disable();
	if (__atomic_test_and_set(&lock->locked, __ATOMIC_ACQUIRE)) {
		preempt_enable();
		return false;
	}
	__kunit_c_lock_acquire(lock);
	return true;
}

static inline void raw_spin_lock(raw_spinlock_t *lock)
{
	preempt_disable();
	while (__atomic_test_and_set(&lock->locked, __ATOMIC_ACQUIRE))
		while (__atomic_load_n(&lock->locked, __ATOMIC_RELAXED))
			cpu_relax();
	__kunit_c_lock_acquire(lock);
}

static inline void raw_spin_unlock(raw_spinlock_t *lock)
{
	__kunit_c_lock_release(lock);
	__atomic_clear(&lock->locked, __ATOMIC_RELEASE);
	preempt_enable();
}

static inline bool raw_spin_is_locked(raw_spinlock_t *lock)
{
	return __atomic_load_n(&lock->locked, __ATOMIC_RELAXED);
}

#define spin_lock_init(lock) raw_spin_lock_init(lock)
#define spin_lock(lock) raw_spin_lock(lock)
#define spin_unlock(lock) raw_spin_unlock(lock)
#define spin_trylock(lock) raw_spin_trylock(lock)
#define spin_is_locked(lock) raw_spin_is_locked(lock)
#define spin_lock_bh(lock) raw_spin_lock(lock)
#define spin_unlock_bh(lock) raw_spin_unlock(lock)
#define raw_spin_lock_irq(lock) do { local_irq_disable(); raw_spin_lock(lock); } while (0)
#define raw_spin_unlock_irq(lock) do { raw_spin_unlock(lock); local_irq_enable(); } while (0)
#define raw_spin_lock_irqsave(lock, flags)					\
	do { local_irq_save(flags); raw_spin_lock(lock); } while (0)
#define raw_spin_unlock_irqrestore(lock, flags)				\
	do { raw_spin_unlock(lock); local_irq_restore(flags); } while (0)
#define spin_lock_irq(lock) raw_spin_lock_irq(lock)
#define spin_unlock_irq(lock) raw_spin_unlock_irq(lock)
#define spin_lock_irqsave(lock, flags) raw_spin_lock_irqsave(lock, flags)
#define spin_unlock_irqrestore(lock, flags) raw_spin_unlock_irqrestore(lock, flags)

/* Interrupts stay masked only when the lock was taken. */
#define raw_spin_trylock_irqsave(lock, flags) ({				\
	local_irq_save(flags);							\
	raw_spin_trylock(lock) ? 1 : ({ local_irq_restore(flags); 0; });	\
})
#define raw_spin_trylock_irq(lock) ({						\
	local_irq_disable();							\
	raw_spin_trylock(lock) ? 1 : ({ local_irq_enable(); 0; });		\
})
#define spin_trylock_irqsave(lock, flags) raw_spin_trylock_irqsave(lock, flags)
#define spin_trylock_irq(lock) raw_spin_trylock_irq(lock)
#define spin_trylock_bh(lock) raw_spin_trylock(lock)
#define raw_spin_lock_bh(lock) raw_spin_lock(lock)
#define raw_spin_unlock_bh(lock) raw_spin_unlock(lock)

/* As in the kernel, rwlock_t comes with the spinlocks. */
#include <linux/rwlock.h>

#define assert_raw_spin_locked(lock) BUG_ON(!raw_spin_is_locked(lock))
#define assert_spin_locked(lock) assert_raw_spin_locked(lock)

#endif /* _LINUX_SPINLOCK_H */
