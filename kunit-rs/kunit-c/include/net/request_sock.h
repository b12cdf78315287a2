/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the request socket, a connection not yet accepted: the socket's common part (so
 * a request socket is hashed and counted as a socket is), its listener and the socket it
 * becomes. Its timers and retransmission state do not exist here.
 */
#ifndef _REQUEST_SOCK_H
#define _REQUEST_SOCK_H

#include <net/sock.h>

struct request_sock {
	struct sock_common __req_common;
#define rsk_refcnt __req_common.skc_refcnt
	struct request_sock *dl_next;
	u16 mss;
	u8 num_retrans;
	struct sock *rsk_listener;
	struct sock *sk;
};

static inline struct request_sock *inet_reqsk(const struct sock *sk)
{
	return (struct request_sock *)sk;
}

static inline struct sock *req_to_sk(struct request_sock *req)
{
	return (struct sock *)req;
}

#endif /* _REQUEST_SOCK_H */
