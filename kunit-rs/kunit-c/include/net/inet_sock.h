/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the IPv4 socket and request socket, each beginning with the socket it extends
 * (so the kernel's casts hold): the local address and ports. Options, cork and multicast
 * state do not exist here.
 */
#ifndef _INET_SOCK_H
#define _INET_SOCK_H

#include <linux/types.h>
#include <net/request_sock.h>
#include <net/sock.h>

struct inet_sock {
	struct sock sk;
	__be32 inet_saddr;
	__be16 inet_sport;
	__u16 inet_id;
};

struct inet_request_sock {
	struct request_sock req;
	__be16 ir_rmt_port;
	__u16 ir_num;
};

static inline struct inet_sock *inet_sk(const struct sock *sk)
{
	return (struct inet_sock *)sk;
}

static inline struct inet_request_sock *inet_rsk(const struct request_sock *sk)
{
	return (struct inet_request_sock *)sk;
}

#endif /* _INET_SOCK_H */
