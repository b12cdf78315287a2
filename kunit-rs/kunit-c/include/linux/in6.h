/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: an IPv6 address as 16 bytes (the kernel's union view), and struct sockaddr_in6
 * as the kernel's ABI lays it out.
 */
#ifndef _LINUX_IN6_H
#define _LINUX_IN6_H

#include <linux/byteorder.h>
#include <linux/types.h>

#ifndef __KUNIT_C_HAVE_IN6_ADDR
#define __KUNIT_C_HAVE_IN6_ADDR
struct in6_addr {
	union {
		__u8 u6_addr8[16];
		__be16 u6_addr16[8];
		__be32 u6_addr32[4];
	} in6_u;
};
#define s6_addr in6_u.u6_addr8
#define s6_addr16 in6_u.u6_addr16
#define s6_addr32 in6_u.u6_addr32
#endif

/* The uapi half: the tree's <uapi/linux/in6.h> when there is one. */
#if !__has_include(<uapi/linux/in6.h>)
struct sockaddr_in6 {
	unsigned short int sin6_family;
	__be16 sin6_port;
	__be32 sin6_flowinfo;
	struct in6_addr sin6_addr;
	__u32 sin6_scope_id;
};

/* The flow label and traffic class bits of sin6_flowinfo. */
#define IPV6_FLOWINFO_FLOWLABEL	0x000fffff
#define IPV6_FLOWINFO_PRIORITY	0x0ff00000
#define IPV6_FLOWINFO_MASK	cpu_to_be32(0x0FFFFFFF)
#endif

#endif /* _LINUX_IN6_H */
