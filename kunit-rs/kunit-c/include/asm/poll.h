/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: poll()'s event bits and struct pollfd, the values every architecture but a few
 * (not x86) shares, as the user ABI fixes them.
 */
#ifndef _ASM_POLL_H
#define _ASM_POLL_H

#include <linux/types.h>

#define POLLIN 0x0001
#define POLLPRI 0x0002
#define POLLOUT 0x0004
#define POLLERR 0x0008
#define POLLHUP 0x0010
#define POLLNVAL 0x0020
#define POLLRDNORM 0x0040
#define POLLRDBAND 0x0080
#define POLLWRNORM 0x0100
#define POLLWRBAND 0x0200
#define POLLMSG 0x0400
#define POLLREMOVE 0x1000
#define POLLRDHUP 0x2000
/* Kernel-internal: the waitqueue is going away; a busy-poll request. */
#define POLLFREE ((__force __poll_t)0x4000)
#define POLL_BUSY_LOOP ((__force __poll_t)0x8000)

struct pollfd {
	int fd;
	short events;
	short revents;
};

#endif /* _ASM_POLL_H */
