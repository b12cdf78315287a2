// SPDX-License-Identifier: GPL-2.0-only OR MIT
/* Our tests of <linux/stringhash.h> and the glue's full_name_hash() and hashlen_string(). */
#include <kunit/test.h>
#include <linux/stringhash.h>

static void name_hash_is_the_folded_bytes_finished_by_hash_long(struct kunit *test)
{
	/* "a": (0 + (97 << 4) + (97 >> 4)) * 11 = 17138; its golden-ratio product's top half. */
	KUNIT_EXPECT_EQ(test, partial_name_hash('a', init_name_hash(NULL)), 17138ul);
	KUNIT_EXPECT_EQ(test, full_name_hash(NULL, "a", 1), 573381588u);
	KUNIT_EXPECT_EQ(test, full_name_hash(NULL, "a", 1), end_name_hash(17138));
	/* The salt is the starting value, so it changes the hash. */
	KUNIT_EXPECT_NE(test, full_name_hash((void *)1, "a", 1), full_name_hash(NULL, "a", 1));
	/* Only @len bytes count. */
	KUNIT_EXPECT_EQ(test, full_name_hash(NULL, "ab", 1), full_name_hash(NULL, "a", 1));
}

static void hashlen_string_packs_hash_and_length(struct kunit *test)
{
	static const char name[] = "kunit-c";
	u64 hl = hashlen_string(NULL, name);

	KUNIT_EXPECT_EQ(test, hashlen_len(hl), 7u);
	KUNIT_EXPECT_EQ(test, hashlen_hash(hl), full_name_hash(NULL, name, 7));
	KUNIT_EXPECT_EQ(test, hashlen_create(hashlen_hash(hl), 7), hl);
	KUNIT_EXPECT_EQ(test, hashlen_string(NULL, ""), hashlen_create(end_name_hash(0), 0));
}

static struct kunit_case stringhash_header_cases[] = {
	KUNIT_CASE(name_hash_is_the_folded_bytes_finished_by_hash_long),
	KUNIT_CASE(hashlen_string_packs_hash_and_length),
	{}
};

static struct kunit_suite stringhash_header_suite = {
	.name = "kunit-c-stringhash",
	.test_cases = stringhash_header_cases,
};
kunit_test_suite(stringhash_header_suite);
