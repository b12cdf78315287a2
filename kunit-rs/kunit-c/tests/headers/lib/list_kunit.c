// SPDX-License-Identifier: GPL-2.0-only OR MIT
/* Our tests of <linux/list.h>, <linux/container_of.h> and <linux/rculist.h>. */
#include <kunit/test.h>
#include <linux/container_of.h>
#include <linux/list.h>
#include <linux/list_private.h>
#include <linux/rculist.h>

struct item {
	int value;
	struct list_head node;
	struct hlist_node hnode;
};

/* The values of @head's items in order, as a decimal string of digits. */
static void list_digits(struct list_head *head, char *out)
{
	struct item *it;

	list_for_each_entry(it, head, node)
		*out++ = '0' + it->value;
	*out = '\0';
}

static void fill(struct list_head *head, struct item *items, int n)
{
	int i;

	INIT_LIST_HEAD(head);
	for (i = 0; i < n; i++) {
		items[i].value = i;
		list_add_tail(&items[i].node, head);
	}
}

static void container_of_finds_the_struct(struct kunit *test)
{
	struct item it = { .value = 7 };
	const struct item *cit = &it;

	KUNIT_EXPECT_PTR_EQ(test, container_of(&it.node, struct item, node), &it);
	KUNIT_EXPECT_PTR_EQ(test, container_of_const(&cit->node, struct item, node), cit);
	KUNIT_EXPECT_EQ(test, sizeof(typeof_member(struct item, value)), sizeof(int));
}

static void add_head_is_a_stack_add_tail_a_queue(struct kunit *test)
{
	struct item items[3];
	char s[8];
	LIST_HEAD(head);
	int i;

	for (i = 0; i < 3; i++) {
		items[i].value = i;
		list_add(&items[i].node, &head);
	}
	list_digits(&head, s);
	KUNIT_EXPECT_STREQ(test, s, "210");
	fill(&head, items, 3);
	list_digits(&head, s);
	KUNIT_EXPECT_STREQ(test, s, "012");
	KUNIT_EXPECT_EQ(test, list_count_nodes(&head), 3);
	KUNIT_EXPECT_TRUE(test, list_is_first(&items[0].node, &head));
	KUNIT_EXPECT_TRUE(test, list_is_last(&items[2].node, &head));
	KUNIT_EXPECT_FALSE(test, list_is_singular(&head));
}

static void del_poisons_and_del_init_reinitialises(struct kunit *test)
{
	struct item items[3];
	char s[8];
	LIST_HEAD(head);

	fill(&head, items, 3);
	list_del(&items[1].node);
	list_digits(&head, s);
	KUNIT_EXPECT_STREQ(test, s, "02");
	KUNIT_EXPECT_PTR_EQ(test, (void *)items[1].node.next, LIST_POISON1);
	KUNIT_EXPECT_PTR_EQ(test, (void *)items[1].node.prev, LIST_POISON2);
	list_del_init(&items[0].node);
	KUNIT_EXPECT_TRUE(test, list_empty(&items[0].node));
	KUNIT_EXPECT_TRUE(test, list_is_singular(&head));
	list_del_init_careful(&items[2].node);
	KUNIT_EXPECT_TRUE(test, list_empty_careful(&head));
}

static void move_swap_rotate(struct kunit *test)
{
	struct item items[4];
	char s[8];
	LIST_HEAD(head);

	fill(&head, items, 4);
	list_move_tail(&items[0].node, &head);
	list_digits(&head, s);
	KUNIT_EXPECT_STREQ(test, s, "1230");
	list_move(&items[3].node, &head);
	list_digits(&head, s);
	KUNIT_EXPECT_STREQ(test, s, "3120");
	list_swap(&items[3].node, &items[0].node);
	list_digits(&head, s);
	KUNIT_EXPECT_STREQ(test, s, "0123");
	/* Adjacent entries swap too. */
	list_swap(&items[1].node, &items[2].node);
	list_digits(&head, s);
	KUNIT_EXPECT_STREQ(test, s, "0213");
	list_rotate_left(&head);
	list_digits(&head, s);
	KUNIT_EXPECT_STREQ(test, s, "2130");
	list_rotate_to_front(&items[3].node, &head);
	list_digits(&head, s);
	KUNIT_EXPECT_STREQ(test, s, "3021");
	list_bulk_move_tail(&head, &items[3].node, &items[0].node);
	list_digits(&head, s);
	KUNIT_EXPECT_STREQ(test, s, "2130");
}

