/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: kernel-internal pseudo filesystems. init_pseudo() gives a filesystem's context
 * the options of a pseudo filesystem (its magic number); the superblock simple_pin_fs()
 * then makes carries that magic in s_magic.
 */
#ifndef __LINUX_PSEUDO_FS__
#define __LINUX_PSEUDO_FS__

#include <linux/fs_context.h>

struct super_operations;
struct xattr_handler;
struct dentry_operations;

struct pseudo_fs_context {
	const struct super_operations *ops;
	const struct xattr_handler * const *xattr;
	const struct dentry_operations *dops;
	unsigned long magic;
};

/* The context's pseudo options (freed with the context), or NULL without memory. */
struct pseudo_fs_context *init_pseudo(struct fs_context *fc, unsigned long magic);

#endif /* __LINUX_PSEUDO_FS__ */
