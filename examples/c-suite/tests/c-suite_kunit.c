// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * A kernel-style KUnit test file, compiled by kunit_c::Build and run in-process by
 * kunit-rs. Every case passes (or is skipped on purpose): this is what a C developer
 * writes. tests/c_failures_kunit.c shows the failure texts.
 */
#include <kunit/test.h>
#include <kunit/resource.h>
#include <kunit/static_stub.h>
#include <kunit/run-in-irq-context.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/hardirq.h>
#include <linux/irqflags.h>
#include <linux/unaligned.h>
#include "size.h"

/* The code under test, size_multiplier() and parse_size(), is in src/size.c. */

/* ---- suite: size_parse ------------------------------------------------------ */

static int suite_inits;

static int size_parse_suite_init(struct kunit_suite *suite)
{
	suite_inits++;
	kunit_info(suite, "suite_init %d", suite_inits);
	return 0;
}

static void size_parse_suite_exit(struct kunit_suite *suite)
{
	suite_inits--;
	kunit_err(suite, "suite_exit %d", suite_inits);
	kunit_log(KERN_INFO, suite, KUNIT_SUBTEST_INDENT "# raw suite line");
}

struct size_ctx {
	char buf[16];
	int init_calls;
};

static int size_parse_init(struct kunit *test)
{
	struct size_ctx *ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);

	if (!ctx)
		return -ENOMEM;
	ctx->init_calls = 1;
	test->priv = ctx;
	kunit_info(test, "initialized\n");
	return 0;
}

static void size_parse_exit(struct kunit *test)
{
	struct size_ctx *ctx = test->priv;

	KUNIT_EXPECT_EQ(test, ctx->init_calls, 1);
}

static void parses_plain_numbers(struct kunit *test)
{
	unsigned long long v = 0;

	KUNIT_ASSERT_EQ(test, parse_size("4096", &v), 0);
	KUNIT_EXPECT_EQ(test, v, 4096);
	KUNIT_EXPECT_NE(test, v, 0);
	KUNIT_EXPECT_LT(test, v, 4097);
	KUNIT_EXPECT_LE(test, v, 4096);
	KUNIT_EXPECT_GT(test, v, 4095);
	KUNIT_EXPECT_GE(test, v, 4096);
	KUNIT_EXPECT_EQ_MSG(test, v, 4096, "parsed %s", "4096");
	KUNIT_EXPECT_TRUE(test, suite_inits == 1);
	KUNIT_EXPECT_FALSE_MSG(test, v == 0, "v=%llu", v);
	KUNIT_SUCCEED(test);
}

static void rejects_garbage(struct kunit *test)
{
	unsigned long long v = 7;

	KUNIT_EXPECT_EQ(test, parse_size("", &v), -EINVAL);
	KUNIT_EXPECT_EQ(test, parse_size("4X", &v), -EINVAL);
	KUNIT_EXPECT_EQ(test, parse_size("4KB", &v), -EINVAL);
	KUNIT_EXPECT_EQ(test, parse_size(NULL, &v), -EINVAL);
	KUNIT_ASSERT_EQ_MSG(test, v, 7, "v must be untouched");
}

static void uses_priv_from_init(struct kunit *test)
{
	struct size_ctx *ctx = test->priv;

	KUNIT_ASSERT_NOT_NULL(test, ctx);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, ctx);
	KUNIT_EXPECT_EQ(test, ctx->init_calls, 1);
	strscpy(ctx->buf, "16M", sizeof(ctx->buf));
	KUNIT_EXPECT_STREQ(test, ctx->buf, "16M");
	KUNIT_EXPECT_STRNEQ(test, ctx->buf, "16K");
}

static unsigned long long fake_multiplier(char suffix)
{
	return suffix == 'K' ? 1000 : 0;
}

static void stub_replaces_multiplier(struct kunit *test)
{
	unsigned long long v = 0;

	kunit_activate_static_stub(test, size_multiplier, fake_multiplier);
	KUNIT_ASSERT_EQ(test, parse_size("4K", &v), 0);
	KUNIT_EXPECT_EQ(test, v, 4000);
	kunit_deactivate_static_stub(test, size_multiplier);
	KUNIT_ASSERT_EQ(test, parse_size("4K", &v), 0);
	KUNIT_EXPECT_EQ(test, v, 4096);
}

struct size_case {
	const char *text;
	unsigned long long value;
};

