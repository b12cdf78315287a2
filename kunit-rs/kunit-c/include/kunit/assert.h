/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: the assertion types shared by the KUnit macros (see kunit/test.h). */
#ifndef _KUNIT_ASSERT_H
#define _KUNIT_ASSERT_H

enum kunit_assert_type {
	KUNIT_ASSERTION,
	KUNIT_EXPECTATION,
};

/* Where an assertion is; one static instance per assertion site. */
struct kunit_loc {
	int line;
	const char *file;
};

#define KUNIT_CURRENT_LOC { .file = __FILE__, .line = __LINE__ }

/* The operator and the operand texts of a binary assertion, as written. */
struct kunit_binary_assert_text {
	const char *operation;
	const char *left_text;
	const char *right_text;
};

#endif /* _KUNIT_ASSERT_H */
