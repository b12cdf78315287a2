/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: IPv4 addresses (the kernel's <linux/in.h> and its uapi half): struct in_addr
 * and struct sockaddr_in, laid out as the kernel's ABI lays them out, and the address
 * classes' helpers. Addresses and ports are big-endian (__be32, __be16).
 */
#if __has_include_next(<linux/in.h>)
/* The tree's own header, when the tree has one. */
#include_next <linux/in.h>
#elif !defined(_LINUX_IN_H)
#define _LINUX_IN_H

#include <linux/byteorder.h>
#include <linux/socket.h>
#include <linux/types.h>

struct in_addr {
	__be32 s_addr;
};

#define __SOCK_SIZE__ 16 /* sizeof(struct sockaddr) */
struct sockaddr_in {
	__kernel_sa_family_t sin_family;
	__be16 sin_port;
	struct in_addr sin_addr;
	/* Padded to the size of struct sockaddr. */
	unsigned char __pad[__SOCK_SIZE__ - sizeof(short int) - sizeof(unsigned short int) -
			    sizeof(struct in_addr)];
};

#define INADDR_ANY		((unsigned long int)0x00000000)
#define INADDR_BROADCAST	((unsigned long int)0xffffffff)
#define INADDR_NONE		((unsigned long int)0xffffffff)
#define INADDR_LOOPBACK		0x7f000001

static inline bool ipv4_is_loopback(__be32 addr)
{
	return (addr & htonl(0xff000000)) == htonl(0x7f000000);
}

static inline bool ipv4_is_multicast(__be32 addr)
{
	return (addr & htonl(0xf0000000)) == htonl(0xe0000000);
}

static inline bool ipv4_is_zeronet(__be32 addr)
{
	return (addr == 0);
}

#endif /* _LINUX_IN_H */
