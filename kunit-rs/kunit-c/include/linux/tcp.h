/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the TCP socket and request socket, each beginning with the socket it extends:
 * their sequence numbers and whether MPTCP runs over them. Windows, timers, queues and
 * options do not exist here.
 */
#ifndef _LINUX_TCP_H
#define _LINUX_TCP_H

#include <linux/types.h>
#include <net/inet_connection_sock.h>
#include <net/inet_sock.h>

struct tcp_request_sock {
	struct inet_request_sock req;
	bool is_mptcp;
	u32 rcv_isn;
	u32 snt_isn;
};

struct tcp_sock {
	struct inet_connection_sock inet_conn;
	u32 rcv_nxt;
	u32 snd_nxt;
	u32 snd_una;
	u32 write_seq;
	bool is_mptcp;
};

static inline struct tcp_request_sock *tcp_rsk(const struct request_sock *req)
{
	return (struct tcp_request_sock *)req;
}

static inline struct tcp_sock *tcp_sk(const struct sock *sk)
{
	return (struct tcp_sock *)sk;
}

#endif /* _LINUX_TCP_H */
