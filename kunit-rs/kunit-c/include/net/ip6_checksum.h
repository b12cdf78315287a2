/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: the IPv6 pseudo-header checksum, implemented by kunit-arch (feature c-abi). */
#ifndef _NET_IP6_CHECKSUM_H
#define _NET_IP6_CHECKSUM_H

#include <linux/in6.h>
#include <net/checksum.h>

__sum16 csum_ipv6_magic(const struct in6_addr *saddr,
			const struct in6_addr *daddr, __u32 len, __u8 proto,
			__wsum sum);

#endif /* _NET_IP6_CHECKSUM_H */
