/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the interface of KUnit's test attributes (speed, module, is_init) as the kernel's
 * lib/kunit/attributes.c defines it: an attribute filter ("speed>slow") and what parses,
 * names, applies and prints them. kunit-rs's own filters are Rust (`--filter`); these
 * declarations are for the tree's attributes.c and executor.c, which tree mode compiles for
 * lib/kunit/executor_test.c (a tree without this header, like a lib/tests/ era one, still
 * builds them).
 */
#ifndef _KUNIT_C_ATTRIBUTES_H
#define _KUNIT_C_ATTRIBUTES_H

#include <kunit/test.h>

/* One attribute (attributes.c's own table entry). */
struct kunit_attr;

/* A parsed filter: its attribute, and the rest of its text (the operator and the value). */
struct kunit_attr_filter {
	struct kunit_attr *attr;
	char *input;
};

/* The name of @filter's attribute ("speed"). */
const char *kunit_attr_filter_name(struct kunit_attr_filter filter);

/* Logs the attributes of a case (@is_test) or a suite, as `--list_tests_attr` lists them. */
void kunit_print_attr(void *test_or_suite, bool is_test, unsigned int test_level);

/* The number of comma-separated filters in @input. */
int kunit_get_filter_count(char *input);

/* Parses the next filter of *@filters and moves past it; *@err is set on a bad one. */
struct kunit_attr_filter kunit_next_attr_filter(char **filters, int *err);

/*
 * A copy of @suite with only the cases that pass @filter (NULL when none does); with @action
 * "skip", every case, those that do not pass marked skipped.
 */
struct kunit_suite *kunit_filter_attr_tests(const struct kunit_suite *const suite,
					    struct kunit_attr_filter filter, char *action,
					    int *err);

#endif /* _KUNIT_C_ATTRIBUTES_H */