static void cut_and_splice(struct kunit *test)
{
	struct item items[5];
	char s[8];
	LIST_HEAD(head);
	LIST_HEAD(cut);

	fill(&head, items, 5);
	list_cut_position(&cut, &head, &items[1].node);
	list_digits(&cut, s);
	KUNIT_EXPECT_STREQ(test, s, "01");
	list_digits(&head, s);
	KUNIT_EXPECT_STREQ(test, s, "234");
	list_splice_tail_init(&cut, &head);
	KUNIT_EXPECT_TRUE(test, list_empty(&cut));
	list_digits(&head, s);
	KUNIT_EXPECT_STREQ(test, s, "23401");
	list_cut_before(&cut, &head, &items[0].node);
	list_digits(&cut, s);
	KUNIT_EXPECT_STREQ(test, s, "234");
	list_splice_init(&cut, &head);
	list_digits(&head, s);
	KUNIT_EXPECT_STREQ(test, s, "23401");
	/* Cutting at the head moves nothing. */
	list_cut_position(&cut, &head, &head);
	KUNIT_EXPECT_TRUE(test, list_empty(&cut));
	list_cut_before(&cut, &head, head.next);
	KUNIT_EXPECT_TRUE(test, list_empty(&cut));
}

static void replace_and_entries(struct kunit *test)
{
	struct item items[3], other = { .value = 9 };
	struct item *pos, *n;
	char s[8];
	LIST_HEAD(head);
	LIST_HEAD(empty);
	int sum = 0;

	fill(&head, items, 3);
	list_replace_init(&items[1].node, &other.node);
	KUNIT_EXPECT_TRUE(test, list_empty(&items[1].node));
	list_digits(&head, s);
	KUNIT_EXPECT_STREQ(test, s, "092");
	KUNIT_EXPECT_PTR_EQ(test, list_first_entry(&head, struct item, node), &items[0]);
	KUNIT_EXPECT_PTR_EQ(test, list_last_entry(&head, struct item, node), &items[2]);
	KUNIT_EXPECT_PTR_EQ(test, list_next_entry(&items[0], node), &other);
	KUNIT_EXPECT_PTR_EQ(test, list_prev_entry(&other, node), &items[0]);
	KUNIT_EXPECT_PTR_EQ(test, list_next_entry_circular(&items[2], &head, node), &items[0]);
	KUNIT_EXPECT_PTR_EQ(test, list_prev_entry_circular(&items[0], &head, node), &items[2]);
	KUNIT_EXPECT_NULL(test, list_first_entry_or_null(&empty, struct item, node));
	KUNIT_EXPECT_PTR_EQ(test, list_last_entry_or_null(&head, struct item, node), &items[2]);
	list_for_each_entry_safe(pos, n, &head, node) {
		sum += pos->value;
		list_del(&pos->node);
	}
	KUNIT_EXPECT_EQ(test, sum, 11);
	KUNIT_EXPECT_TRUE(test, list_empty(&head));
}

static void reverse_and_continue(struct kunit *test)
{
	struct item items[4];
	struct item *pos;
	char s[16], *p = s;
	LIST_HEAD(head);

	fill(&head, items, 4);
	list_for_each_entry_reverse(pos, &head, node)
		*p++ = '0' + pos->value;
	pos = &items[1];
	list_for_each_entry_continue(pos, &head, node)
		*p++ = '0' + pos->value;
	pos = &items[2];
	list_for_each_entry_from_reverse(pos, &head, node)
		*p++ = '0' + pos->value;
	*p = '\0';
	KUNIT_EXPECT_STREQ(test, s, "321023210");
	{
		struct list_head *node;
		int sum = 0, weight = 1;

		list_for_each_reverse(node, &head) {
			sum += weight * list_entry(node, struct item, node)->value;
			weight *= 10;
		}
		KUNIT_EXPECT_EQ(test, sum, 123); /* 3, 2, 1, 0 from the tail */
	}
	pos = NULL;
	KUNIT_EXPECT_TRUE(test, list_entry_is_head(list_prepare_entry(pos, &head, node), &head, node));
}

