// SPDX-License-Identifier: GPL-2.0-only OR MIT
/* <linux/ctype.h> and <linux/kstrtox.h>: the kernel's classes and parsing rules. */
#include <kunit/test.h>
#include <linux/ctype.h>
#include <linux/kstrtox.h>

static void classes(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, isspace(' '));
	KUNIT_EXPECT_TRUE(test, isspace('\v'));
	/* Latin-1, as the kernel's table has it (libc's C locale says no to both). */
	KUNIT_EXPECT_TRUE(test, isspace(0xa0));
	KUNIT_EXPECT_TRUE(test, isalpha(0xe9));
	KUNIT_EXPECT_TRUE(test, isupper(0xc9));
	KUNIT_EXPECT_TRUE(test, ispunct(0xd7));
	KUNIT_EXPECT_FALSE(test, isprint(0x85));
	KUNIT_EXPECT_TRUE(test, isxdigit('F'));
	KUNIT_EXPECT_FALSE(test, isxdigit('g'));
	KUNIT_EXPECT_TRUE(test, isdigit('7'));
	KUNIT_EXPECT_TRUE(test, iscntrl(0x7f));
	KUNIT_EXPECT_TRUE(test, isprint(' '));
	KUNIT_EXPECT_FALSE(test, isgraph(' '));
	KUNIT_EXPECT_EQ(test, tolower('Q'), 'q');
	KUNIT_EXPECT_EQ(test, toupper(0xe9), 0xc9);
	KUNIT_EXPECT_EQ(test, _tolower('A'), 'a');
	KUNIT_EXPECT_TRUE(test, isodigit('7'));
	KUNIT_EXPECT_FALSE(test, isodigit('8'));
}

static void unsigned_parsing(struct kunit *test)
{
	unsigned long long ull;
	unsigned int u;
	u8 b;

	KUNIT_EXPECT_EQ(test, kstrtoull("18446744073709551615", 10, &ull), 0);
	KUNIT_EXPECT_EQ(test, ull, ~0ULL);
	KUNIT_EXPECT_EQ(test, kstrtoull("18446744073709551616", 10, &ull), -ERANGE);
	KUNIT_EXPECT_EQ(test, kstrtouint("0x1f\n", 0, &u), 0);
	KUNIT_EXPECT_EQ(test, u, 31);
	KUNIT_EXPECT_EQ(test, kstrtouint("017", 0, &u), 0);
	KUNIT_EXPECT_EQ(test, u, 15);
	KUNIT_EXPECT_EQ(test, kstrtouint("+5", 10, &u), 0);
	KUNIT_EXPECT_EQ(test, u, 5);
	KUNIT_EXPECT_EQ(test, kstrtouint("-5", 10, &u), -EINVAL);
	KUNIT_EXPECT_EQ(test, kstrtouint("5 ", 10, &u), -EINVAL);
	KUNIT_EXPECT_EQ(test, kstrtouint("", 10, &u), -EINVAL);
	KUNIT_EXPECT_EQ(test, kstrtouint("5\n\n", 10, &u), -EINVAL);
	KUNIT_EXPECT_EQ(test, kstrtou8("256", 10, &b), -ERANGE);
	KUNIT_EXPECT_EQ(test, kstrtou8("ff", 16, &b), 0);
	KUNIT_EXPECT_EQ(test, b, 255);
}

static void signed_parsing(struct kunit *test)
{
	long long ll;
	int i;
	s8 c;
	long l;

	KUNIT_EXPECT_EQ(test, kstrtoll("-9223372036854775808", 10, &ll), 0);
	KUNIT_EXPECT_EQ(test, ll, S64_MIN);
	KUNIT_EXPECT_EQ(test, kstrtoll("9223372036854775808", 10, &ll), -ERANGE);
	KUNIT_EXPECT_EQ(test, kstrtoint("-0x10", 0, &i), 0);
	KUNIT_EXPECT_EQ(test, i, -16);
	KUNIT_EXPECT_EQ(test, kstrtos8("-129", 10, &c), -ERANGE);
	KUNIT_EXPECT_EQ(test, kstrtol("123", 10, &l), 0);
	KUNIT_EXPECT_EQ(test, l, 123);
}

static void booleans_and_prefixes(struct kunit *test)
{
	bool v = false;
	char *end;

	KUNIT_EXPECT_EQ(test, kstrtobool("on", &v), 0);
	KUNIT_EXPECT_TRUE(test, v);
	KUNIT_EXPECT_EQ(test, kstrtobool("Off", &v), 0);
	KUNIT_EXPECT_FALSE(test, v);
	KUNIT_EXPECT_EQ(test, kstrtobool("Yes", &v), 0);
	KUNIT_EXPECT_TRUE(test, v);
	KUNIT_EXPECT_EQ(test, kstrtobool("maybe", &v), -EINVAL);
	KUNIT_EXPECT_EQ(test, simple_strtoul("42kb", &end, 10), 42);
	KUNIT_EXPECT_STREQ(test, end, "kb");
	KUNIT_EXPECT_EQ(test, simple_strtol("-0x10z", &end, 0), -16);
	KUNIT_EXPECT_STREQ(test, end, "z");
}

static struct kunit_case ctype_kstrtox_cases[] = {
	KUNIT_CASE(classes),
	KUNIT_CASE(unsigned_parsing),
	KUNIT_CASE(signed_parsing),
	KUNIT_CASE(booleans_and_prefixes),
	{}
};

static struct kunit_suite ctype_kstrtox_suite = {
	.name = "kunit_c_ctype_kstrtox",
	.test_cases = ctype_kstrtox_cases,
};
kunit_test_suite(ctype_kstrtox_suite);
