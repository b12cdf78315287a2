/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: an IPv6 address as 16 bytes (the kernel's union view). */
#ifndef _LINUX_IN6_H
#define _LINUX_IN6_H

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

#endif /* _LINUX_IN6_H */