static const struct size_case size_cases[] = {
	{ "1K", 1024 },
	{ "2M", 2ULL << 20 },
	{ "3G", 3ULL << 30 },
};

static void size_case_desc(const struct size_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", c->text);
}

KUNIT_ARRAY_PARAM(size_cases, size_cases, size_case_desc);

static void parses_suffixes(struct kunit *test)
{
	const struct size_case *c = test->param_value;
	unsigned long long v = 0;

	KUNIT_ASSERT_EQ(test, parse_size(c->text, &v), 0);
	KUNIT_EXPECT_EQ(test, v, c->value);
	KUNIT_EXPECT_GT(test, test->param_index, 0);
	/* KUNIT_ARRAY_PARAM registered its array on the parent. */
	KUNIT_EXPECT_EQ(test, test->parent->params_array.num_params, ARRAY_SIZE(size_cases));
}

static void slow_exhaustive(struct kunit *test)
{
	unsigned long long v;
	char buf[24];

	for (int i = 0; i < 1000; i++) {
		snprintf(buf, sizeof(buf), "%dK", i);
		KUNIT_ASSERT_EQ(test, parse_size(buf, &v), 0);
		KUNIT_ASSERT_EQ(test, v, (unsigned long long)i << 10);
	}
}

static struct kunit_case size_parse_cases[] = {
	KUNIT_CASE(parses_plain_numbers),
	KUNIT_CASE(rejects_garbage),
	KUNIT_CASE(uses_priv_from_init),
	KUNIT_CASE(stub_replaces_multiplier),
	KUNIT_CASE_PARAM(parses_suffixes, size_cases_gen_params),
	KUNIT_CASE_SLOW(slow_exhaustive),
	{}
};

static struct kunit_suite size_parse_suite = {
	.name = "c_size_parse",
	.suite_init = size_parse_suite_init,
	.suite_exit = size_parse_suite_exit,
	.init = size_parse_init,
	.exit = size_parse_exit,
	.test_cases = size_parse_cases,
};

/* ---- suite: c_api (skips, logging, memory, actions, params, irq) ------------ */

static int action_log[8];
static int action_count;

static void record_action(void *ctx)
{
	action_log[action_count++] = (int)(long)ctx;
}

static void actions_run_lifo(struct kunit *test)
{
	action_count = 0;
	KUNIT_ASSERT_EQ(test, kunit_add_action(test, record_action, (void *)1L), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, record_action, (void *)2L), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action(test, record_action, (void *)3L), 0);
	kunit_remove_action(test, record_action, (void *)3L);
	kunit_release_action(test, record_action, (void *)2L);
	KUNIT_EXPECT_EQ(test, action_count, 1);
	KUNIT_EXPECT_EQ(test, action_log[0], 2);
}

static void actions_ran_at_cleanup(struct kunit *test)
{
	/* The previous case's remaining action (1) ran when it ended. */
	if (action_count == 0)
		kunit_skip(test, "runs after actions_run_lifo (--shuffle?)");
	KUNIT_EXPECT_EQ(test, action_count, 2);
	KUNIT_EXPECT_EQ(test, action_log[1], 1);
}

static int res_log[8];
static int res_count;

static int counter_init(struct kunit_resource *res, void *context)
{
	int *value = kmalloc_obj(*value);

	if (!value)
		return -ENOMEM;
	*value = (int)(long)context;
	res->data = value;
	return 0;
}

static void counter_free(struct kunit_resource *res)
{
	res_log[res_count++] = *(int *)res->data;
	kfree(res->data);
}

static int failing_init(struct kunit_resource *res, void *context)
{
	return -ENOMEM;
}

/* Matches the resource whose data is @match_data (KUnit's header has no such matcher). */
static bool data_match(struct kunit *test, struct kunit_resource *res, void *match_data)
{
	(void)test;
	return res->data == match_data;
}

