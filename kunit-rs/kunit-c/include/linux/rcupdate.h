/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: RCU's reader and publishing primitives. Without a grace-period machinery,
 * synchronize_rcu() is a full barrier: it is correct only for tests whose readers are
 * not concurrent with the writer, which is every single-threaded test case.
 */
#ifndef _LINUX_RCUPDATE_H
#define _LINUX_RCUPDATE_H

#include <linux/compiler.h>
#include <asm-generic/barrier.h>
#include <linux/types.h>
#include <linux/slab.h>

#define rcu_read_lock() do { } while (0)
#define rcu_read_unlock() do { } while (0)
#define rcu_read_lock_bh() do { } while (0)
#define rcu_read_unlock_bh() do { } while (0)
#define synchronize_rcu() mb()
#define rcu_barrier() mb()

#define rcu_dereference(p) READ_ONCE(p)
#define rcu_dereference_raw(p) READ_ONCE(p)
#define rcu_dereference_protected(p, c) (p)
#define rcu_dereference_check(p, c) READ_ONCE(p)
#define rcu_access_pointer(p) READ_ONCE(p)
#define rcu_assign_pointer(p, v) smp_store_release(&(p), (v))
#define RCU_INIT_POINTER(p, v) WRITE_ONCE(p, v)
#define RCU_INITIALIZER(v) ((__typeof__(*(v)) *)(v))

/*
 * Deferred frees and callbacks run at once: the grace period of a test whose readers are
 * not concurrent with the writer has already passed when the writer calls these.
 */
#define kfree_rcu(ptr, rhf) kfree(ptr)
#define kfree_rcu_mightsleep(ptr) kfree(ptr)
static inline void call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *head))
{
	func(head);
}

#endif /* _LINUX_RCUPDATE_H */
