/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: KUnit's C test API in userspace, backed by kunit-rs.
 *
 * Written for kunit-rs from KUnit's documented interface (names, shapes and
 * semantics); the checks, failure text, KTAP output, registry and executor all
 * live in Rust (crate kunit-c, on top of kunit). The macros here evaluate each
 * operand once, compare in the operands' own types and, on failure, hand the
 * stringified operands and the values to Rust, which prints exactly what KUnit
 * prints. An ASSERT unwinds out of the C frames into the Rust case runner
 * (objects are built with -fexceptions, Rust is entered through "C-unwind").
 */
#ifndef _KUNIT_TEST_H
#define _KUNIT_TEST_H

#include <linux/stdarg.h>
#include <linux/stddef.h>

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/printk.h>
/* Reached through the kernel's own kunit/test.h includes (module.h, ...); test files rely on it. */
#include <linux/random.h>
#include <linux/ktime.h>
/* What the kernel's <kunit/test.h> includes, which test files rely on. */
#include <linux/args.h>
#include <linux/container_of.h>
#include <linux/init.h>
#include <linux/jump_label.h>
#include <linux/kref.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <asm/rwonce.h>
#include <kunit/assert.h>
#include <kunit/try-catch.h>
#include <kunit/test-bug.h>

/*
 * kunit_c::Build defines KBUILD_MODNAME per file; built otherwise, the module name is
 * derived from __FILE__ at registration (base name, '-' → '_').
 */
#ifndef KBUILD_MODNAME
#define KBUILD_MODNAME ((char *)0)
#endif

/* The size of the buffer a parameter generator writes its description to. */
#define KUNIT_PARAM_DESC_SIZE 128
/* The size of test->status_comment (the skip reason). */
#define KUNIT_STATUS_COMMENT_SIZE 256

#define KUNIT_SUBTEST_INDENT "    "
#define KUNIT_SUBSUBTEST_INDENT "        "

enum kunit_status {
	KUNIT_SUCCESS,
	KUNIT_FAILURE,
	KUNIT_SKIPPED,
};

enum kunit_speed {
	KUNIT_SPEED_UNSET,
	KUNIT_SPEED_VERY_SLOW,
	KUNIT_SPEED_SLOW,
	KUNIT_SPEED_NORMAL,
	KUNIT_SPEED_MAX = KUNIT_SPEED_NORMAL,
};

struct kunit_attributes {
	enum kunit_speed speed;
};

struct kunit;
struct kunit_suite;
/* KUnit's log stream (lib/kunit/string-stream.h, the tree's own). */
struct string_stream;

/* One test case; a case table ends with an all-zero entry ({}). */
struct kunit_case {
	void (*run_case)(struct kunit *test);
	const char *name;
	const void *(*generate_params)(struct kunit *test, const void *prev,
				       char *desc);
	struct kunit_attributes attr;
	int (*param_init)(struct kunit *test);
	void (*param_exit)(struct kunit *test);

	/* private: kept for source compatibility; kunit-rs keeps results in Rust. */
	enum kunit_status status;
	char *module_name;
	void *log;
};

/* Case tables are walked from Rust, which mirrors this layout (nine pointer-sized slots). */
_Static_assert(sizeof(struct kunit_case) == 9 * sizeof(void *),
	       "struct kunit_case matches kunit-c's Rust mirror");

/* A test suite: hooks around the suite and around each case, and the cases. */
struct kunit_suite {
	const char name[256];
	int (*suite_init)(struct kunit_suite *suite);
	void (*suite_exit)(struct kunit_suite *suite);
	int (*init)(struct kunit *test);
	void (*exit)(struct kunit *test);
	struct kunit_case *test_cases;
	struct kunit_attributes attr;

	/* private: kept for source compatibility; @log, when set, gets the suite's kunit_log(). */
	char status_comment[KUNIT_STATUS_COMMENT_SIZE];
	struct string_stream *log;
	int suite_init_err;
	bool is_init;
};

/*
 * A parameter array registered on a test (kunit_register_params_array()): @params is
 * NULL until one is. kunit_array_gen_params() walks it.
 */
struct kunit_params {
	const void *params;
	void (*get_description)(struct kunit *test, const void *param, char *desc);
	size_t num_params;
	size_t elem_size;
};

/*
 * The running test (one per case, one per parameter). kunit-rs allocates it; test
 * code reads the public fields and sets @priv. In a parameter run @parent is the
 * case's own test, which param_init()/param_exit() and the generator get. @status and @status_comment mirror
 * the Rust side after every failure or skip.
 */