static void hlist_links(struct kunit *test)
{
	struct item a = { .value = 1 }, b = { .value = 2 }, c = { .value = 3 };
	struct hlist_node *tmp;
	struct item *pos;
	HLIST_HEAD(h);
	HLIST_HEAD(moved);
	int order = 0;

	KUNIT_EXPECT_TRUE(test, hlist_empty(&h));
	INIT_HLIST_NODE(&a.hnode);
	KUNIT_EXPECT_TRUE(test, hlist_unhashed(&a.hnode));
	hlist_add_head(&b.hnode, &h);
	KUNIT_EXPECT_TRUE(test, hlist_is_singular_node(&b.hnode, &h));
	hlist_add_before(&a.hnode, &b.hnode);
	hlist_add_behind(&c.hnode, &b.hnode);
	hlist_for_each_entry(pos, &h, hnode)
		order = order * 10 + pos->value;
	KUNIT_EXPECT_EQ(test, order, 123);
	KUNIT_EXPECT_EQ(test, hlist_count_nodes(&h), 3);
	hlist_move_list(&h, &moved);
	KUNIT_EXPECT_TRUE(test, hlist_empty(&h));
	KUNIT_EXPECT_PTR_EQ(test, moved.first->pprev, &moved.first);
	hlist_del_init(&b.hnode);
	KUNIT_EXPECT_TRUE(test, hlist_unhashed(&b.hnode));
	hlist_del(&a.hnode);
	KUNIT_EXPECT_PTR_EQ(test, (void *)a.hnode.next, LIST_POISON1);
	order = 0;
	hlist_for_each_entry_safe(pos, tmp, &moved, hnode) {
		order = order * 10 + pos->value;
		hlist_del_init(&pos->hnode);
	}
	KUNIT_EXPECT_EQ(test, order, 3);
	KUNIT_EXPECT_TRUE(test, hlist_empty(&moved));
	hlist_add_fake(&a.hnode);
	KUNIT_EXPECT_TRUE(test, hlist_fake(&a.hnode));
	KUNIT_EXPECT_FALSE(test, hlist_unhashed(&a.hnode));
}

static void rcu_forms_link_like_the_plain_ones(struct kunit *test)
{
	struct item items[3], repl = { .value = 5 };
	char s[8];
	LIST_HEAD(head);
	HLIST_HEAD(h);
	int i;

	for (i = 0; i < 3; i++) {
		items[i].value = i;
		list_add_tail_rcu(&items[i].node, &head);
	}
	list_add_rcu(&repl.node, &head);
	list_digits(&head, s);
	KUNIT_EXPECT_STREQ(test, s, "5012");
	list_del_rcu(&repl.node);
	list_replace_rcu(&items[1].node, &repl.node);
	list_digits(&head, s);
	KUNIT_EXPECT_STREQ(test, s, "052");
	hlist_add_head_rcu(&items[0].hnode, &h);
	hlist_del_init_rcu(&items[0].hnode);
	KUNIT_EXPECT_TRUE(test, hlist_empty(&h));
	KUNIT_EXPECT_TRUE(test, hlist_unhashed(&items[0].hnode));
}

struct private_item {
	int value;
	struct list_head __private node;
};

static void private_members_iterate(struct kunit *test)
{
	struct private_item items[3];
	struct private_item *pos, *n;
	LIST_HEAD(head);
	int i, order = 0;

	for (i = 0; i < 3; i++) {
		items[i].value = i + 1;
		list_add_tail(&ACCESS_PRIVATE(&items[i], node), &head);
	}
	list_private_for_each_entry(pos, &head, node)
		order = order * 10 + pos->value;
	KUNIT_EXPECT_EQ(test, order, 123);
	list_private_for_each_entry_reverse(pos, &head, node)
		order = order * 10 + pos->value;
	KUNIT_EXPECT_EQ(test, order, 123321);
	KUNIT_EXPECT_PTR_EQ(test, list_private_first_entry(&head, struct private_item, node),
			    &items[0]);
	KUNIT_EXPECT_PTR_EQ(test, list_private_next_entry_circular(&items[2], &head, node),
			    &items[0]);
	list_private_for_each_entry_safe(pos, n, &head, node)
		list_del(&ACCESS_PRIVATE(pos, node));
	KUNIT_EXPECT_TRUE(test, list_empty(&head));
}

static struct kunit_case list_header_cases[] = {
	KUNIT_CASE(container_of_finds_the_struct),
	KUNIT_CASE(add_head_is_a_stack_add_tail_a_queue),
	KUNIT_CASE(del_poisons_and_del_init_reinitialises),
	KUNIT_CASE(move_swap_rotate),
	KUNIT_CASE(cut_and_splice),
	KUNIT_CASE(replace_and_entries),
	KUNIT_CASE(reverse_and_continue),
	KUNIT_CASE(hlist_links),
	KUNIT_CASE(rcu_forms_link_like_the_plain_ones),
	KUNIT_CASE(private_members_iterate),
	{}
};

static struct kunit_suite list_header_suite = {
	.name = "kunit-c-list",
	.test_cases = list_header_cases,
};
kunit_test_suite(list_header_suite);
