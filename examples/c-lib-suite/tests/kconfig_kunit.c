// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * The configuration of build.rs (tests/kunitconfig, then kconfig() calls) as the kernel's
 * generated autoconf.h gives it: IS_ENABLED(), IS_BUILTIN(), IS_MODULE(), IS_REACHABLE(),
 * numbers and strings.
 */
#include <kunit/test.h>

static void bool_and_tristate_options(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, IS_ENABLED(CONFIG_KC_BUILT_IN));
	KUNIT_EXPECT_TRUE(test, IS_BUILTIN(CONFIG_KC_BUILT_IN));
	KUNIT_EXPECT_FALSE(test, IS_MODULE(CONFIG_KC_BUILT_IN));
	KUNIT_EXPECT_TRUE(test, IS_REACHABLE(CONFIG_KC_BUILT_IN));

	KUNIT_EXPECT_TRUE(test, IS_ENABLED(CONFIG_KC_MODULE));
	KUNIT_EXPECT_FALSE(test, IS_BUILTIN(CONFIG_KC_MODULE));
	KUNIT_EXPECT_TRUE(test, IS_MODULE(CONFIG_KC_MODULE));
	/* Built-in code (no MODULE) does not reach a module. */
	KUNIT_EXPECT_FALSE(test, IS_REACHABLE(CONFIG_KC_MODULE));

	KUNIT_EXPECT_FALSE(test, IS_ENABLED(CONFIG_KC_OFF));
	KUNIT_EXPECT_FALSE(test, IS_ENABLED(CONFIG_KC_NEVER_MENTIONED));
	KUNIT_EXPECT_TRUE(test, IS_ENABLED(CONFIG_KC_FROM_ADD));
	/* kconfig() is applied after the kunitconfig file. */
	KUNIT_EXPECT_FALSE(test, IS_ENABLED(CONFIG_KC_OVERRIDDEN));
	/* kunit-c's defaults. */
	KUNIT_EXPECT_TRUE(test, IS_ENABLED(CONFIG_KUNIT));
#if !IS_ENABLED(CONFIG_KC_BUILT_IN) || IS_ENABLED(CONFIG_KC_OFF)
	KUNIT_FAIL(test, "IS_ENABLED() in #if");
#endif
}

static void value_options(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, CONFIG_KC_NUMBER, 42);
	KUNIT_EXPECT_EQ(test, CONFIG_KC_HEX, 16);
	KUNIT_EXPECT_STREQ(test, CONFIG_KC_STRING, "a string");
	KUNIT_EXPECT_STREQ(test, CONFIG_KC_WORD, "hello");
}

static struct kunit_case kconfig_cases[] = {
	KUNIT_CASE(bool_and_tristate_options),
	KUNIT_CASE(value_options),
	{}
};

static struct kunit_suite kconfig_suite = {
	.name = "kunit_c_kconfig_options",
	.test_cases = kconfig_cases,
};
kunit_test_suite(kconfig_suite);
