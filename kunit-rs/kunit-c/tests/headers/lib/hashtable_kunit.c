// SPDX-License-Identifier: GPL-2.0-only OR MIT
/* Our tests of <linux/hash.h> and <linux/hashtable.h>. */
#include <kunit/test.h>
#include <linux/hash.h>
#include <linux/hashtable.h>

struct entry {
	unsigned int key;
	struct hlist_node node;
};

static void hashes_are_the_golden_ratio_products(struct kunit *test)
{
	/* 0x61C88647 * 1 and * 2 (mod 2^32), top bits. */
	KUNIT_EXPECT_EQ(test, __hash_32(1u), 0x61C88647u);
	KUNIT_EXPECT_EQ(test, hash_32(1u, 8), 0x61u);
	KUNIT_EXPECT_EQ(test, hash_32(2u, 4), 0xCu);
	KUNIT_EXPECT_EQ(test, hash_64(1ull, 16), 0x61C8u);
	KUNIT_EXPECT_EQ(test, hash_64(0ull, 10), 0u);
	KUNIT_EXPECT_EQ(test, hash_long(1UL, 12), 0x61Cu);
	KUNIT_EXPECT_LT(test, hash_ptr(test, 5), 32u);
	KUNIT_EXPECT_EQ(test, hash32_ptr((void *)0x100000002UL), 3u);
}

static void table_buckets_and_iteration(struct kunit *test)
{
	DEFINE_HASHTABLE(table, 3);
	struct entry e[5];
	struct entry *pos;
	struct hlist_node *tmp;
	unsigned int bkt, seen = 0, count = 0;
	int i;

	KUNIT_EXPECT_EQ(test, HASH_SIZE(table), 8);
	KUNIT_EXPECT_EQ(test, HASH_BITS(table), 3);
	KUNIT_EXPECT_TRUE(test, hash_empty(table));
	for (i = 0; i < 5; i++) {
		e[i].key = i * 3;
		hash_add(table, &e[i].node, e[i].key);
		KUNIT_EXPECT_TRUE(test, hash_hashed(&e[i].node));
	}
	KUNIT_EXPECT_FALSE(test, hash_empty(table));
	/* The key's bucket is hash_min(key, bits), i.e. hash_32 for a 32-bit key. */
	KUNIT_EXPECT_FALSE(test, hlist_empty(&table[hash_32(9u, 3)]));
	hash_for_each(table, bkt, pos, node)
		seen |= 1u << pos->key;
	KUNIT_EXPECT_EQ(test, seen, 1u << 0 | 1u << 3 | 1u << 6 | 1u << 9 | 1u << 12);
	hash_for_each_possible(table, pos, node, 6u)
		if (pos->key == 6)
			count++;
	KUNIT_EXPECT_EQ(test, count, 1);
	hash_del(&e[2].node);
	KUNIT_EXPECT_FALSE(test, hash_hashed(&e[2].node));
	count = 0;
	hash_for_each_possible(table, pos, node, 6u)
		if (pos->key == 6)
			count++;
	KUNIT_EXPECT_EQ(test, count, 0);
	hash_for_each_safe(table, bkt, tmp, pos, node)
		hash_del(&pos->node);
	KUNIT_EXPECT_TRUE(test, hash_empty(table));
}

static void declared_table_after_hash_init(struct kunit *test)
{
	DECLARE_HASHTABLE(table, 2);
	struct entry a = { .key = 42 };
	struct entry *pos;
	int found = 0;

	hash_init(table);
	KUNIT_EXPECT_TRUE(test, hash_empty(table));
	hash_add_rcu(table, &a.node, a.key);
	hash_for_each_possible_rcu(table, pos, node, 42u)
		found += pos == &a;
	KUNIT_EXPECT_EQ(test, found, 1);
	hash_del_rcu(&a.node);
	KUNIT_EXPECT_TRUE(test, hash_empty(table));
}

static struct kunit_case hashtable_header_cases[] = {
	KUNIT_CASE(hashes_are_the_golden_ratio_products),
	KUNIT_CASE(table_buckets_and_iteration),
	KUNIT_CASE(declared_table_after_hash_init),
	{}
};

static struct kunit_suite hashtable_header_suite = {
	.name = "kunit-c-hashtable",
	.test_cases = hashtable_header_cases,
};
kunit_test_suite(hashtable_header_suite);
