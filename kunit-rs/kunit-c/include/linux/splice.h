/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: splice()'s flags and the descriptors library code names. A test process has no
 * pipes: struct pipe_inode_info and struct pipe_buffer are opaque and nothing splices.
 */
#ifndef _LINUX_SPLICE_H
#define _LINUX_SPLICE_H

#include <linux/types.h>

/* The flags of splice(2), vmsplice(2) and tee(2), with the kernel's values. */
#define SPLICE_F_MOVE 0x01
#define SPLICE_F_NONBLOCK 0x02
#define SPLICE_F_MORE 0x04
#define SPLICE_F_GIFT 0x08
#define SPLICE_F_ALL (SPLICE_F_MOVE | SPLICE_F_NONBLOCK | SPLICE_F_MORE | SPLICE_F_GIFT)

struct page;
struct pipe_inode_info;
struct pipe_buffer;

/* A part of a page given to a pipe. */
struct partial_page {
	unsigned int offset;
	unsigned int len;
	unsigned long private;
};

#endif /* _LINUX_SPLICE_H */
