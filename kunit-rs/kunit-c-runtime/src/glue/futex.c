/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: sleeping until a word changes, and waking its sleepers: Linux futexes, for
 * the sleeping locks and waits of <linux/completion.h>, <linux/semaphore.h>,
 * <linux/rwsem.h> and <linux/wait.h>. A waiter always rechecks its condition, so a
 * spurious return is harmless.
 */
#include <time.h>
#ifdef __linux__
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include "glue.h"

/* Sleeps while *@addr == @val, at most @timeout_ns (0: no limit). */
void __kunit_c_futex_wait(const unsigned int *addr, unsigned int val,
			  unsigned long long timeout_ns)
{
	struct timespec ts = { (time_t)(timeout_ns / 1000000000ull),
			       (long)(timeout_ns % 1000000000ull) };

#ifdef __linux__
	syscall(SYS_futex, addr, FUTEX_WAIT_PRIVATE, val, timeout_ns ? &ts : NULL, NULL, 0);
#else
	/* No futex: a short nap; the caller rechecks. */
	struct timespec nap = { 0, 50000 };

	(void)val;
	if (timeout_ns && timeout_ns < 50000)
		nap = ts;
	if (__atomic_load_n(addr, __ATOMIC_ACQUIRE) == val)
		nanosleep(&nap, NULL);
#endif
}

/* Wakes every thread sleeping on @addr. */
void __kunit_c_futex_wake_all(const unsigned int *addr)
{
#ifdef __linux__
	syscall(SYS_futex, addr, FUTEX_WAKE_PRIVATE, 0x7fffffff, NULL, NULL, 0);
#else
	(void)addr;
#endif
}
