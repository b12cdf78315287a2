/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: what a lock-debugging kernel (CONFIG_DEBUG_ATOMIC_SLEEP, CONFIG_LOCKDEP)
 * knows of the calling thread: its preemption-disable depth (spinlocks and rwlocks take
 * it, as in the kernel, so holding one is atomic context) and the locks it holds, for
 * lockdep_is_held(). might_sleep() in atomic task context fails the running test with the
 * kernel's report, at the caller's file and line. In the irq contexts (a signal handler:
 * nothing here may allocate or fail a test) it is recorded lock-free by run-in-irq, and
 * kunit_run_irq_test() reports it as it reports a Rust might_sleep() there. Per-thread
 * state only, updated in strict nesting, so the hardirq stand-in interrupting an update
 * restores what it changed before the interrupted code continues.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "glue.h"

#define KC_MAX_HELD 48

bool __kunit_c_in_interrupt(void);
bool __kunit_c_irqs_disabled(void);
void __kunit_c_might_sleep_in_irq(const char *file, int line);
void __kunit_c_fail_current_test(const char *file, int line, char *msg);

static __thread unsigned int kc_preempt;
static __thread const void *kc_held[KC_MAX_HELD];
static __thread unsigned int kc_nheld;

void __kunit_c_preempt_disable(void)
{
	kc_preempt++;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
}

void __kunit_c_preempt_enable(void)
{
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	kc_preempt--;
}

unsigned int __kunit_c_preempt_depth(void)
{
	return kc_preempt;
}

/* Records @lock as held by this thread (past KC_MAX_HELD nesting, it is not recorded). */
void __kunit_c_lock_acquire(const void *lock)
{
	unsigned int slot = kc_nheld++;

	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	if (slot < KC_MAX_HELD)
		kc_held[slot] = lock;
}

/* Forgets the innermost record of @lock (locks may be released out of order). */
void __kunit_c_lock_release(const void *lock)
{
	unsigned int n = kc_nheld < KC_MAX_HELD ? kc_nheld : KC_MAX_HELD;

	for (unsigned int i = n; i-- > 0;) {
		if (kc_held[i] == lock) {
			for (; i + 1 < n; i++)
				kc_held[i] = kc_held[i + 1];
			break;
		}
	}
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	if (kc_nheld)
		kc_nheld--;
}

bool __kunit_c_lock_is_held(const void *lock)
{
	unsigned int n = kc_nheld < KC_MAX_HELD ? kc_nheld : KC_MAX_HELD;

	for (unsigned int i = 0; i < n; i++)
		if (kc_held[i] == lock)
			return true;
	return false;
}

/*
 * Where a sleeping helper of kunit-c's headers was called from (__kunit_c_sleeper()): the
 * line its might-sleep check reports, instead of the header's own. Consumed by the check.
 */
static __thread const char *kc_site_file;
static __thread int kc_site_line;

void __kunit_c_sleep_site(const char *file, int line)
{
	kc_site_line = line;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	kc_site_file = file;
}

void __kunit_c_might_sleep(const char *file, int line);

void __kunit_c_might_sleep_site(const char *file, int line)
{
	if (kc_site_file) {
		file = kc_site_file;
		line = kc_site_line;
		kc_site_file = NULL;
	}
	__kunit_c_might_sleep(file, line);
}

/* The kernel's __might_sleep() report (kernel/sched/core.c), as the test's failure. */
void __kunit_c_might_sleep(const char *file, int line)
{
	bool irqs = __kunit_c_irqs_disabled();
	char comm[17] = "";
	char *msg;

	if (__kunit_c_in_interrupt()) {
		__kunit_c_might_sleep_in_irq(file, line);
		return;
	}
	if (!kc_preempt && !irqs)
		return;
	prctl(PR_GET_NAME, comm);
	if (asprintf(&msg,
		     "BUG: sleeping function called from invalid context at %s:%d\n"
		     "in_atomic(): %d, irqs_disabled(): %d, non_block: 0, pid: %d, name: %s\n"
		     "preempt_count: %x, expected: 0",
		     file, line, kc_preempt != 0, irqs, (int)gettid(), comm, kc_preempt) < 0)
		msg = NULL;
	__kunit_c_fail_current_test(file, line, msg);
}
