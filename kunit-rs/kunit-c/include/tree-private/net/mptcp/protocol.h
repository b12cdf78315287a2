/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: a stand-in for a tree's net/mptcp/protocol.h, MPTCP's private header, whose inline
 * code reaches the whole TCP stack (skbuff, the socket layer's memory accounting, timers).
 * `kunit c` force-includes it before a tree file that includes "protocol.h" from net/mptcp/
 * (crypto.c, token.c and their KUnit tests); it defines that header's include guard, so the
 * tree's copy, still included unmodified, reads as empty. It gives the MPTCP socket, the
 * subflow context and the subflow request socket with the fields the token and crypto code
 * use, over kunit-c's socket headers, and the declarations of crypto.c and token.c.
 */
#ifndef __MPTCP_PROTOCOL_H
#define __MPTCP_PROTOCOL_H

/* What the tree's header brings its includers (crypto_test.c's byte order, token_test.c's
 * sockets, tcp_prot and IPPROTO_MPTCP).
 */
#include <linux/in.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/random.h>
#include <linux/rculist_nulls.h>
#include <linux/types.h>
#include <linux/unaligned.h>
#include <net/inet_connection_sock.h>
#include <net/tcp.h>

/* An MPTCP connection: a connection-oriented socket first, then its keys and token. */
struct mptcp_sock {
	struct inet_connection_sock sk;
	u64 local_key;
	u64 remote_key;
	u32 token;
	struct list_head conn_list;
};

#define mptcp_sk(ptr) container_of_const(ptr, struct mptcp_sock, sk.icsk_inet.sk)

/* An incoming subflow not yet accepted: a TCP request socket, then MPTCP's handshake state. */
struct mptcp_subflow_request_sock {
	struct tcp_request_sock sk;
	u16 mp_capable : 1, mp_join : 1, backup : 1, request_bkup : 1, csum_reqd : 1,
		allow_join_id0 : 1;
	u8 local_id;
	u8 remote_id;
	u64 local_key;
	u64 idsn;
	u32 token;
	u32 ssn_offset;
	u64 thmac;
	u32 local_nonce;
	u32 remote_nonce;
	struct mptcp_sock *msk;
	struct hlist_nulls_node token_node;
};

static inline struct mptcp_subflow_request_sock *mptcp_subflow_rsk(const struct request_sock *rsk)
{
	return (struct mptcp_subflow_request_sock *)rsk;
}

/* A subflow's MPTCP state, kept in its TCP socket's icsk_ulp_data. */
struct mptcp_subflow_context {
	struct list_head node; /* in the connection's conn_list */
	u64 local_key;
	u64 remote_key;
	u64 idsn;
	u32 token;
	struct sock *tcp_sock; /* the subflow's own socket */
	struct sock *conn;     /* the MPTCP socket */
};

static inline struct mptcp_subflow_context *mptcp_subflow_ctx(const struct sock *sk)
{
	const struct inet_connection_sock *icsk = inet_csk(sk);

	return (__force struct mptcp_subflow_context *)icsk->icsk_ulp_data;
}

static inline struct sock *mptcp_subflow_tcp_sock(const struct mptcp_subflow_context *subflow)
{
	return subflow->tcp_sock;
}

/* token.c: the connections by token, in a hash table of buckets. */
#define MPTCP_TOKEN_MAX_RETRIES 4

void __init mptcp_token_init(void);
static inline void mptcp_token_init_request(struct request_sock *req)
{
	mptcp_subflow_rsk(req)->token_node.pprev = NULL;
}

int mptcp_token_new_request(struct request_sock *req);
void mptcp_token_move_request(struct request_sock *req, struct request_sock *new_req);
void mptcp_token_destroy_request(struct request_sock *req);
int mptcp_token_new_connect(struct sock *ssk);
bool mptcp_token_accept(struct mptcp_subflow_request_sock *r, struct mptcp_sock *msk);
bool mptcp_token_exists(u32 token);
struct mptcp_sock *mptcp_token_get_sock(struct net *net, u32 token);
struct mptcp_sock *mptcp_token_iter_next(const struct net *net, long *s_slot, long *s_num);
void mptcp_token_destroy(struct mptcp_sock *msk);

/* crypto.c: the token and IDSN from a key (RFC 8684 3.2), HMAC-SHA256 of two 64-bit keys. */
void mptcp_crypto_key_sha(u64 key, u32 *token, u64 *idsn);
void mptcp_crypto_hmac_sha(u64 key1, u64 key2, u8 *msg, int len, void *hmac);

/*
 * The kernel's boot builds the token table before any socket exists (inet_init() ->
 * tcp_init() -> mptcp_init() -> mptcp_token_init()). Here, the first object that includes
 * this header runs it as the shared object loads, when token.c is linked (the weak reference
 * is NULL otherwise, as for crypto_test.c alone); the weak flag is one for all of them.
 */
#pragma weak mptcp_token_init
__attribute__((weak)) int __kunit_c_mptcp_token_booted;

__attribute__((constructor)) static void __kunit_c_mptcp_boot(void)
{
	if (mptcp_token_init && !__kunit_c_mptcp_token_booted) {
		__kunit_c_mptcp_token_booted = 1;
		mptcp_token_init();
	}
}

#endif /* __MPTCP_PROTOCOL_H */
