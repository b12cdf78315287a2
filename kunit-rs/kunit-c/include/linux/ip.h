/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the IPv4 header (<uapi/linux/ip.h>'s struct iphdr, x86-64's bit-field order).
 * The socket buffer accessors (ip_hdr(), ip_hdrlen()) do not exist: there is no sk_buff.
 */
#ifndef _LINUX_IP_H
#define _LINUX_IP_H

#include <linux/types.h>

#define IPVERSION 4
#define MAXTTL 255
#define IPDEFTTL 64

struct iphdr {
	__u8 ihl : 4, version : 4;
	__u8 tos;
	__be16 tot_len;
	__be16 id;
	__be16 frag_off;
	__u8 ttl;
	__u8 protocol;
	__sum16 check;
	__be32 saddr;
	__be32 daddr;
};

#endif /* _LINUX_IP_H */
