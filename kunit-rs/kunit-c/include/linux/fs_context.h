/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the context a filesystem's init_fs_context() fills in before its superblock is
 * made (see simple_pin_fs() in <linux/fs.h>).
 */
#ifndef _LINUX_FS_CONTEXT_H
#define _LINUX_FS_CONTEXT_H

#include <linux/fs.h>

struct fs_context {
	struct file_system_type *fs_type;
	void *fs_private;
	void *s_fs_info;
	unsigned int sb_flags;
	/* private: the magic init_pseudo() gave, for the superblock. */
	unsigned long __kunit_c_magic;
};

#endif /* _LINUX_FS_CONTEXT_H */
