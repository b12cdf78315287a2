/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: path names, and bytemask_from_count(). Userspace tests have no dentries or mounts, so a struct path
 * names nothing and d_path() fails with -EOPNOTSUPP (an error callers already handle).
 */
#ifndef __LINUX_DCACHE_H
#define __LINUX_DCACHE_H

#include <linux/err.h>
#include <linux/errno.h>

/*
 * The mask of a word's first @cnt bytes in memory (cnt < sizeof(long)), for the name hash
 * and siphash's word-at-a-time tails.
 */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define bytemask_from_count(cnt) (~(~0ul << (cnt) * 8))
#else
#define bytemask_from_count(cnt) (~(~0ul >> (cnt) * 8))
#endif

struct path {
	void *mnt;
	void *dentry;
};

static inline char *d_path(const struct path *path, char *buf, int buflen)
{
	(void)path;
	(void)buf;
	(void)buflen;
	return (char *)ERR_PTR(-EOPNOTSUPP);
}

#endif /* __LINUX_DCACHE_H */