struct kunit {
	void *priv;
	struct kunit *parent;
	struct kunit_params params_array;
	const char *name;
	const void *param_value;
	int param_index;
	enum kunit_status status;
	char status_comment[KUNIT_STATUS_COMMENT_SIZE];
	/*
	 * The test's log stream: NULL, as in a kernel without CONFIG_KUNIT_DEBUGFS (kunit-rs
	 * keeps the log itself), unless kunit_init_test() was given one; what is logged on the
	 * test is then added to it too.
	 */
	struct string_stream *log;
	/* The test's C resources (struct kunit_resource's node), oldest first. */
	struct list_head resources;
	/* private: the Rust test follows in the same allocation. */
};

/* ---- case tables ---------------------------------------------------------- */

#define KUNIT_CASE(test_name)						\
	{ .run_case = test_name, .name = #test_name,			\
	  .module_name = KBUILD_MODNAME }

#define KUNIT_CASE_ATTR(test_name, attributes)				\
	{ .run_case = test_name, .name = #test_name,			\
	  .attr = attributes, .module_name = KBUILD_MODNAME }

#define KUNIT_CASE_SLOW(test_name)					\
	{ .run_case = test_name, .name = #test_name,			\
	  .attr.speed = KUNIT_SPEED_SLOW, .module_name = KBUILD_MODNAME }

#define KUNIT_CASE_PARAM(test_name, gen_params)				\
	{ .run_case = test_name, .name = #test_name,			\
	  .generate_params = gen_params, .module_name = KBUILD_MODNAME }

#define KUNIT_CASE_PARAM_ATTR(test_name, gen_params, attributes)	\
	{ .run_case = test_name, .name = #test_name,			\
	  .generate_params = gen_params, .attr = attributes,		\
	  .module_name = KBUILD_MODNAME }

#define KUNIT_CASE_PARAM_WITH_INIT(test_name, gen_params, init, exit)	\
	{ .run_case = test_name, .name = #test_name,			\
	  .generate_params = gen_params, .param_init = init,		\
	  .param_exit = exit, .module_name = KBUILD_MODNAME }

/* ---- registration --------------------------------------------------------- */

/*
 * Each kunit_test_suites() emits a constructor that hands its NULL-terminated
 * array to the Rust registry before main(), so no list of suites exists anywhere.
 * kunit_c::Build links the objects whole-archive, so the linker keeps them.
 */
void __kunit_c_register_suites(struct kunit_suite *const *suites,
			       const char *module, const char *file, int line,
			       bool init_section);

