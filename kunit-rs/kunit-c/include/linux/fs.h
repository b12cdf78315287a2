/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: struct file for code that names files. A test process opens no kernel files:
 * struct file is opaque, and file_path() fails with -EOPNOTSUPP (callers handle errors).
 * Kernel-internal pseudo filesystems (an inode of their own for a subsystem, as
 * kernel/resource.c's iomem inode) work: simple_pin_fs() mounts one once per user count,
 * alloc_anon_inode() gives an inode with its own page-cache mapping, iput() drops it.
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
#include <linux/uidgid_types.h>
#include <linux/atomic.h>
/* The capability numbers, from the tree's uapi header when there is a tree. */
#if __has_include(<uapi/linux/capability.h>)
#include <uapi/linux/capability.h>
#endif

struct inode;
struct module;
struct fs_context;
struct super_block;

/* A page-cache mapping: its inode (no pages are cached here). */
struct address_space {
	struct inode *host;
	unsigned long nrpages;
};

struct super_block {
	struct file_system_type *s_type;
	unsigned long s_magic;
	void *s_fs_info;
	/* private: the inode numbers this superblock has given out. */
	unsigned long __kunit_c_last_ino;
};

struct inode {
	umode_t i_mode;
	kuid_t i_uid;
	kgid_t i_gid;
	unsigned int i_flags;
	unsigned long i_ino;
	struct super_block *i_sb;
	struct address_space *i_mapping;
	struct address_space i_data;
	atomic_t i_count;
	void *i_private;
};

struct file_system_type {
	const char *name;
	int fs_flags;
	int (*init_fs_context)(struct fs_context *fc);
	void (*kill_sb)(struct super_block *sb);
	struct module *owner;
};

/* An open file: only what code handed one reads (nothing here opens files). */
struct file {
	struct path f_path; /* names nothing here (<linux/dcache.h>) */
	struct inode *f_inode;
	fmode_t f_mode;
	void *private_data;
};

static inline struct inode *file_inode(const struct file *f) { return f->f_inode; }

/*
 * What the kernel's <linux/fs.h> brings of <linux/capability.h>. The test process is the
 * kernel itself, so a file here was opened with every capability: file_ns_capable() holds.
 */
struct user_namespace;
extern struct user_namespace init_user_ns;
bool file_ns_capable(const struct file *file, struct user_namespace *ns, int cap);

struct vfsmount;
/*
 * Mounts @type once: the first user's call makes the mount (the filesystem's
 * init_fs_context() runs, then its superblock is made), later calls count a user. 0 or
 * a negative errno.
 */
int simple_pin_fs(struct file_system_type *type, struct vfsmount **mount, int *count);
/* Drops a user; the last one unmounts (kill_sb) and clears *@mount. */
void simple_release_fs(struct vfsmount **mount, int *count);
/* A new inode of @sb (one reference, i_mapping its own i_data), or ERR_PTR(-ENOMEM). */
struct inode *alloc_anon_inode(struct super_block *sb);
static inline void ihold(struct inode *inode) { atomic_inc(&inode->i_count); }
/* Drops a reference; the last one frees the inode. */
void iput(struct inode *inode);
/* An anonymous superblock's kill_sb(): it holds nothing (the release frees it). */
void kill_anon_super(struct super_block *sb);

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
