/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: IPv6 address classes (the kernel's <net/addrconf.h>): what an address is,
 * judged from its bytes. No interfaces or address configuration exist here.
 */
#if __has_include_next(<net/addrconf.h>)
/* The tree's own header, when the tree has one. */
#include_next <net/addrconf.h>
#elif !defined(_ADDRCONF_H)
#define _ADDRCONF_H

#include <linux/byteorder.h>
#include <linux/in.h>
#include <linux/in6.h>
#include <linux/netdev_features.h>
#include <linux/socket.h>
#include <linux/types.h>

/* ::ffff:a.b.c.d, an IPv4 address mapped into IPv6. */
static inline bool ipv6_addr_v4mapped(const struct in6_addr *a)
{
	return a->s6_addr32[0] == 0 && a->s6_addr32[1] == 0 &&
	       a->s6_addr32[2] == htonl(0x0000ffff);
}

/* An ISATAP interface identifier: ::0200:5efe:a.b.c.d or ::5efe:a.b.c.d. */
static inline bool ipv6_addr_is_isatap(const struct in6_addr *addr)
{
	return (addr->s6_addr32[2] & ~htonl(0x02000000)) == htonl(0x00005efe);
}

static inline bool ipv6_addr_any(const struct in6_addr *a)
{
	return (a->s6_addr32[0] | a->s6_addr32[1] | a->s6_addr32[2] | a->s6_addr32[3]) == 0;
}

static inline bool ipv6_addr_loopback(const struct in6_addr *a)
{
	return (a->s6_addr32[0] | a->s6_addr32[1] | a->s6_addr32[2] |
		(a->s6_addr32[3] ^ htonl(1))) == 0;
}

#endif /* _ADDRCONF_H */
