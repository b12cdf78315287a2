/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: struct file for code that names files. A test process opens no kernel files:
 * struct file is opaque, and file_path() fails with -EOPNOTSUPP (callers handle errors).
 */
#ifndef _LINUX_FS_H
#define _LINUX_FS_H

#include <linux/dcache.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/types.h>

struct file;
struct inode;

static inline char *file_path(struct file *file, char *buf, int buflen)
{
	(void)file;
	(void)buf;
	(void)buflen;
	return (char *)ERR_PTR(-EOPNOTSUPP);
}

#endif /* _LINUX_FS_H */
