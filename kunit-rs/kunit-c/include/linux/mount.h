/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: a mount of a filesystem, as simple_pin_fs() (<linux/fs.h>) makes one for a
 * kernel-internal pseudo filesystem. Nothing is attached to a namespace: there are none.
 */
#ifndef _LINUX_MOUNT_H
#define _LINUX_MOUNT_H

#include <linux/fs.h>

struct vfsmount {
	struct dentry *mnt_root;
	struct super_block *mnt_sb;
	int mnt_flags;
};

#endif /* _LINUX_MOUNT_H */
