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
#include <linux/limits.h>
#include <linux/xarray.h>
#include <asm/page.h>

struct file;
struct inode;

/* The most bytes one read() or write() moves: INT_MAX rounded down to a page. */
#define MAX_RW_COUNT (INT_MAX & PAGE_MASK)

static inline char *file_path(struct file *file, char *buf, int buflen)
{
	(void)file;
	(void)buf;
	(void)buflen;
	return (char *)ERR_PTR(-EOPNOTSUPP);
}

/*
 * Copies up to @count bytes of the @available at @from, starting at *@ppos, to @to and
 * advances *@ppos: the bytes copied, 0 at the end, -EINVAL for a negative position.
 */
static inline ssize_t memory_read_from_buffer(void *to, size_t count, loff_t *ppos,
					      const void *from, size_t available)
{
	loff_t pos = *ppos;

	if (pos < 0)
		return -EINVAL;
	if ((size_t)pos >= available || !count)
		return 0;
	if (count > available - pos)
		count = available - pos;
	__builtin_memcpy(to, (const char *)from + pos, count);
	*ppos = pos + count;
	return count;
}

#endif /* _LINUX_FS_H */
