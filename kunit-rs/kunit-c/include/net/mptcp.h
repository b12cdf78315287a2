/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: what <net/mptcp.h> says of a TCP socket or request socket: whether MPTCP runs
 * over it (the answers of a kernel with CONFIG_MPTCP, else false). The packet-side
 * options (struct mptcp_ext, mptcp_out_options) need an sk_buff, which does not exist here.
 */
#ifndef __NET_MPTCP_H
#define __NET_MPTCP_H

#include <linux/kconfig.h>
#include <linux/tcp.h>
#include <linux/types.h>

static inline bool sk_is_mptcp(const struct sock *sk)
{
	return IS_ENABLED(CONFIG_MPTCP) && tcp_sk(sk)->is_mptcp;
}

static inline bool rsk_is_mptcp(const struct request_sock *req)
{
	return IS_ENABLED(CONFIG_MPTCP) && tcp_rsk(req)->is_mptcp;
}

#endif /* __NET_MPTCP_H */
