/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: KUnit's executor interface, as the kernel's <kunit/test.h> declares it: the suite
 * set (an array of suites, end one past the last), the walkers over a suite's cases, and the
 * executor's entry points (filtering a suite set by glob and attributes, freeing a filtered
 * set, listing, running).
 *
 * kunit-rs's own executor is Rust (it filters, lists and runs the suites kunit_test_suites()
 * registers); these names are for C code written against KUnit's interface. The filters
 * themselves are defined by the kernel's lib/kunit/executor.c and lib/kunit/attributes.c,
 * which tree mode compiles when their test (lib/kunit/executor_test.c, #included by
 * executor.c) is enabled: the code under test is the tree's.
 */
#ifndef _KUNIT_C_SUITE_SET_H
#define _KUNIT_C_SUITE_SET_H

/* The suite and case structures (<kunit/test.h> includes this file at its end). */
#include <kunit/test.h>

/* The width of one level of KTAP indentation ("    "). */
#define KUNIT_INDENT_LEN 4

/* An array of suites: @end points one past the last. */
struct kunit_suite_set {
	struct kunit_suite * const *start;
	struct kunit_suite * const *end;
};

/* Walks a case table up to its terminating entry (the one with no run_case). */
#define kunit_suite_for_each_test_case(suite, test_case)		\
	for (test_case = (suite)->test_cases; test_case->run_case; test_case++)

/* The number of cases of @suite (its table, up to the terminating entry). */
static inline size_t kunit_suite_num_test_cases(struct kunit_suite *suite)
{
	struct kunit_case *test_case;
	size_t n = 0;

	kunit_suite_for_each_test_case(suite, test_case)
		n++;
	return n;
}

/* KUnit is enabled in a kunit process: its suites are what it runs (kunit.enable=1). */
static inline bool kunit_enabled(void)
{
	return true;
}

/* lib/kunit/executor.c's module parameters (kunit.action, kunit.filter_glob, ...). */
const char *kunit_action(void);
const char *kunit_filter_glob(void);
char *kunit_filter(void);
char *kunit_filter_action(void);

/*
 * A new suite set holding the suites of @suite_set that match @filter_glob
 * ("suite_glob[.test_glob]") and every attribute filter of @filters, each suite a copy with
 * only its matching cases (or, with @filter_action "skip", every case, those filtered out
 * marked skipped). *@err is set on failure. Free it with kunit_free_suite_set().
 */
struct kunit_suite_set
kunit_filter_suites(const struct kunit_suite_set *suite_set,
		    const char *filter_glob,
		    char *filters,
		    char *filter_action,
		    int *err);
/* Frees a set kunit_filter_suites() made: each suite copy, its cases, the array. */
void kunit_free_suite_set(struct kunit_suite_set suite_set);

/*
 * Runs @suites (KUnit's test.c; kunit-rs's executor is Rust, so nothing here defines it).
 * Variadic: the kernel added a third argument (bool run_tests) after 6.12, and executor.c of
 * either era must compile against this declaration.
 */
int __kunit_test_suites_init(struct kunit_suite * const * const suites, int num_suites, ...);
void __kunit_test_suites_exit(struct kunit_suite **suites, int num_suites);

void kunit_exec_run_tests(struct kunit_suite_set *suite_set, bool builtin);
void kunit_exec_list_tests(struct kunit_suite_set *suite_set, bool include_attr);
struct kunit_suite_set kunit_merge_suite_sets(struct kunit_suite_set init_suite_set,
					      struct kunit_suite_set suite_set);
int kunit_run_all_tests(void);
void kunit_free_boot_suites(void);

#endif /* _KUNIT_C_SUITE_SET_H */
