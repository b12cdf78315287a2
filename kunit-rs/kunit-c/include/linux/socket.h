/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: socket addresses (the kernel's <linux/socket.h>): the generic struct sockaddr
 * and the address families, with the kernel's ABI values. There are no sockets here.
 */
#if __has_include_next(<linux/socket.h>)
/* The tree's own header, when the tree has one. */
#include_next <linux/socket.h>
#elif !defined(_LINUX_SOCKET_H)
#define _LINUX_SOCKET_H

#include <linux/types.h>

typedef unsigned short __kernel_sa_family_t;
typedef __kernel_sa_family_t sa_family_t;

struct sockaddr {
	sa_family_t sa_family;
	char sa_data[14];
};

/* Room for any address family's address. */
struct __kernel_sockaddr_storage {
	union {
		struct {
			__kernel_sa_family_t ss_family;
			char __data[128 - sizeof(unsigned short)];
		};
		void *__align;
	};
};
#define sockaddr_storage __kernel_sockaddr_storage

#define AF_UNSPEC	0
#define AF_UNIX		1
#define AF_LOCAL	1
#define AF_INET		2
#define AF_INET6	10
#define AF_NETLINK	16
#define AF_PACKET	17
#define AF_MAX		46

#define PF_UNSPEC	AF_UNSPEC
#define PF_UNIX		AF_UNIX
#define PF_INET		AF_INET
#define PF_INET6	AF_INET6

#endif /* _LINUX_SOCKET_H */
