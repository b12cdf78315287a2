/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: path names. Userspace tests have no dentries or mounts, so a struct path
 * names nothing and d_path() fails with -EOPNOTSUPP (an error callers already handle).
 */
#ifndef __LINUX_DCACHE_H
#define __LINUX_DCACHE_H

#include <linux/err.h>
#include <linux/errno.h>

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
