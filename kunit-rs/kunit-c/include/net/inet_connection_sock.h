/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the connection-oriented socket (TCP's base), beginning with its inet_sock: the
 * upper-layer protocol's operations and private data (MPTCP keeps its subflow context in
 * icsk_ulp_data). Its timers, congestion control and accept queue do not exist here.
 */
#ifndef _INET_CONNECTION_SOCK_H
#define _INET_CONNECTION_SOCK_H

#include <net/inet_sock.h>
#include <net/request_sock.h>
#include <net/sock.h>

struct tcp_ulp_ops;

struct inet_connection_sock {
	struct inet_sock icsk_inet;
	const struct tcp_ulp_ops *icsk_ulp_ops;
	void __rcu *icsk_ulp_data;
	__u8 icsk_ca_state;
	__u32 icsk_pmtu_cookie;
};

static inline struct inet_connection_sock *inet_csk(const struct sock *sk)
{
	return (struct inet_connection_sock *)sk;
}

#endif /* _INET_CONNECTION_SOCK_H */
