/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the scheduler calls library code makes. A test thread is its own task:
 * `current` is a per-thread task_struct, schedule() is a pause in the caller's wait loop
 * (which rechecks its condition, as every kernel wait loop does), wake_up_process() makes
 * the task runnable again, and cond_resched() has nothing to yield to.
 */
#ifndef _LINUX_SCHED_H
#define _LINUX_SCHED_H

#include <linux/compiler.h>
#include <linux/processor.h>
#include <linux/bug.h>
#include <linux/jiffies.h>
#include <asm-generic/barrier.h>

#define TASK_RUNNING 0x00000000
#define TASK_INTERRUPTIBLE 0x00000001
#define TASK_UNINTERRUPTIBLE 0x00000002

struct kunit;
struct blk_plug;

/*
 * A task: its state word, the KUnit test it runs (`current->kunit_test`, which
 * kunit_get_current_test() returns; KUnit's self-tests set it to a test of their own) and
 * its credentials. kunit-c's glue lays its tasks out the same way (kthread.c).
 */
struct task_struct {
	unsigned int __state;
	struct kunit *kunit_test;
	/*
	 * The task's objective and subjective credentials, the fields a tree's <linux/cred.h>
	 * reads (current_cred(), get_current_cred(), ...). kunit-c has no struct cred of its
	 * own, so a task starts with none (NULL) and a test that needs them sets them.
	 */
	const struct cred __rcu *real_cred;
	const struct cred __rcu *cred;
	/*
	 * PF_* flags (memalloc_nofs_save() sets PF_MEMALLOC_NOFS), the block plug and the
	 * journal handle a filesystem keeps for the running task: what the tree's blkdev.h
	 * and jbd2.h read. Nothing here plugs I/O or journals.
	 */
	unsigned int flags;
	struct blk_plug *plug;
	void *journal_info;
};

/* The glue's copies (kthread.c) lay the same fields out first. */
_Static_assert(sizeof(struct task_struct) == 7 * sizeof(void *), "kthread.c's copy");

#define PF_MEMALLOC_NOFS	0x00040000	/* allocations as GFP_NOFS */
#define PF_MEMALLOC_NOIO	0x00080000	/* allocations as GFP_NOIO */
#define PF_KTHREAD		0x00200000
#define PF_BLOCK_TS		0x20000000	/* the plug's timestamp needs updating */

/* The calling thread's task, one per thread for every file (kunit-c's glue). */
struct task_struct *__kunit_c_current(void);

#define current __kunit_c_current()

#define __set_current_state(state_value) WRITE_ONCE(current->__state, (state_value))
#define set_current_state(state_value)						\
	__atomic_store_n(&current->__state, (state_value), __ATOMIC_SEQ_CST)

static inline void schedule(void)
{
	cpu_relax();
}

static inline int wake_up_process(struct task_struct *p)
{
	return __atomic_exchange_n(&p->__state, TASK_RUNNING, __ATOMIC_SEQ_CST) != TASK_RUNNING;
}

#define MAX_SCHEDULE_TIMEOUT ((long)(~0UL >> 1))
/*
 * Sleeps until @timeout jiffies have passed (jiffies reach their value at the call plus
 * @timeout), as nothing here wakes a task early; returns 0, the time left.
 * MAX_SCHEDULE_TIMEOUT would sleep forever: it is a BUG() here, with no one to wake it.
 */
long __kunit_c_schedule_timeout(long timeout, unsigned int hz, unsigned long initial);
#define schedule_timeout(timeout) ({						\
	long __t = (timeout);							\
	BUG_ON(__t == MAX_SCHEDULE_TIMEOUT);					\
	__kunit_c_schedule_timeout(__t < 0 ? 0 : __t, HZ, INITIAL_JIFFIES);	\
})
#define schedule_timeout_idle(timeout) schedule_timeout(timeout)
#define schedule_timeout_interruptible(timeout) schedule_timeout(timeout)
#define schedule_timeout_killable(timeout) schedule_timeout(timeout)
#define schedule_timeout_uninterruptible(timeout) schedule_timeout(timeout)

/*
 * Memory-allocation profiling (CONFIG_MEM_ALLOC_PROFILING) is off, as in a kernel built
 * without it: a task has no current allocation tag, so saving one gives NULL and restoring
 * does nothing. Neither evaluates the tag, which <linux/alloc_tag.h>'s alloc_hooks() then
 * never defines.
 */
#define alloc_tag_save(_tag) NULL
#define alloc_tag_restore(_tag, _old) do {} while (0)

/* Priorities mean nothing to the host's scheduler here. */
#define MAX_NICE 19
#define MIN_NICE -20
#define set_user_nice(p, nice) do { (void)(p); (void)(nice); } while (0)

/* As <linux/kernel.h> has it: nothing to yield to, 0 (did not reschedule). */
#ifndef cond_resched
#define cond_resched() ({ 0; })
#endif

#endif /* _LINUX_SCHED_H */
