/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the socket as far as code that keeps sockets in hash tables touches it (MPTCP's
 * token.c): the common part a socket shares with a request socket (its chain node, family,
 * state, protocol, namespace and reference count), struct proto with its in-use index,
 * the nulls-chain helpers, references (sock_put() frees at zero) and the per-protocol counts
 * of sockets in use. A socket has no buffers, locks, timers or callbacks here: code that
 * needs them fails to compile with their names undeclared.
 */
#ifndef _SOCK_H
#define _SOCK_H

#include <linux/list.h>
#include <linux/list_nulls.h>
#include <linux/percpu.h>
#include <linux/rculist_nulls.h>
#include <linux/refcount.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <net/net_namespace.h>

struct module;
struct sock;

/* A transport protocol; inuse_idx is its column in net->core.prot_inuse. */
struct proto {
	void (*destroy)(struct sock *sk);
	unsigned int obj_size;
	unsigned int inuse_idx;
	struct module *owner;
	char name[32];
};

/* The glue defines tcp_prot with this layout (and asserts the same size). */
_Static_assert(sizeof(struct proto) == 56, "kunit-c's glue mirrors struct proto");

/* What a socket, a request socket and a timewait socket begin with. */
struct sock_common {
	union {
		struct hlist_node skc_node;
		struct hlist_nulls_node skc_nulls_node;
	};
	unsigned short skc_family;
	volatile unsigned char skc_state;
	int skc_bound_dev_if;
	struct proto *skc_prot;
	possible_net_t skc_net;
	refcount_t skc_refcnt;
};

struct sock {
	struct sock_common __sk_common;
#define sk_node __sk_common.skc_node
#define sk_nulls_node __sk_common.skc_nulls_node
#define sk_family __sk_common.skc_family
#define sk_state __sk_common.skc_state
#define sk_bound_dev_if __sk_common.skc_bound_dev_if
#define sk_prot __sk_common.skc_prot
#define sk_net __sk_common.skc_net
#define sk_refcnt __sk_common.skc_refcnt
	u16 sk_type;
	u16 sk_protocol;
	void (*sk_destruct)(struct sock *sk);
};

static inline struct net *sock_net(const struct sock *sk)
{
	return read_pnet(&sk->sk_net);
}

static inline void sock_net_set(struct sock *sk, struct net *net)
{
	write_pnet(&sk->sk_net, net);
}

/* A socket is hashed while its chain node is linked (sk_node and sk_nulls_node overlay). */
static inline bool sk_unhashed(const struct sock *sk)
{
	return hlist_unhashed(&sk->sk_node);
}

static inline bool sk_hashed(const struct sock *sk)
{
	return !sk_unhashed(sk);
}

/*
 * The last reference is gone: the protocol's destructor, the socket's own, then the
 * memory (the kernel frees to the protocol's slab cache or with kfree(); here kfree()).
 */
static inline void sk_free(struct sock *sk)
{
	if (sk->sk_prot && sk->sk_prot->destroy)
		sk->sk_prot->destroy(sk);
	if (sk->sk_destruct)
		sk->sk_destruct(sk);
	kfree(sk);
}

static inline void sock_hold(struct sock *sk)
{
	refcount_inc(&sk->sk_refcnt);
}

/* Drops a reference that is known not to be the last. */
static inline void __sock_put(struct sock *sk)
{
	refcount_dec(&sk->sk_refcnt);
}

static inline void sock_put(struct sock *sk)
{
	if (refcount_dec_and_test(&sk->sk_refcnt))
		sk_free(sk);
}

/* Links @sk at the head of @list; the caller holds the bucket's lock and a reference. */
static inline void __sk_nulls_add_node_rcu(struct sock *sk, struct hlist_nulls_head *list)
{
	hlist_nulls_add_head_rcu(&sk->sk_nulls_node, list);
}

/* As above, taking the list's own reference. */
static inline void sk_nulls_add_node_rcu(struct sock *sk, struct hlist_nulls_head *list)
{
	sock_hold(sk);
	__sk_nulls_add_node_rcu(sk, list);
}

static inline bool __sk_nulls_del_node_init_rcu(struct sock *sk)
{
	if (sk_hashed(sk)) {
		hlist_nulls_del_init_rcu(&sk->sk_nulls_node);
		return true;
	}
	return false;
}

/* Unlinks @sk and drops the list's reference (which cannot be the last). */
static inline bool sk_nulls_del_node_init_rcu(struct sock *sk)
{
	bool rc = __sk_nulls_del_node_init_rcu(sk);

	if (rc)
		__sock_put(sk);
	return rc;
}

#define sk_nulls_for_each(__sk, node, list) hlist_nulls_for_each_entry(__sk, node, list, sk_nulls_node)
#define sk_nulls_for_each_rcu(__sk, node, list)                                        \
	hlist_nulls_for_each_entry_rcu(__sk, node, list, sk_nulls_node)

/* The sockets in use, per namespace, per CPU and per protocol (sockstat in /proc). */
static inline void sock_prot_inuse_add(const struct net *net, const struct proto *prot, int val)
{
	this_cpu_add(net->core.prot_inuse->val[prot->inuse_idx], val);
}

static inline void sock_inuse_add(const struct net *net, int val)
{
	this_cpu_add(net->core.prot_inuse->all, val);
}

static inline int sock_prot_inuse_get(struct net *net, struct proto *prot)
{
	unsigned int cpu;
	int res = 0;

	for_each_possible_cpu(cpu)
		res += per_cpu_ptr(net->core.prot_inuse, cpu)->val[prot->inuse_idx];
	return res >= 0 ? res : 0;
}

static inline int sock_inuse_get(struct net *net)
{
	unsigned int cpu;
	int res = 0;

	for_each_possible_cpu(cpu)
		res += per_cpu_ptr(net->core.prot_inuse, cpu)->all;
	return res >= 0 ? res : 0;
}

#endif /* _SOCK_H */