static void resources(struct kunit *test)
{
	static struct kunit_resource twenty, other;
	struct kunit_resource *found, *thirty;
	int *ten;

	ten = kunit_alloc_resource(test, counter_init, counter_free, GFP_KERNEL, (void *)10L);
	KUNIT_ASSERT_NOT_NULL(test, ten);
	KUNIT_EXPECT_EQ(test, *ten, 10);
	KUNIT_EXPECT_NULL(test, kunit_alloc_resource(test, failing_init, counter_free,
						     GFP_KERNEL, NULL));

	KUNIT_ASSERT_EQ(test, kunit_add_named_resource(test, counter_init, counter_free,
						       &twenty, "twenty", (void *)20L), 0);
	KUNIT_EXPECT_EQ(test, kunit_add_named_resource(test, NULL, NULL, &other, "twenty", NULL),
			-EEXIST);
	found = kunit_find_named_resource(test, "twenty");
	KUNIT_ASSERT_PTR_EQ(test, found, &twenty);
	KUNIT_EXPECT_EQ(test, *(int *)found->data, 20);
	kunit_put_resource(found);
	KUNIT_EXPECT_NULL(test, kunit_find_named_resource(test, "thirty"));

	thirty = kunit_alloc_and_get_resource(test, counter_init, counter_free, GFP_KERNEL,
					      (void *)30L);
	KUNIT_ASSERT_NOT_NULL(test, thirty);
	kunit_remove_resource(test, thirty);
	KUNIT_EXPECT_EQ(test, res_count, 0); /* still referenced */
	kunit_put_resource(thirty);
	KUNIT_EXPECT_EQ(test, res_count, 1);
	KUNIT_EXPECT_EQ(test, res_log[0], 30);

	KUNIT_EXPECT_EQ(test, kunit_destroy_named_resource(test, "twenty"), 0);
	KUNIT_EXPECT_EQ(test, res_log[1], 20);
	KUNIT_EXPECT_EQ(test, kunit_destroy_named_resource(test, "twenty"), -ENOENT);
	found = kunit_find_resource(test, data_match, ten);
	KUNIT_ASSERT_NOT_NULL(test, found);
	KUNIT_EXPECT_PTR_EQ(test, found->data, (void *)ten);
	kunit_put_resource(found);
	KUNIT_EXPECT_EQ(test, res_count, 2);
	/* "ten" is released when the test ends. */
}

static void resources_released_at_cleanup(struct kunit *test)
{
	if (res_count == 0)
		kunit_skip(test, "runs after resources (--shuffle?)");
	KUNIT_EXPECT_EQ(test, res_count, 3);
	KUNIT_EXPECT_EQ(test, res_log[2], 10);
}

static void managed_memory(struct kunit *test)
{
	int *a = kunit_kmalloc_array(test, 4, sizeof(int), GFP_KERNEL);
	int *z = kunit_kcalloc(test, 4, sizeof(int), GFP_KERNEL);
	char *s = kunit_kstrdup(test, "kunit", GFP_KERNEL);
	static const int zeros[4];
	u8 le[4];

	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_ASSERT_NOT_NULL(test, z);
	KUNIT_EXPECT_MEMEQ(test, z, zeros, sizeof(zeros));
	a[0] = 1;
	KUNIT_EXPECT_MEMNEQ(test, a, zeros, sizeof(int));
	KUNIT_EXPECT_STREQ(test, s, "kunit");
	KUNIT_EXPECT_PTR_NE(test, (void *)s, (void *)"kunit");
	KUNIT_EXPECT_NULL(test, kunit_kmalloc_array(test, SIZE_MAX, 2, GFP_KERNEL));
	kunit_kfree(test, a);
	put_unaligned_le32(0x01020304, le);
	KUNIT_EXPECT_EQ(test, le[0], 4);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(le), 0x01020304);
	KUNIT_EXPECT_TRUE(test, IS_ERR(ERR_PTR(-ENOMEM)));
	KUNIT_EXPECT_EQ(test, PTR_ERR(ERR_PTR(-ENOMEM)), -ENOMEM);
}

static void current_test_is_this_one(struct kunit *test)
{
	KUNIT_EXPECT_PTR_EQ(test, kunit_get_current_test(), test);
	KUNIT_EXPECT_STREQ(test, test->name, "current_test_is_this_one");
	KUNIT_EXPECT_TRUE(test, in_task());
	KUNIT_EXPECT_FALSE(test, in_hardirq());
}

static void logs_and_marks_skipped(struct kunit *test)
{
	kunit_info(test, "info %d", 1);
	kunit_warn(test, "warn %s", "two");
	kunit_err(test, "err 0x%x", 3);
	kunit_log(KERN_INFO, test, KUNIT_SUBTEST_INDENT "# raw line");
	kunit_mark_skipped(test, "marked %s", "skipped");
	KUNIT_EXPECT_EQ(test, test->status, KUNIT_SKIPPED);
	KUNIT_EXPECT_STREQ(test, test->status_comment, "marked skipped");
}

