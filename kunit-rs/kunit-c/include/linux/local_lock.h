/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: local locks (Documentation/locking/locktypes.rst) protect per-CPU data against
 * the same CPU. Two threads can share a CPU here (see <linux/smp.h>), so a local lock is a
 * real spinlock; its _irq forms also mask run-in-irq's interrupt stand-in.
 */
#ifndef _LINUX_LOCAL_LOCK_H
#define _LINUX_LOCAL_LOCK_H

#include <linux/percpu.h>
#include <linux/spinlock.h>

typedef struct {
	raw_spinlock_t lock;
} local_lock_t;

#define INIT_LOCAL_LOCK(lockname) { .lock = __RAW_SPIN_LOCK_UNLOCKED(lockname) }
#define local_lock_init(l) raw_spin_lock_init(&(l)->lock)

/* @l is a per-CPU handle, as in the kernel: this CPU's copy is taken. */
#define local_lock(l) raw_spin_lock(&this_cpu_ptr(l)->lock)
#define local_unlock(l) raw_spin_unlock(&this_cpu_ptr(l)->lock)
#define local_lock_irq(l) raw_spin_lock_irq(&this_cpu_ptr(l)->lock)
#define local_unlock_irq(l) raw_spin_unlock_irq(&this_cpu_ptr(l)->lock)
#define local_lock_irqsave(l, flags) raw_spin_lock_irqsave(&this_cpu_ptr(l)->lock, flags)
#define local_unlock_irqrestore(l, flags)					\
	raw_spin_unlock_irqrestore(&this_cpu_ptr(l)->lock, flags)
#define local_lock_nested_bh(l) raw_spin_lock(&this_cpu_ptr(l)->lock)
#define local_unlock_nested_bh(l) raw_spin_unlock(&this_cpu_ptr(l)->lock)

#endif /* _LINUX_LOCAL_LOCK_H */
