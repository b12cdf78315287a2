/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: KUnit's try-catch, which runs a function on a thread of its own that
 * kunit_try_catch_throw() ends; the catch function then runs on the caller's thread.
 * kunit-c's own cases do not use it (an assertion unwinds out of the C frames into the
 * Rust case runner), but KUnit's self-test (lib/kunit/kunit-test.c) drives it directly.
 * The fields are private, as in the kernel: its lib/kunit/try-catch-impl.h sets
 * test, try and catch.
 */
#ifndef _KUNIT_TRY_CATCH_H
#define _KUNIT_TRY_CATCH_H

#include <linux/types.h>

typedef void (*kunit_try_catch_func_t)(void *);

struct kunit;

struct kunit_try_catch {
	/* private: */
	struct kunit *test;
	int try_result;
	kunit_try_catch_func_t try;
	kunit_try_catch_func_t catch;
	/*
	 * Jiffies a try may take (set by newer kernels' kunit_try_catch_init()). Not enforced:
	 * the case's own timeout bounds a try that hangs, as the kernel's kthread_stop() cannot
	 * stop one either.
	 */
	unsigned long timeout;
	void *context;
};

/*
 * Runs try(context) on a new thread and waits for it. try_result is 0 when try returned
 * or threw (kunit_try_catch_throw()); -EINTR when the thread ended otherwise (a fault: an
 * assertion of another test, a panic), which is logged on the test as "try faulted". On a
 * throw or a fault, catch(context) then runs on this thread.
 */
void kunit_try_catch_run(struct kunit_try_catch *try_catch, void *context);

/* Ends the try function's thread from inside it (unwinding its frames). */
void __noreturn kunit_try_catch_throw(struct kunit_try_catch *try_catch);

static inline int kunit_try_catch_get_result(struct kunit_try_catch *try_catch)
{
	return try_catch->try_result;
}

#endif /* _KUNIT_TRY_CATCH_H */
