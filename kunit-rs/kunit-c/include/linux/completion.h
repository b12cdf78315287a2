/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: completions. complete() lets one waiter through (each call counts), and
 * complete_all() every present and future waiter until reinit_completion(), as the
 * kernel documents (Documentation/scheduler/completion.rst). Waiters sleep on a futex.
 */
#ifndef __LINUX_COMPLETION_H
#define __LINUX_COMPLETION_H

#include <linux/limits.h>
#include <linux/wait.h>

struct completion {
	unsigned int done; /* UINT_MAX after complete_all() */
};

#define COMPLETION_INITIALIZER(work) { .done = 0 }
#define COMPLETION_INITIALIZER_ONSTACK(work) COMPLETION_INITIALIZER(work)
#define DECLARE_COMPLETION(work) struct completion work = COMPLETION_INITIALIZER(work)
#define DECLARE_COMPLETION_ONSTACK(work) DECLARE_COMPLETION(work)

static inline void init_completion(struct completion *x)
{
	__atomic_store_n(&x->done, 0, __ATOMIC_RELEASE);
}

static inline void reinit_completion(struct completion *x)
{
	__atomic_store_n(&x->done, 0, __ATOMIC_RELEASE);
}

static inline void complete(struct completion *x)
{
	unsigned int d = __atomic_load_n(&x->done, __ATOMIC_RELAXED);

	while (d != UINT_MAX &&
	       !__atomic_compare_exchange_n(&x->done, &d, d + 1 == UINT_MAX ? d : d + 1, true,
					    __ATOMIC_RELEASE, __ATOMIC_RELAXED))
		;
	__kunit_c_futex_wake_all(&x->done);
}

static inline void complete_all(struct completion *x)
{
	__atomic_store_n(&x->done, UINT_MAX, __ATOMIC_RELEASE);
	__kunit_c_futex_wake_all(&x->done);
}

/* Takes one completion if there is one (all of them stay after complete_all()). */
static inline bool try_wait_for_completion(struct completion *x)
{
	unsigned int d = __atomic_load_n(&x->done, __ATOMIC_ACQUIRE);

	while (d != 0) {
		if (d == UINT_MAX)
			return true;
		if (__atomic_compare_exchange_n(&x->done, &d, d - 1, true, __ATOMIC_ACQUIRE,
						__ATOMIC_ACQUIRE))
			return true;
	}
	return false;
}

static inline bool completion_done(struct completion *x)
{
	return __atomic_load_n(&x->done, __ATOMIC_ACQUIRE) != 0;
}

/* Jiffies left (at least 1) once completed, 0 when @timeout passed first; < 0: no limit. */
static inline long __kunit_c_wait_for_completion(struct completion *x, long timeout)
{
	unsigned long end = jiffies + (unsigned long)timeout;

	__kunit_c_might_sleep_site(__FILE__, __LINE__);
	while (!try_wait_for_completion(x)) {
		if (timeout >= 0 && time_after_eq(jiffies, end))
			return 0;
		__kunit_c_futex_wait(&x->done, 0, timeout >= 0 ? NSEC_PER_SEC / HZ : 0);
	}
	if (timeout < 0)
		return 1;
	timeout = (long)(end - jiffies);
	return timeout < 1 ? 1 : timeout;
}

static inline void wait_for_completion(struct completion *x)
{
	__kunit_c_wait_for_completion(x, -1);
}
#define wait_for_completion_io(x) wait_for_completion(x)
#define wait_for_completion_killable(x) (wait_for_completion(x), 0)
#define wait_for_completion_interruptible(x) (wait_for_completion(x), 0)
#define wait_for_completion_state(x, state) ((void)(state), wait_for_completion(x), 0)
#define wait_for_completion_timeout(x, timeout)				\
	((unsigned long)__kunit_c_sleeper(__kunit_c_wait_for_completion((x), (long)(timeout))))
#define wait_for_completion_io_timeout(x, timeout) wait_for_completion_timeout(x, timeout)
#define wait_for_completion_interruptible_timeout(x, timeout)			\
	__kunit_c_sleeper(__kunit_c_wait_for_completion((x), (long)(timeout)))
#define wait_for_completion_killable_timeout(x, timeout)			\
	__kunit_c_sleeper(__kunit_c_wait_for_completion((x), (long)(timeout)))
/* wait_for_completion() reports a sleep in atomic context at its caller's line. */
#define wait_for_completion(x) __kunit_c_sleeper(wait_for_completion(x))

#endif /* __LINUX_COMPLETION_H */