/* The kernel's list may end in a comma (drivers/of/of_test.c's does): a NULL-terminated copy. */
#define __KUNIT_C_SUITES_DEFINE(id, init_section, ...)			\
	static struct kunit_suite *const __kunit_c_suites_##id[] = {	\
		__VA_ARGS__ };						\
	__attribute__((constructor)) static void			\
	__kunit_c_register_##id(void)					\
	{								\
		enum { __n = sizeof(__kunit_c_suites_##id) /		\
			     sizeof(__kunit_c_suites_##id[0]) };	\
		static struct kunit_suite *__list[__n + 1];		\
									\
		for (int __i = 0; __i < __n; __i++)			\
			__list[__i] = __kunit_c_suites_##id[__i];	\
		__kunit_c_register_suites(__list, KBUILD_MODNAME,	\
					  __FILE__, __LINE__,		\
					  init_section);		\
	}
#define __KUNIT_C_SUITES_AT(id, init_section, ...)			\
	__KUNIT_C_SUITES_DEFINE(id, init_section, __VA_ARGS__)

#define kunit_test_suites(...)						\
	__KUNIT_C_SUITES_AT(__COUNTER__, false, __VA_ARGS__)
#define kunit_test_suite(suite) kunit_test_suites(&suite)

/* Suites that use __init code or data: they run first and print "# is_init: true". */
#define kunit_test_init_section_suites(...)				\
	__KUNIT_C_SUITES_AT(__COUNTER__, true, __VA_ARGS__)
#define kunit_test_init_section_suite(suite)				\
	kunit_test_init_section_suites(&suite)

/* ---- parameters ----------------------------------------------------------- */

/*
 * Gives @test (from param_init: the parent) an array of @param_count parameters built
 * at run time; pass kunit_array_gen_params as the case's generator to walk it. The
 * series then prints a "1..N" plan line first, as KUnit does for that generator only.
 * @get_desc(test, param, desc) names each parameter (NULL: "param-N").
 */
#define kunit_register_params_array(test, array, param_count, get_desc)	\
	do {								\
		struct kunit *_test = (test);				\
		const __typeof__((array)[0]) *_params_ptr = &(array)[0]; \
		_test->params_array.params = _params_ptr;		\
		_test->params_array.num_params = (param_count);		\
		_test->params_array.elem_size = sizeof(*_params_ptr);	\
		_test->params_array.get_description = (get_desc);	\
	} while (0)

/* The generator over test->params_array: element test->param_index, described. */
const void *kunit_array_gen_params(struct kunit *test, const void *prev,
				   char *desc);

#define KUNIT_ARRAY_PARAM(name, array, get_desc)			\
	static const void *name##_gen_params(struct kunit *test,	\
					     const void *prev, char *desc) \
	{								\
		__typeof__((array)[0]) *__next =			\
			prev ? ((__typeof__(__next))prev) + 1 : (array); \
		void (*__get_desc)(__typeof__(__next), char *) = get_desc; \
		if (!prev)						\
			kunit_register_params_array(test, array,	\
						    ARRAY_SIZE(array), NULL); \
		if (__next - (array) < (long)ARRAY_SIZE(array)) {	\
			if (__get_desc)					\
				__get_desc(__next, desc);		\
			return __next;					\
		}							\
		return NULL;						\
	}

#define KUNIT_ARRAY_PARAM_DESC(name, array, desc_member)		\
	static const void *name##_gen_params(struct kunit *test,	\
					     const void *prev, char *desc) \
	{								\
		__typeof__((array)[0]) *__next =			\
			prev ? ((__typeof__(__next))prev) + 1 : (array); \
		if (!prev)						\
			kunit_register_params_array(test, array,	\
						    ARRAY_SIZE(array), NULL); \
		if (__next - (array) < (long)ARRAY_SIZE(array)) {	\
			strscpy(desc, __next->desc_member,		\
				KUNIT_PARAM_DESC_SIZE);			\
			return __next;					\
		}							\
		return NULL;						\
	}

/* ---- logging, skipping ---------------------------------------------------- */

void __kunit_c_log(struct kunit *test, bool prefixed, char *text);
void __kunit_c_skip(struct kunit *test, char *reason, bool abort);

/*
 * A log stream is KUnit's string_stream, whose code (lib/kunit/string-stream.c) is linked
 * only where a test needs it: reached through a weak reference, so that code which never
 * sets a stream needs none. A stream set without that code linked cannot be written.
 */
static int __kunit_c_stream_add(struct string_stream *stream, const char *fmt, ...)
	__attribute__((weakref("string_stream_add")));
void __kunit_c_stream_missing(void) __noreturn;

/* kunit_log_append(): @text (after "    # <name>: " when @name) added to @log. */
static inline void __kunit_c_log_append(struct string_stream *log, const char *name,
					const char *text)
{
	if (!log)
		return;
	if (!__kunit_c_stream_add)
		__kunit_c_stream_missing();
	if (name)
		__kunit_c_stream_add(log, KUNIT_SUBTEST_INDENT "# %s: %s", name, text ? text : "");
	else
		__kunit_c_stream_add(log, "%s", text ? text : "");
}

static inline __printf(3, 4) void
__kunit_c_printk(struct kunit *test, bool prefixed, const char *fmt, ...)
{
	va_list ap;
	char *text;

	va_start(ap, fmt);
	text = __kunit_c_vformat(fmt, ap);
	va_end(ap);
	__kunit_c_log_append(test->log, prefixed ? test->name : NULL, text);
	__kunit_c_log(test, prefixed, text);
}

void __kunit_c_suite_log(const struct kunit_suite *suite, bool prefixed,
			 char *text);

static inline __printf(3, 4) void
__kunit_c_suite_printk(const struct kunit_suite *suite, bool prefixed,
		       const char *fmt, ...)
{
	va_list ap;
	char *text;

	va_start(ap, fmt);
	text = __kunit_c_vformat(fmt, ap);
	va_end(ap);
	__kunit_c_log_append(suite->log, prefixed ? suite->name : NULL, text);
	__kunit_c_suite_log(suite, prefixed, text);
}

/*
 * The logging macros take a test or a suite, as KUnit's do: the pointer's type picks
 * the function (a suite logs where its suite_init/suite_exit output belongs).
 */
/*
 * A case's entry (lib/kunit/attributes.c's kunit_print_attr() on a case) goes to the
 * kernel log, as KUnit's kunit_log() prints it; kunit-rs keeps no per-case log stream.
 */
static inline __printf(3, 4) void
__kunit_c_case_printk(const struct kunit_case *test_case, bool prefixed,
		      const char *fmt, ...)
{
	va_list ap;

	(void)test_case;
	(void)prefixed;
	va_start(ap, fmt);
	vprintk(fmt, ap);
	va_end(ap);
	printk("\n");
}

#define __kunit_c_printk_fn(test_or_suite)				\
	_Generic((test_or_suite),					\
		 struct kunit_suite *: __kunit_c_suite_printk,		\
		 const struct kunit_suite *: __kunit_c_suite_printk,	\
		 struct kunit_case *: __kunit_c_case_printk,		\
		 const struct kunit_case *: __kunit_c_case_printk,	\
		 default: __kunit_c_printk)

/* kunit_log(lvl, test_or_suite, fmt, ...): one log entry, as written (no prefix). */
#define kunit_log(lvl, test_or_suite, fmt, ...)				\
	__kunit_c_printk_fn(test_or_suite)(test_or_suite, false, fmt, ##__VA_ARGS__)

/* kunit_info/warn/err(test_or_suite, fmt, ...): "    # <name>: <message>". */
#define kunit_printk(lvl, test_or_suite, fmt, ...)			\
	__kunit_c_printk_fn(test_or_suite)(test_or_suite, true, fmt, ##__VA_ARGS__)
#define kunit_info(test, fmt, ...) kunit_printk(KERN_INFO, test, fmt, ##__VA_ARGS__)
#define kunit_warn(test, fmt, ...) kunit_printk(KERN_WARNING, test, fmt, ##__VA_ARGS__)
#define kunit_err(test, fmt, ...) kunit_printk(KERN_ERR, test, fmt, ##__VA_ARGS__)

static inline __printf(3, 4) void
__kunit_c_skip_fmt(struct kunit *test, bool abort, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	__kunit_c_skip(test, __kunit_c_vformat(fmt, ap), abort);
	va_end(ap);
}

/* Marks the test skipped with a reason; the test keeps running. */
#define kunit_mark_skipped(test, fmt, ...)				\
	__kunit_c_skip_fmt(test, false, fmt, ##__VA_ARGS__)
/* Marks the test skipped and ends it (cleanup still runs). */
#define kunit_skip(test, fmt, ...)					\
	__kunit_c_skip_fmt(test, true, fmt, ##__VA_ARGS__)

/* Marks the test failed without printing anything. */
void kunit_set_failure(struct kunit *test);

/* ---- managed memory ------------------------------------------------------- */

#include <kunit/resource.h>
/* `current->kunit_test`, the test kunit_get_current_test() returns. */
#include <linux/sched.h>

struct string_stream;

/*
 * A test of the caller's own in @test (KUnit's self-tests make such "fake" tests and check
 * their resources, actions and stubs): named @name, succeeding, with nothing to release;
 * what it logs is kept, not printed, and also added to @log when that is a stream (as
 * kunit_init_test() in KUnit, which empties the stream first; here it is taken as is).
 */
void kunit_init_test(struct kunit *test, const char *name, struct string_stream *log);
/* Releases @test's resources, deferred actions and static stubs now, newest first. */
void kunit_cleanup(struct kunit *test);

/*
 * n * size bytes on kunit's resource stack, freed when the test ends or by
 * kunit_kfree(); NULL when n * size overflows. Always zeroed and 16-byte aligned
 * (gfp flags are ignored); a zero-size request still gets a unique pointer.
 */
void *kunit_kmalloc_array(struct kunit *test, size_t n, size_t size, gfp_t gfp);
/* Frees a kunit_k*alloc() allocation of @test now (NULL and other pointers: nothing). */
void kunit_kfree(struct kunit *test, const void *ptr);
/* A managed copy of @str (NULL for NULL). */
char *kunit_kstrdup(struct kunit *test, const char *str, gfp_t gfp);

struct file;
/*
 * Anonymous user memory (see <linux/uaccess.h>) that is unmapped when the test ends: its
 * user address, or 0 when it could not be mapped (as lib/kunit/user_alloc.c).
 */
unsigned long kunit_vm_mmap(struct kunit *test, struct file *file, unsigned long addr,
			    unsigned long len, unsigned long prot, unsigned long flag,
			    unsigned long offset);

static inline void *kunit_kmalloc(struct kunit *test, size_t size, gfp_t gfp)
{
	return kunit_kmalloc_array(test, 1, size, gfp);
}

static inline void *kunit_kzalloc(struct kunit *test, size_t size, gfp_t gfp)
{
	return kunit_kmalloc(test, size, gfp | __GFP_ZERO);
}

static inline void *kunit_kcalloc(struct kunit *test, size_t n, size_t size,
				  gfp_t gfp)
{
	return kunit_kmalloc_array(test, n, size, gfp | __GFP_ZERO);
}

static inline const char *kunit_kstrdup_const(struct kunit *test,
					      const char *str, gfp_t gfp)
{
	return kunit_kstrdup(test, str, gfp);
}

static inline void kunit_kfree_const(struct kunit *test, const void *x)
{
	kunit_kfree(test, x);
}

/* ---- assertions ----------------------------------------------------------- */

/*
 * A pending user message: Rust formats it (through @format) only when the check
 * failed, so passing assertions never touch printf.
 */
struct __kunit_c_msg {
	char *(*format)(struct __kunit_c_msg *msg);
	const char *user_fmt;
	va_list ap;
};

static inline char *__kunit_c_msg_format(struct __kunit_c_msg *msg)
{
	va_list ap;
	char *s;

	va_copy(ap, msg->ap);
	s = __kunit_c_vformat(msg->user_fmt, ap);
	va_end(ap);
	return s;
}

/* Wraps a call to an entry point below with the message of the variadic tail. */
#define __KUNIT_C_WITH_MSG(call, fmt)					\
	do {								\
		struct __kunit_c_msg __msg = { .format = __kunit_c_msg_format, \
					       .user_fmt = fmt };		\
		va_start(__msg.ap, fmt);				\
		call;							\
		va_end(__msg.ap);					\
	} while (0)

/*
 * The Rust side, one entry point per Rust assertion family (generated with it by
 * cargo xtask codegen): each checks (where noted), formats and reports; an
 * ASSERTION unwinds.
 */
#include <kunit/assert-abi.h>

/* The newest KUnit: KUNIT_SUCCEED only records the location. */
#define KUNIT_SUCCEED(test) do { (void)(test); } while (0)

#define KUNIT_FAIL_ASSERTION(test, assert_type, fmt, ...)		\
	do {								\
		static const struct kunit_loc __loc = KUNIT_CURRENT_LOC; \
		__kunit_c_fail_fmt(test, &__loc, assert_type, fmt, ##__VA_ARGS__); \
	} while (0)

#define KUNIT_FAIL(test, fmt, ...)					\
	KUNIT_FAIL_ASSERTION(test, KUNIT_EXPECTATION, fmt, ##__VA_ARGS__)
#define KUNIT_FAIL_AND_ABORT(test, fmt, ...)				\
	KUNIT_FAIL_ASSERTION(test, KUNIT_ASSERTION, fmt, ##__VA_ARGS__)

/*
 * The operand texts are stringified two macro levels below the public macros,
 * so macros inside operands appear expanded, as in KUnit (NULL → ((void *)0)).
 */
#define KUNIT_UNARY_ASSERTION(test, assert_type, condition_, expected_true_, fmt, ...) \
	do {								\
		if (__builtin_expect(!!(condition_) == !!(expected_true_), 1)) \
			break;						\
		static const struct kunit_loc __loc = KUNIT_CURRENT_LOC; \
		__kunit_c_unary_fmt(test, &__loc, assert_type, #condition_, \
				    expected_true_, fmt, ##__VA_ARGS__); \
	} while (0)

#define KUNIT_TRUE_MSG_ASSERTION(test, assert_type, condition, fmt, ...) \
	KUNIT_UNARY_ASSERTION(test, assert_type, condition, true, fmt, ##__VA_ARGS__)
#define KUNIT_FALSE_MSG_ASSERTION(test, assert_type, condition, fmt, ...) \
	KUNIT_UNARY_ASSERTION(test, assert_type, condition, false, fmt, ##__VA_ARGS__)

/* Compared in the operands' own types; printed as long long. */
#define KUNIT_BINARY_INT_ASSERTION(test, assert_type, left, op, right, fmt, ...) \
	do {								\
		const __typeof__(left) __left = (left);			\
		const __typeof__(right) __right = (right);		\
		if (__builtin_expect(!!(__left op __right), 1))		\
			break;						\
		static const struct kunit_loc __loc = KUNIT_CURRENT_LOC; \
		static const struct kunit_binary_assert_text __text = {	\
			.operation = #op, .left_text = #left,		\
			.right_text = #right };				\
		__kunit_c_binary_fmt(test, &__loc, assert_type, &__text, \
				     (long long)__left, (long long)__right, \
				     fmt, ##__VA_ARGS__);		\
	} while (0)

#define KUNIT_BINARY_PTR_ASSERTION(test, assert_type, left, op, right, fmt, ...) \
	__KUNIT_C_BINARY_PTR(test, assert_type, left, op, right, fmt, ##__VA_ARGS__)
/* One level down, so a NULL written in a macro body above is expanded too. */
#define __KUNIT_C_BINARY_PTR(test, assert_type, left, op, right, fmt, ...) \
	do {								\
		const __typeof__(left) __left = (left);			\
		const __typeof__(right) __right = (right);		\
		static const struct kunit_loc __loc = KUNIT_CURRENT_LOC; \
		static const struct kunit_binary_assert_text __text = {	\
			.operation = #op, .left_text = #left,		\
			.right_text = #right };				\
		__kunit_c_ptr_fmt(test, &__loc, assert_type, &__text,	\
				  (const void *)__left, (const void *)__right, \
				  fmt, ##__VA_ARGS__);			\
	} while (0)

#define KUNIT_BINARY_STR_ASSERTION(test, assert_type, left, op, right, fmt, ...) \
	do {								\
		const char *__left = (left);				\
		const char *__right = (right);				\
		static const struct kunit_loc __loc = KUNIT_CURRENT_LOC; \
		static const struct kunit_binary_assert_text __text = {	\
			.operation = #op, .left_text = #left,		\
			.right_text = #right };				\
		__kunit_c_str_fmt(test, &__loc, assert_type, &__text,	\
				  __left, __right, fmt, ##__VA_ARGS__);	\
	} while (0)

#define KUNIT_MEM_ASSERTION(test, assert_type, left, op, right, size_, fmt, ...) \
	do {								\
		const void *__left = (left);				\
		const void *__right = (right);				\
		const size_t __size = (size_);				\
		static const struct kunit_loc __loc = KUNIT_CURRENT_LOC; \
		static const struct kunit_binary_assert_text __text = {	\
			.operation = #op, .left_text = #left,		\
			.right_text = #right };				\
		__kunit_c_mem_fmt(test, &__loc, assert_type, &__text,	\
				  __left, __right, __size, fmt, ##__VA_ARGS__); \
	} while (0)

#define KUNIT_PTR_NOT_ERR_OR_NULL_MSG_ASSERTION(test, assert_type, ptr, fmt, ...) \
	do {								\
		const __typeof__(ptr) __ptr = (ptr);			\
		static const struct kunit_loc __loc = KUNIT_CURRENT_LOC; \
		__kunit_c_not_err_or_null_fmt(test, &__loc, assert_type, #ptr, \
					      (const void *)__ptr, fmt,	\
					      ##__VA_ARGS__);		\
	} while (0)

/* Public families: KUNIT_{EXPECT,ASSERT}_<X>[_MSG]. */
#define KUNIT_EXPECT_TRUE(test, condition) KUNIT_EXPECT_TRUE_MSG(test, condition, NULL)
#define KUNIT_EXPECT_TRUE_MSG(test, condition, fmt, ...)		\
	KUNIT_TRUE_MSG_ASSERTION(test, KUNIT_EXPECTATION, condition, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_FALSE(test, condition) KUNIT_EXPECT_FALSE_MSG(test, condition, NULL)
#define KUNIT_EXPECT_FALSE_MSG(test, condition, fmt, ...)		\
	KUNIT_FALSE_MSG_ASSERTION(test, KUNIT_EXPECTATION, condition, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_TRUE(test, condition) KUNIT_ASSERT_TRUE_MSG(test, condition, NULL)
#define KUNIT_ASSERT_TRUE_MSG(test, condition, fmt, ...)		\
	KUNIT_TRUE_MSG_ASSERTION(test, KUNIT_ASSERTION, condition, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_FALSE(test, condition) KUNIT_ASSERT_FALSE_MSG(test, condition, NULL)
#define KUNIT_ASSERT_FALSE_MSG(test, condition, fmt, ...)		\
	KUNIT_FALSE_MSG_ASSERTION(test, KUNIT_ASSERTION, condition, fmt, ##__VA_ARGS__)

#define __KUNIT_C_INT(kind, test, left, op, right, fmt, ...)		\
	KUNIT_BINARY_INT_ASSERTION(test, kind, left, op, right, fmt, ##__VA_ARGS__)

#define KUNIT_EXPECT_EQ(test, left, right) KUNIT_EXPECT_EQ_MSG(test, left, right, NULL)
#define KUNIT_EXPECT_EQ_MSG(test, left, right, fmt, ...) __KUNIT_C_INT(KUNIT_EXPECTATION, test, left, ==, right, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_NE(test, left, right) KUNIT_EXPECT_NE_MSG(test, left, right, NULL)
#define KUNIT_EXPECT_NE_MSG(test, left, right, fmt, ...) __KUNIT_C_INT(KUNIT_EXPECTATION, test, left, !=, right, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_LT(test, left, right) KUNIT_EXPECT_LT_MSG(test, left, right, NULL)
#define KUNIT_EXPECT_LT_MSG(test, left, right, fmt, ...) __KUNIT_C_INT(KUNIT_EXPECTATION, test, left, <, right, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_LE(test, left, right) KUNIT_EXPECT_LE_MSG(test, left, right, NULL)
#define KUNIT_EXPECT_LE_MSG(test, left, right, fmt, ...) __KUNIT_C_INT(KUNIT_EXPECTATION, test, left, <=, right, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_GT(test, left, right) KUNIT_EXPECT_GT_MSG(test, left, right, NULL)
#define KUNIT_EXPECT_GT_MSG(test, left, right, fmt, ...) __KUNIT_C_INT(KUNIT_EXPECTATION, test, left, >, right, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_GE(test, left, right) KUNIT_EXPECT_GE_MSG(test, left, right, NULL)
#define KUNIT_EXPECT_GE_MSG(test, left, right, fmt, ...) __KUNIT_C_INT(KUNIT_EXPECTATION, test, left, >=, right, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_EQ(test, left, right) KUNIT_ASSERT_EQ_MSG(test, left, right, NULL)
#define KUNIT_ASSERT_EQ_MSG(test, left, right, fmt, ...) __KUNIT_C_INT(KUNIT_ASSERTION, test, left, ==, right, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_NE(test, left, right) KUNIT_ASSERT_NE_MSG(test, left, right, NULL)
#define KUNIT_ASSERT_NE_MSG(test, left, right, fmt, ...) __KUNIT_C_INT(KUNIT_ASSERTION, test, left, !=, right, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_LT(test, left, right) KUNIT_ASSERT_LT_MSG(test, left, right, NULL)
#define KUNIT_ASSERT_LT_MSG(test, left, right, fmt, ...) __KUNIT_C_INT(KUNIT_ASSERTION, test, left, <, right, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_LE(test, left, right) KUNIT_ASSERT_LE_MSG(test, left, right, NULL)
#define KUNIT_ASSERT_LE_MSG(test, left, right, fmt, ...) __KUNIT_C_INT(KUNIT_ASSERTION, test, left, <=, right, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_GT(test, left, right) KUNIT_ASSERT_GT_MSG(test, left, right, NULL)
#define KUNIT_ASSERT_GT_MSG(test, left, right, fmt, ...) __KUNIT_C_INT(KUNIT_ASSERTION, test, left, >, right, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_GE(test, left, right) KUNIT_ASSERT_GE_MSG(test, left, right, NULL)
#define KUNIT_ASSERT_GE_MSG(test, left, right, fmt, ...) __KUNIT_C_INT(KUNIT_ASSERTION, test, left, >=, right, fmt, ##__VA_ARGS__)

#define KUNIT_EXPECT_PTR_EQ(test, left, right) KUNIT_EXPECT_PTR_EQ_MSG(test, left, right, NULL)
#define KUNIT_EXPECT_PTR_EQ_MSG(test, left, right, fmt, ...) KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_EXPECTATION, left, ==, right, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_PTR_NE(test, left, right) KUNIT_EXPECT_PTR_NE_MSG(test, left, right, NULL)
#define KUNIT_EXPECT_PTR_NE_MSG(test, left, right, fmt, ...) KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_EXPECTATION, left, !=, right, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_PTR_EQ(test, left, right) KUNIT_ASSERT_PTR_EQ_MSG(test, left, right, NULL)
#define KUNIT_ASSERT_PTR_EQ_MSG(test, left, right, fmt, ...) KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_ASSERTION, left, ==, right, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_PTR_NE(test, left, right) KUNIT_ASSERT_PTR_NE_MSG(test, left, right, NULL)
#define KUNIT_ASSERT_PTR_NE_MSG(test, left, right, fmt, ...) KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_ASSERTION, left, !=, right, fmt, ##__VA_ARGS__)

#define KUNIT_EXPECT_NULL(test, ptr) KUNIT_EXPECT_NULL_MSG(test, ptr, NULL)
#define KUNIT_EXPECT_NULL_MSG(test, ptr, fmt, ...) KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_EXPECTATION, ptr, ==, NULL, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_NOT_NULL(test, ptr) KUNIT_EXPECT_NOT_NULL_MSG(test, ptr, NULL)
#define KUNIT_EXPECT_NOT_NULL_MSG(test, ptr, fmt, ...) KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_EXPECTATION, ptr, !=, NULL, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_NULL(test, ptr) KUNIT_ASSERT_NULL_MSG(test, ptr, NULL)
#define KUNIT_ASSERT_NULL_MSG(test, ptr, fmt, ...) KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_ASSERTION, ptr, ==, NULL, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_NOT_NULL(test, ptr) KUNIT_ASSERT_NOT_NULL_MSG(test, ptr, NULL)
#define KUNIT_ASSERT_NOT_NULL_MSG(test, ptr, fmt, ...) KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_ASSERTION, ptr, !=, NULL, fmt, ##__VA_ARGS__)

#define KUNIT_EXPECT_NOT_ERR_OR_NULL(test, ptr) KUNIT_EXPECT_NOT_ERR_OR_NULL_MSG(test, ptr, NULL)
#define KUNIT_EXPECT_NOT_ERR_OR_NULL_MSG(test, ptr, fmt, ...) KUNIT_PTR_NOT_ERR_OR_NULL_MSG_ASSERTION(test, KUNIT_EXPECTATION, ptr, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_NOT_ERR_OR_NULL(test, ptr) KUNIT_ASSERT_NOT_ERR_OR_NULL_MSG(test, ptr, NULL)
#define KUNIT_ASSERT_NOT_ERR_OR_NULL_MSG(test, ptr, fmt, ...) KUNIT_PTR_NOT_ERR_OR_NULL_MSG_ASSERTION(test, KUNIT_ASSERTION, ptr, fmt, ##__VA_ARGS__)

#define KUNIT_EXPECT_STREQ(test, left, right) KUNIT_EXPECT_STREQ_MSG(test, left, right, NULL)
#define KUNIT_EXPECT_STREQ_MSG(test, left, right, fmt, ...) KUNIT_BINARY_STR_ASSERTION(test, KUNIT_EXPECTATION, left, ==, right, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_STRNEQ(test, left, right) KUNIT_EXPECT_STRNEQ_MSG(test, left, right, NULL)
#define KUNIT_EXPECT_STRNEQ_MSG(test, left, right, fmt, ...) KUNIT_BINARY_STR_ASSERTION(test, KUNIT_EXPECTATION, left, !=, right, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_STREQ(test, left, right) KUNIT_ASSERT_STREQ_MSG(test, left, right, NULL)
#define KUNIT_ASSERT_STREQ_MSG(test, left, right, fmt, ...) KUNIT_BINARY_STR_ASSERTION(test, KUNIT_ASSERTION, left, ==, right, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_STRNEQ(test, left, right) KUNIT_ASSERT_STRNEQ_MSG(test, left, right, NULL)
#define KUNIT_ASSERT_STRNEQ_MSG(test, left, right, fmt, ...) KUNIT_BINARY_STR_ASSERTION(test, KUNIT_ASSERTION, left, !=, right, fmt, ##__VA_ARGS__)

#define KUNIT_EXPECT_MEMEQ(test, left, right, size) KUNIT_EXPECT_MEMEQ_MSG(test, left, right, size, NULL)
#define KUNIT_EXPECT_MEMEQ_MSG(test, left, right, size, fmt, ...) KUNIT_MEM_ASSERTION(test, KUNIT_EXPECTATION, left, ==, right, size, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_MEMNEQ(test, left, right, size) KUNIT_EXPECT_MEMNEQ_MSG(test, left, right, size, NULL)
#define KUNIT_EXPECT_MEMNEQ_MSG(test, left, right, size, fmt, ...) KUNIT_MEM_ASSERTION(test, KUNIT_EXPECTATION, left, !=, right, size, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_MEMEQ(test, left, right, size) KUNIT_ASSERT_MEMEQ_MSG(test, left, right, size, NULL)
#define KUNIT_ASSERT_MEMEQ_MSG(test, left, right, size, fmt, ...) KUNIT_MEM_ASSERTION(test, KUNIT_ASSERTION, left, ==, right, size, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_MEMNEQ(test, left, right, size) KUNIT_ASSERT_MEMNEQ_MSG(test, left, right, size, NULL)
#define KUNIT_ASSERT_MEMNEQ_MSG(test, left, right, size, fmt, ...) KUNIT_MEM_ASSERTION(test, KUNIT_ASSERTION, left, !=, right, size, fmt, ##__VA_ARGS__)

/* KUnit's executor interface: suite sets, their filters and the suite walkers. */
#include <kunit/suite-set.h>

/* Older name of KUNIT_FAIL_AND_ABORT. */
#define KUNIT_ASSERT_FAILURE(test, fmt, ...) KUNIT_FAIL_AND_ABORT(test, fmt, ##__VA_ARGS__)

#endif /* _KUNIT_TEST_H */
