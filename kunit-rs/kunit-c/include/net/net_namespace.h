/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the network namespace as far as socket code reads it: its reference counts and
 * the per-CPU counts of sockets in use per protocol (net->core.prot_inuse, which
 * sock_prot_inuse_add() updates). There is one namespace, init_net, kept by kunit-c's glue.
 * A socket names its namespace in a possible_net_t, as with CONFIG_NET_NS.
 */
#ifndef __NET_NET_NAMESPACE_H
#define __NET_NET_NAMESPACE_H

#include <linux/percpu.h>
#include <linux/rcupdate.h>
#include <linux/refcount.h>
#include <linux/types.h>

/* How many protocols can be counted (the kernel's PROTO_INUSE_NR). */
#define PROTO_INUSE_NR 64

struct prot_inuse {
	int all;
	int val[PROTO_INUSE_NR];
};

struct netns_core {
	struct prot_inuse __percpu *prot_inuse;
};

struct net {
	refcount_t passive; /* what keeps the memory */
	refcount_t count;   /* the namespace's users (the kernel's ns.count) */
	struct netns_core core;
};

/* The glue defines init_net with this layout (and asserts the same size). */
_Static_assert(sizeof(struct net) == 16, "kunit-c's glue mirrors struct net");

extern struct net init_net;

typedef struct {
	struct net __rcu *net;
} possible_net_t;

static inline void write_pnet(possible_net_t *pnet, struct net *net)
{
	rcu_assign_pointer(pnet->net, net);
}

static inline struct net *read_pnet(const possible_net_t *pnet)
{
	return rcu_dereference_protected(pnet->net, true);
}

static inline struct net *read_pnet_rcu(possible_net_t *pnet)
{
	return rcu_dereference(pnet->net);
}

static inline int net_eq(const struct net *net1, const struct net *net2)
{
	return net1 == net2;
}

static inline struct net *get_net(struct net *net)
{
	refcount_inc(&net->count);
	return net;
}

static inline void put_net(struct net *net)
{
	/* init_net is never freed; a namespace of a test's own is its to free. */
	refcount_dec(&net->count);
}

#endif /* __NET_NET_NAMESPACE_H */
