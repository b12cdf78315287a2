// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of <linux/cleanup.h>'s guards: a guard holds its lock to the end of the scope,
 * scoped_guard() for one statement (also when the statement breaks out), a conditional
 * guard that did not get its lock neither runs the statement nor unlocks, and lock guards
 * carry extra members (irqsave's flags) and a class without an argument (_0).
 */
#include <kunit/test.h>
#include <linux/cleanup.h>

struct counted_lock {
	int held;
	int locks;
	int unlocks;
};

static void counted_lock(struct counted_lock *l)
{
	l->held++;
	l->locks++;
}

static void counted_unlock(struct counted_lock *l)
{
	l->held--;
	l->unlocks++;
}

static bool counted_trylock(struct counted_lock *l)
{
	if (l->held)
		return false;
	counted_lock(l);
	return true;
}

DEFINE_GUARD(counted, struct counted_lock *, counted_lock(_T), counted_unlock(_T))
DEFINE_GUARD_COND(counted, _try, counted_trylock(_T))

static int zero_arg_depth;
DEFINE_LOCK_GUARD_0(depth, zero_arg_depth++, zero_arg_depth--)

DEFINE_LOCK_GUARD_1(counted_flags, struct counted_lock,
		    ({ counted_lock(_T->lock); _T->flags = 0x200; }),
		    counted_unlock(_T->lock), unsigned long flags)

static void guard_holds_to_the_end_of_the_scope(struct kunit *test)
{
	struct counted_lock l = {};

	{
		guard(counted)(&l);
		KUNIT_EXPECT_EQ(test, l.held, 1);
	}
	KUNIT_EXPECT_EQ(test, l.held, 0);
	KUNIT_EXPECT_EQ(test, l.unlocks, 1);
}

static void scoped_guard_holds_for_one_statement_even_when_it_breaks(struct kunit *test)
{
	struct counted_lock l = {};
	int ran = 0;

	scoped_guard(counted, &l) {
		ran++;
		KUNIT_EXPECT_EQ(test, l.held, 1);
	}
	KUNIT_EXPECT_EQ(test, ran, 1);
	KUNIT_EXPECT_EQ(test, l.held, 0);

	for (int i = 0; i < 3; i++) {
		scoped_guard(counted, &l) {
			if (i == 1)
				break;
			ran++;
		}
	}
	/* The statement ran once per pass (the break leaves the guard's own loop only). */
	KUNIT_EXPECT_EQ(test, ran, 3);
	KUNIT_EXPECT_EQ(test, l.locks, 4);
	KUNIT_EXPECT_EQ(test, l.unlocks, 4);
	KUNIT_EXPECT_EQ(test, l.held, 0);
}

static void a_conditional_guard_not_taken_runs_nothing_and_unlocks_nothing(struct kunit *test)
{
	struct counted_lock l = { .held = 1 };
	int ran = 0, failed = 0;

	scoped_guard(counted_try, &l)
		ran++;
	KUNIT_EXPECT_EQ(test, ran, 0);
	scoped_cond_guard(counted_try, failed++, &l)
		ran++;
	KUNIT_EXPECT_EQ(test, failed, 1);
	KUNIT_EXPECT_EQ(test, l.unlocks, 0);

	l.held = 0;
	scoped_cond_guard(counted_try, failed++, &l) {
		ran++;
		KUNIT_EXPECT_EQ(test, l.held, 1);
	}
	KUNIT_EXPECT_EQ(test, ran, 1);
	KUNIT_EXPECT_EQ(test, failed, 1);
	KUNIT_EXPECT_EQ(test, l.held, 0);
}

static void lock_guards_carry_members_and_may_take_no_argument(struct kunit *test)
{
	struct counted_lock l = {};

	{
		CLASS(counted_flags, g)(&l);
		KUNIT_EXPECT_EQ(test, g.flags, 0x200UL);
		KUNIT_EXPECT_PTR_EQ(test, g.lock, &l);
		KUNIT_EXPECT_EQ(test, l.held, 1);
	}
	KUNIT_EXPECT_EQ(test, l.held, 0);
	{
		guard(depth)();
		KUNIT_EXPECT_EQ(test, zero_arg_depth, 1);
		scoped_guard(depth)
			KUNIT_EXPECT_EQ(test, zero_arg_depth, 2);
		KUNIT_EXPECT_EQ(test, zero_arg_depth, 1);
	}
	KUNIT_EXPECT_EQ(test, zero_arg_depth, 0);
}

static struct kunit_case guard_test_cases[] = {
	KUNIT_CASE(guard_holds_to_the_end_of_the_scope),
	KUNIT_CASE(scoped_guard_holds_for_one_statement_even_when_it_breaks),
	KUNIT_CASE(a_conditional_guard_not_taken_runs_nothing_and_unlocks_nothing),
	KUNIT_CASE(lock_guards_carry_members_and_may_take_no_argument),
	{}
};

static struct kunit_suite guard_test_suite = {
	.name = "kunit_c_guard",
	.test_cases = guard_test_cases,
};
kunit_test_suite(guard_test_suite);
