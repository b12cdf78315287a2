// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of kunit-c's socket headers and the stand-in for a tree's net/mptcp/protocol.h:
 * nulls chains (<linux/list_nulls.h>, <linux/rculist_nulls.h>: the end marker carries the
 * bucket, replace and delete keep a reader's walk ending there), sockets in a chain by
 * reference (<net/sock.h>: hashing, sock_put() freeing at zero, the per-protocol in-use
 * counts of init_net), the socket types' nesting (each begins with the one it extends, so
 * the kernel's casts hold), <linux/ip.h>'s header layout, <linux/memblock.h>'s
 * alloc_large_system_hash(), and the MPTCP stand-in's accessors and boot call.
 */
#include <kunit/test.h>
#include <linux/ip.h>
#include <linux/list_nulls.h>
#include <linux/memblock.h>
#include <linux/rculist_nulls.h>
#include <linux/slab.h>
#include <linux/stddef.h>
#include <linux/tcp.h>
#include <net/inet_common.h>
#include <net/inet_connection_sock.h>
#include <net/inet_sock.h>
#include <net/mptcp.h>
#include <net/net_namespace.h>
#include <net/protocol.h>
#include <net/request_sock.h>
#include <net/sock.h>
#include <net/tcp.h>
#include <tree-private/net/mptcp/protocol.h>

struct item {
	int id;
	struct hlist_nulls_node node;
};

/* The ids along @head, -1 terminated, and the nulls value the walk ended on. */
static unsigned long walk(struct hlist_nulls_head *head, int *ids, int max)
{
	struct hlist_nulls_node *pos;
	struct item *it;
	int n = 0;

	hlist_nulls_for_each_entry_rcu(it, pos, head, node) {
		if (n < max - 1)
			ids[n++] = it->id;
	}
	ids[n] = -1;
	return get_nulls_value(pos);
}

static void nulls_chains_end_in_their_bucket(struct kunit *test)
{
	struct hlist_nulls_head head, other = HLIST_NULLS_HEAD_INIT(9);
	struct item a = { .id = 1 }, b = { .id = 2 }, c = { .id = 3 }, d = { .id = 4 };
	int ids[8];

	INIT_HLIST_NULLS_HEAD(&head, 5);
	KUNIT_EXPECT_TRUE(test, hlist_nulls_empty(&head));
	KUNIT_EXPECT_TRUE(test, is_a_nulls(head.first));
	KUNIT_EXPECT_EQ(test, get_nulls_value(head.first), 5ul);
	KUNIT_EXPECT_EQ(test, get_nulls_value(other.first), 9ul);

	hlist_nulls_add_head_rcu(&a.node, &head);
	hlist_nulls_add_head_rcu(&b.node, &head);
	hlist_nulls_add_tail_rcu(&c.node, &head);
	KUNIT_EXPECT_FALSE(test, hlist_nulls_empty(&head));
	KUNIT_EXPECT_EQ(test, walk(&head, ids, 8), 5ul);
	KUNIT_EXPECT_EQ(test, ids[0], 2);
	KUNIT_EXPECT_EQ(test, ids[1], 1);
	KUNIT_EXPECT_EQ(test, ids[2], 3);
	KUNIT_EXPECT_EQ(test, ids[3], -1);

	/* d takes a's place; a is left unhashed. */
	hlist_nulls_replace_init_rcu(&a.node, &d.node);
	KUNIT_EXPECT_TRUE(test, hlist_nulls_unhashed(&a.node));
	KUNIT_EXPECT_FALSE(test, hlist_nulls_unhashed_lockless(&d.node));
	walk(&head, ids, 8);
	KUNIT_EXPECT_EQ(test, ids[0], 2);
	KUNIT_EXPECT_EQ(test, ids[1], 4);
	KUNIT_EXPECT_EQ(test, ids[2], 3);

	/* A deleted node still leads a reader on it to the marker of its bucket. */
	hlist_nulls_del_init_rcu(&c.node);
	KUNIT_EXPECT_TRUE(test, hlist_nulls_unhashed(&c.node));
	KUNIT_EXPECT_TRUE(test, is_a_nulls(c.node.next));
	KUNIT_EXPECT_EQ(test, get_nulls_value(c.node.next), 5ul);
	hlist_nulls_del_init_rcu(&c.node); /* unhashed: nothing to do */
	hlist_nulls_del_rcu(&b.node);
	hlist_nulls_del(&d.node);
	KUNIT_EXPECT_TRUE(test, hlist_nulls_empty(&head));
	KUNIT_EXPECT_EQ(test, walk(&head, ids, 8), 5ul);
	KUNIT_EXPECT_EQ(test, ids[0], -1);
}

static int destroyed;

static void count_destroy(struct sock *sk)
{
	(void)sk;
	destroyed++;
}

static void sockets_hash_by_reference(struct kunit *test)
{
	struct proto proto = { .destroy = count_destroy, .inuse_idx = 3, .name = "TEST" };
	struct hlist_nulls_head head;
	struct hlist_nulls_node *pos;
	struct sock *sk, *it;
	int found = 0;

	INIT_HLIST_NULLS_HEAD(&head, 0);
	sk = kzalloc(sizeof(*sk), GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sk);
	refcount_set(&sk->sk_refcnt, 1);
	sock_net_set(sk, &init_net);
	sk->sk_prot = &proto;
	KUNIT_EXPECT_PTR_EQ(test, sock_net(sk), &init_net);
	KUNIT_EXPECT_TRUE(test, net_eq(sock_net(sk), &init_net));
	KUNIT_EXPECT_TRUE(test, sk_unhashed(sk));

	/* The list's own reference, then the node on the chain. */
	sk_nulls_add_node_rcu(sk, &head);
	KUNIT_EXPECT_TRUE(test, sk_hashed(sk));
	KUNIT_EXPECT_EQ(test, refcount_read(&sk->sk_refcnt), 2u);
	sk_nulls_for_each_rcu(it, pos, &head)
		found += it == sk;
	KUNIT_EXPECT_EQ(test, found, 1);
	KUNIT_EXPECT_TRUE(test, sk_nulls_del_node_init_rcu(sk));
	KUNIT_EXPECT_FALSE(test, __sk_nulls_del_node_init_rcu(sk));
	KUNIT_EXPECT_TRUE(test, sk_unhashed(sk));
	KUNIT_EXPECT_EQ(test, refcount_read(&sk->sk_refcnt), 1u);

	/* The last reference frees, through the protocol's destroy(). */
	sock_hold(sk);
	sock_put(sk);
	KUNIT_EXPECT_EQ(test, destroyed, 0);
	sock_put(sk);
	KUNIT_EXPECT_EQ(test, destroyed, 1);
}

static void init_net_counts_sockets_per_protocol(struct kunit *test)
{
	struct proto other = { .inuse_idx = 7 };
	int tcp = sock_prot_inuse_get(&init_net, &tcp_prot);
	int all = sock_inuse_get(&init_net);

	KUNIT_EXPECT_STREQ(test, tcp_prot.name, "TCP");
	KUNIT_ASSERT_NOT_NULL(test, init_net.core.prot_inuse);
	sock_prot_inuse_add(&init_net, &tcp_prot, 2);
	sock_prot_inuse_add(&init_net, &other, 5);
	sock_inuse_add(&init_net, 1);
	KUNIT_EXPECT_EQ(test, sock_prot_inuse_get(&init_net, &tcp_prot), tcp + 2);
	KUNIT_EXPECT_EQ(test, sock_prot_inuse_get(&init_net, &other), 5);
	KUNIT_EXPECT_EQ(test, sock_inuse_get(&init_net), all + 1);
	sock_prot_inuse_add(&init_net, &tcp_prot, -2);
	sock_prot_inuse_add(&init_net, &other, -5);
	sock_inuse_add(&init_net, -1);
	KUNIT_EXPECT_EQ(test, sock_prot_inuse_get(&init_net, &tcp_prot), tcp);
	KUNIT_EXPECT_EQ(test, sock_prot_inuse_get(&init_net, &other), 0);
}

static void socket_types_nest(struct kunit *test)
{
	struct tcp_request_sock treq = { .is_mptcp = true };
	struct tcp_sock tp = { .is_mptcp = false };
	struct request_sock *req = (struct request_sock *)&treq;
	struct sock *sk = (struct sock *)&tp;
	struct iphdr ip = { .version = 4, .ihl = 5 };

	KUNIT_EXPECT_EQ(test, offsetof(struct inet_sock, sk), (size_t)0);
	KUNIT_EXPECT_EQ(test, offsetof(struct inet_connection_sock, icsk_inet), (size_t)0);
	KUNIT_EXPECT_EQ(test, offsetof(struct tcp_sock, inet_conn), (size_t)0);
	KUNIT_EXPECT_EQ(test, offsetof(struct request_sock, __req_common), (size_t)0);
	KUNIT_EXPECT_EQ(test, offsetof(struct inet_request_sock, req), (size_t)0);
	KUNIT_EXPECT_EQ(test, offsetof(struct tcp_request_sock, req), (size_t)0);
	KUNIT_EXPECT_PTR_EQ(test, (void *)inet_csk(sk), (void *)&tp);
	KUNIT_EXPECT_PTR_EQ(test, (void *)inet_sk(sk), (void *)&tp);
	KUNIT_EXPECT_PTR_EQ(test, tcp_sk(sk), &tp);
	KUNIT_EXPECT_PTR_EQ(test, tcp_rsk(req), &treq);
	KUNIT_EXPECT_PTR_EQ(test, (void *)inet_rsk(req), (void *)&treq);
	KUNIT_EXPECT_PTR_EQ(test, req_to_sk(req), (struct sock *)&treq);
	KUNIT_EXPECT_PTR_EQ(test, inet_reqsk(req_to_sk(req)), req);
	/* A request socket's common part is a socket's: its namespace is read the same way. */
	sock_net_set(req_to_sk(req), &init_net);
	KUNIT_EXPECT_PTR_EQ(test, read_pnet(&req->__req_common.skc_net), &init_net);
	KUNIT_EXPECT_EQ(test, rsk_is_mptcp(req), IS_ENABLED(CONFIG_MPTCP));
	KUNIT_EXPECT_FALSE(test, sk_is_mptcp(sk));

	KUNIT_EXPECT_EQ(test, sizeof(struct iphdr), (size_t)20);
	KUNIT_EXPECT_EQ(test, *(u8 *)&ip, 0x45); /* version in the high nibble of byte 0 */
	KUNIT_EXPECT_EQ(test, offsetof(struct iphdr, saddr), (size_t)12);
	KUNIT_EXPECT_EQ(test, MAX_INET_PROTOS, 256);
}

static void large_system_hash_sizes(struct kunit *test)
{
	unsigned int shift = 0, mask = 0;
	unsigned long *table;
	unsigned int i;

	/* A requested size, rounded up to a power of two. */
	table = alloc_large_system_hash("t1", sizeof(long), 100, 0, HASH_ZERO, &shift, &mask, 0, 0);
	KUNIT_ASSERT_NOT_NULL(test, table);
	KUNIT_EXPECT_EQ(test, shift, 7u);
	KUNIT_EXPECT_EQ(test, mask, 127u);
	for (i = 0; i <= mask; i++)
		KUNIT_EXPECT_EQ(test, table[i], 0ul);

	/* The limits: at least low_limit, at most high_limit (a non-power rounds down). */
	alloc_large_system_hash("t2", 16, 4, 0, HASH_ZERO, &shift, &mask, 64, 0);
	KUNIT_EXPECT_EQ(test, mask, 63u);
	alloc_large_system_hash("t3", 16, 1 << 20, 0, HASH_ZERO, NULL, &mask, 0, 1000);
	KUNIT_EXPECT_EQ(test, mask, 511u);

	/* From memory: one bucket per MB (token.c's scale 20), capped as token.c caps it. */
	alloc_large_system_hash("t4", 40, 0, 20, HASH_ZERO, &shift, &mask, 0, 64 * 1024);
	KUNIT_EXPECT_EQ(test, mask, (1u << shift) - 1);
	KUNIT_EXPECT_GE(test, shift, 1u);
	KUNIT_EXPECT_LE(test, shift, 16u);
}

/* The stand-in's boot call: this file plays token.c, so the call reaches this definition. */
static int token_init_calls;

void __init mptcp_token_init(void)
{
	token_init_calls++;
}

static void mptcp_standin_accessors_and_boot(struct kunit *test)
{
	struct mptcp_subflow_request_sock *sreq;
	struct inet_connection_sock icsk = {};
	struct mptcp_subflow_context ctx = {};
	struct mptcp_sock msk = {};

	/* The shared object's constructors ran it once, before any case. */
	KUNIT_EXPECT_EQ(test, token_init_calls, 1);
	KUNIT_EXPECT_EQ(test, __kunit_c_mptcp_token_booted, 1);

	KUNIT_EXPECT_PTR_EQ(test, mptcp_sk((struct sock *)&msk), &msk);
	KUNIT_EXPECT_EQ(test, offsetof(struct mptcp_sock, sk), (size_t)0);
	rcu_assign_pointer(icsk.icsk_ulp_data, &ctx);
	KUNIT_EXPECT_PTR_EQ(test, mptcp_subflow_ctx((struct sock *)&icsk), &ctx);

	sreq = kunit_kzalloc(test, sizeof(*sreq), GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sreq);
	sreq->token_node.pprev = (struct hlist_nulls_node **)sreq;
	mptcp_token_init_request((struct request_sock *)sreq);
	KUNIT_EXPECT_TRUE(test, hlist_nulls_unhashed(&sreq->token_node));
	KUNIT_EXPECT_PTR_EQ(test, mptcp_subflow_rsk((struct request_sock *)sreq), sreq);
	KUNIT_EXPECT_EQ(test, MPTCP_TOKEN_MAX_RETRIES, 4);
}

static struct kunit_case net_sock_cases[] = {
	KUNIT_CASE(nulls_chains_end_in_their_bucket),
	KUNIT_CASE(sockets_hash_by_reference),
	KUNIT_CASE(init_net_counts_sockets_per_protocol),
	KUNIT_CASE(socket_types_nest),
	KUNIT_CASE(large_system_hash_sizes),
	KUNIT_CASE(mptcp_standin_accessors_and_boot),
	{}
};

static struct kunit_suite net_sock_suite = {
	.name = "kunit_c_net_sock",
	.test_cases = net_sock_cases,
};
kunit_test_suite(net_sock_suite);
