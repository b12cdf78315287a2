/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the assertion types shared by the KUnit macros (see kunit/test.h), and KUnit's
 * assertion records with their formatters. kunit-c's macros report through Rust
 * (<kunit/assert-abi.h>) and never build these records; they are here for code that does,
 * as KUnit's own lib/kunit/assert.c and its test: the formatters are that file's, writing
 * into lib/kunit/string-stream.c's streams (link both).
 */
#ifndef _KUNIT_ASSERT_H
#define _KUNIT_ASSERT_H

#include <linux/err.h>
#include <linux/printk.h>
#include <linux/sprintf.h>
#include <linux/types.h>

struct kunit;
struct string_stream;

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

/* The common head of every assertion record (empty, as in KUnit). */
struct kunit_assert {};

/* Writes an assertion's report (after its prologue) into @stream. */
typedef void (*assert_format_t)(const struct kunit_assert *assert,
				const struct va_format *message,
				struct string_stream *stream);

/* "EXPECTATION FAILED at file:line\n" or "ASSERTION FAILED at ...". */
void kunit_assert_prologue(const struct kunit_loc *loc, enum kunit_assert_type type,
			   struct string_stream *stream);

/* KUNIT_FAIL(). */
struct kunit_fail_assert {
	struct kunit_assert assert;
};
void kunit_fail_assert_format(const struct kunit_assert *assert,
			      const struct va_format *message, struct string_stream *stream);

/* KUNIT_EXPECT_TRUE()/FALSE(). */
struct kunit_unary_assert {
	struct kunit_assert assert;
	const char *condition;
	bool expected_true;
};
void kunit_unary_assert_format(const struct kunit_assert *assert,
			       const struct va_format *message, struct string_stream *stream);

/* KUNIT_EXPECT_NOT_ERR_OR_NULL(). */
struct kunit_ptr_not_err_assert {
	struct kunit_assert assert;
	const char *text;
	const void *value;
};
void kunit_ptr_not_err_assert_format(const struct kunit_assert *assert,
				     const struct va_format *message,
				     struct string_stream *stream);

/* The integer comparisons (KUNIT_EXPECT_EQ() and kin). */
struct kunit_binary_assert {
	struct kunit_assert assert;
	const struct kunit_binary_assert_text *text;
	long long left_value;
	long long right_value;
};
void kunit_binary_assert_format(const struct kunit_assert *assert,
				const struct va_format *message, struct string_stream *stream);

/* The pointer comparisons (KUNIT_EXPECT_PTR_EQ() and kin). */
struct kunit_binary_ptr_assert {
	struct kunit_assert assert;
	const struct kunit_binary_assert_text *text;
	const void *left_value;
	const void *right_value;
};
void kunit_binary_ptr_assert_format(const struct kunit_assert *assert,
				    const struct va_format *message,
				    struct string_stream *stream);

/* The string comparisons (KUNIT_EXPECT_STREQ() and kin). */
struct kunit_binary_str_assert {
	struct kunit_assert assert;
	const struct kunit_binary_assert_text *text;
	const char *left_value;
	const char *right_value;
};
void kunit_binary_str_assert_format(const struct kunit_assert *assert,
				    const struct va_format *message,
				    struct string_stream *stream);

/* The memory comparisons (KUNIT_EXPECT_MEMEQ() and kin). */
struct kunit_mem_assert {
	struct kunit_assert assert;
	const struct kunit_binary_assert_text *text;
	const void *left_value;
	const void *right_value;
	const size_t size;
};
void kunit_mem_assert_format(const struct kunit_assert *assert,
			     const struct va_format *message, struct string_stream *stream);

/* The helpers KUnit's formatters share, visible to its tests (a test binary is CONFIG_KUNIT). */
void kunit_assert_print_msg(const struct va_format *message, struct string_stream *stream);
bool is_literal(const char *text, long long value);
bool is_str_literal(const char *text, const char *value);
void kunit_assert_hexdump(struct string_stream *stream, const void *buf,
			  const void *compared_buf, const size_t len);

#endif /* _KUNIT_ASSERT_H */