static void skips_early(struct kunit *test)
{
	kunit_skip(test, "not on this machine (%d)", 42);
	KUNIT_FAIL(test, "never reached");
}

struct state_param {
	int value;
	const char *desc;
};

static const struct state_param state_params[] = {
	{ 1, "one" },
	{ 2, "two" },
};

KUNIT_ARRAY_PARAM_DESC(state_params, state_params, desc);

static int param_inits;

static int params_init(struct kunit *test)
{
	param_inits++;
	test->priv = &param_inits;
	return 0;
}

static void params_exit(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, param_inits, 1);
}

static void params_with_parent(struct kunit *test)
{
	const struct state_param *p = test->param_value;

	KUNIT_ASSERT_NOT_NULL(test, test->parent);
	KUNIT_EXPECT_PTR_EQ(test, test->parent->priv, (void *)&param_inits);
	KUNIT_EXPECT_EQ(test, p->value, test->param_index);
}

/* A parameter array built at run time, on the parent, walked by kunit_array_gen_params. */
static void runtime_desc(struct kunit *test, const void *param, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "size %d", *(const int *)param);
}

static int runtime_params_init(struct kunit *test)
{
	int *sizes = kunit_kmalloc_array(test, 3, sizeof(int), GFP_KERNEL);

	if (!sizes)
		return -ENOMEM;
	for (int i = 0; i < 3; i++)
		sizes[i] = 8 << i;
	kunit_register_params_array(test, sizes, 3, runtime_desc);
	return 0;
}

static void runtime_params(struct kunit *test)
{
	const int *size = test->param_value;

	KUNIT_EXPECT_EQ(test, *size, 8 << (test->param_index - 1));
	KUNIT_EXPECT_EQ(test, test->parent->params_array.num_params, 3);
	KUNIT_EXPECT_PTR_EQ(test, test->parent->params_array.params, (const void *)(size - (test->param_index - 1)));
}

struct irq_state {
	unsigned int calls;
};

static bool irq_func(void *state_)
{
	struct irq_state *state = state_;

	__atomic_add_fetch(&state->calls, 1, __ATOMIC_RELAXED);
	return get_unaligned_le16("\x01\x02") == 0x0201;
}

static void runs_in_irq_context(struct kunit *test)
{
	struct irq_state state = { 0 };
	unsigned long flags;

	kunit_run_irq_test(test, irq_func, 2000, &state);
	KUNIT_EXPECT_GE(test, state.calls, 2000);
	local_irq_save(flags);
	KUNIT_EXPECT_TRUE(test, irqs_disabled());
	local_irq_restore(flags);
	KUNIT_EXPECT_FALSE(test, irqs_disabled());
}

static struct kunit_case c_api_cases[] = {
	KUNIT_CASE(actions_run_lifo),
	KUNIT_CASE(actions_ran_at_cleanup),
	KUNIT_CASE(resources),
	KUNIT_CASE(resources_released_at_cleanup),
	KUNIT_CASE(managed_memory),
	KUNIT_CASE(current_test_is_this_one),
	KUNIT_CASE(logs_and_marks_skipped),
	KUNIT_CASE(skips_early),
	KUNIT_CASE_PARAM_WITH_INIT(params_with_parent, state_params_gen_params,
				   params_init, params_exit),
	KUNIT_CASE_PARAM_WITH_INIT(runtime_params, kunit_array_gen_params,
				   runtime_params_init, NULL),
	KUNIT_CASE_ATTR(runs_in_irq_context, { .speed = KUNIT_SPEED_NORMAL }),
	{}
};

static int c_api_suite_init(struct kunit_suite *suite)
{
	/* The suites may run more than once per process (the golden test reruns them). */
	param_inits = 0;
	action_count = 0;
	res_count = 0;
	return 0;
}

static struct kunit_suite c_api_suite = {
	.name = "c_api",
	.suite_init = c_api_suite_init,
	.test_cases = c_api_cases,
};

kunit_test_suites(&size_parse_suite, &c_api_suite);

/* ---- an init-section suite --------------------------------------------------- */

static void __init init_section_case(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, 1 + 1, 2);
}

static struct kunit_case init_cases[] = {
	KUNIT_CASE(init_section_case),
	{}
};

static struct kunit_suite init_suite = {
	.name = "c_init_section",
	.test_cases = init_cases,
};

kunit_test_init_section_suite(init_suite);
