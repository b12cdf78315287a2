/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: path names, and bytemask_from_count(). Userspace tests have no dentry cache or
 * mounts: a struct dentry is what code builds itself (a name and a parent, as %pd prints
 * them), a struct path names nothing and d_path() fails with -EOPNOTSUPP (an error callers
 * already handle).
 */
#ifndef __LINUX_DCACHE_H
#define __LINUX_DCACHE_H

#include <linux/err.h>
#include <linux/errno.h>
#include <linux/stringhash.h>
#include <linux/types.h>

/*
 * The mask of a word's first @cnt bytes in memory (cnt < sizeof(long)), for the name hash
 * and siphash's word-at-a-time tails.
 */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define bytemask_from_count(cnt) (~(~0ul << (cnt) * 8))
#else
#define bytemask_from_count(cnt) (~(~0ul >> (cnt) * 8))
#endif

/* A name and its length and hash (hashlen), as the dentry cache keys names. */
struct qstr {
	union {
		struct {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
			u32 hash;
			u32 len;
#else
			u32 len;
			u32 hash;
#endif
		};
		u64 hash_len;
	};
	const unsigned char *name;
};

#define QSTR_INIT(n, l) { { { .len = l } }, .name = n }
#define QSTR_LEN(n, l) (struct qstr)QSTR_INIT(n, l)
#define QSTR(n) QSTR_LEN(n, strlen(n))

/* Room for a short name inside the dentry, as on 64-bit kernels. */
#define DNAME_INLINE_LEN 40

struct inode;

/* A name in a tree of names: a root is its own parent. */
struct dentry {
	unsigned int d_flags;
	struct dentry *d_parent;
	struct qstr d_name;
	struct inode *d_inode;
	unsigned char d_iname[DNAME_INLINE_LEN];
};

/* The inode a dentry names (NULL: a negative dentry). */
static inline struct inode *d_inode(const struct dentry *dentry)
{
	return dentry->d_inode;
}

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
