/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: RCU (Documentation/RCU/whatisRCU.rst) with a real grace period over the
 * process's threads: synchronize_rcu() returns only once every read-side critical section
 * that began before it has ended (its own thread's excepted, which the kernel would
 * deadlock on: a warning here). call_rcu() and kfree_rcu() run their callback on kunit-c's
 * RCU thread after a grace period; rcu_barrier() waits for every callback queued before it.
 * The _bh and _sched flavours are the same readers (one RCU, as since 4.20); sections made
 * only by disabling preemption or interrupts are not readers here.
 */
#ifndef _LINUX_RCUPDATE_H
#define _LINUX_RCUPDATE_H

#include <linux/build_bug.h>
#include <linux/compiler.h>
#include <linux/stddef.h>
#include <asm-generic/barrier.h>
#include <linux/types.h>
#include <linux/slab.h>

void __kunit_c_rcu_read_lock(void);
void __kunit_c_rcu_read_unlock(void);
int __kunit_c_rcu_read_lock_held(void);
void __kunit_c_synchronize_rcu(void);
void __kunit_c_call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *head));
void __kunit_c_rcu_barrier(void);

#define rcu_read_lock() __kunit_c_rcu_read_lock()
#define rcu_read_unlock() __kunit_c_rcu_read_unlock()
#define rcu_read_lock_bh() __kunit_c_rcu_read_lock()
#define rcu_read_unlock_bh() __kunit_c_rcu_read_unlock()
#define rcu_read_lock_sched() __kunit_c_rcu_read_lock()
#define rcu_read_unlock_sched() __kunit_c_rcu_read_unlock()
#define rcu_read_lock_held() __kunit_c_rcu_read_lock_held()
#define rcu_read_lock_bh_held() __kunit_c_rcu_read_lock_held()
#define rcu_read_lock_any_held() __kunit_c_rcu_read_lock_held()
#define synchronize_rcu() __kunit_c_synchronize_rcu()
#define synchronize_rcu_expedited() __kunit_c_synchronize_rcu()
#define synchronize_rcu_bh() __kunit_c_synchronize_rcu()
#define synchronize_sched() __kunit_c_synchronize_rcu()
#define rcu_barrier() __kunit_c_rcu_barrier()
#define call_rcu(head, func) __kunit_c_call_rcu((head), (func))
#define call_rcu_hurry(head, func) __kunit_c_call_rcu((head), (func))
/* RCU read sections do not nest in a preemption count here (no CONFIG_PREEMPT_RCU). */
static inline int rcu_preempt_depth(void) { return 0; }
/* Every thread here is one RCU watches (none is idle or offline in the kernel's sense). */
static inline bool rcu_is_watching(void) { return true; }
/* lockdep's RCU checks, as without CONFIG_PROVE_RCU: the condition is not evaluated. */
#define RCU_LOCKDEP_WARN(c, s) do { } while (0 && (c))

#ifdef __SANITIZE_THREAD__
/*
 * ThreadSanitizer knows no address dependency (the kernel's ordering of an RCU reader's
 * load and its uses): under it, the load is an acquire, which the dependency implies.
 */
#define __kunit_c_rcu_deref(p) __atomic_load_n(&(p), __ATOMIC_ACQUIRE)
#else
#define __kunit_c_rcu_deref(p) READ_ONCE(p)
#endif
#define rcu_dereference(p) __kunit_c_rcu_deref(p)
#define rcu_dereference_raw(p) __kunit_c_rcu_deref(p)
#define rcu_dereference_bh(p) __kunit_c_rcu_deref(p)
#define rcu_dereference_sched(p) __kunit_c_rcu_deref(p)
#define rcu_dereference_protected(p, c) (p)
/* Marks where an RCU-protected pointer leaves the read side (a reference was taken): the value. */
#define rcu_pointer_handoff(p) (p)
#define rcu_dereference_check(p, c) __kunit_c_rcu_deref(p)
#define rcu_access_pointer(p) READ_ONCE(p)
#define rcu_assign_pointer(p, v) smp_store_release(&(p), (v))
#define rcu_replace_pointer(rcu_ptr, ptr, c) ({					\
	__typeof__(ptr) __old = (rcu_ptr);					\
	rcu_assign_pointer((rcu_ptr), (ptr));					\
	__old;									\
})
#define RCU_INIT_POINTER(p, v) WRITE_ONCE(p, v)
#define RCU_INITIALIZER(v) ((__typeof__(*(v)) *)(v))

/*
 * kfree_rcu(ptr, field): frees @ptr after a grace period. As in the kernel, the callback
 * slot holds the offset of @field (a small number, never a function's address).
 */
#define kfree_rcu(ptr, rhf) do {						\
	__typeof__(ptr) ___p = (ptr);						\
	BUILD_BUG_ON(offsetof(__typeof__(*(ptr)), rhf) >= 4096);		\
	if (___p)								\
		__kunit_c_call_rcu(&___p->rhf, (void (*)(struct rcu_head *))	\
				   (unsigned long)offsetof(__typeof__(*(ptr)), rhf)); \
} while (0)
/* The one-argument form may sleep: a grace period, then the free. */
#define kfree_rcu_mightsleep(ptr) do { synchronize_rcu(); kfree(ptr); } while (0)

#endif /* _LINUX_RCUPDATE_H */
