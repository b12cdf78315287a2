/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the context a filesystem's init_fs_context() fills in before its superblock is
 * made (see simple_pin_fs() in <linux/fs.h>), and the mount parameters and parse log that
 * the tree's <linux/fs_parser.h> reads (nothing here mounts with parameters).
 */
#ifndef _LINUX_FS_CONTEXT_H
#define _LINUX_FS_CONTEXT_H

#include <linux/fs.h>

struct fc_log;
struct filename;

/* What a mount parameter's value is (the key=value pairs a filesystem parses). */
enum fs_value_type {
	fs_value_is_undefined,
	fs_value_is_flag,	/* no value */
	fs_value_is_string,
	fs_value_is_blob,
	fs_value_is_filename,	/* a filename and dirfd */
	fs_value_is_file,
};

/* One mount parameter, as <linux/fs_parser.h>'s parsers take it. */
struct fs_parameter {
	const char *key;
	enum fs_value_type type:8;
	union {
		char *string;
		void *blob;
		struct filename *name;
		struct file *file;
	};
	size_t size;
	int dirfd;
};

/* Where a filesystem's parameter parser (<linux/fs_parser.h>) logs, and with what prefix. */
struct p_log {
	const char *prefix;
	struct fc_log *log;
};

struct fs_context {
	struct file_system_type *fs_type;
	void *fs_private;
	void *s_fs_info;
	unsigned int sb_flags;
	/* private: the magic init_pseudo() gave, for the superblock. */
	unsigned long __kunit_c_magic;
	/* public: where parse errors go (NULL: printk). */
	struct p_log log;
};

/* The glue's copy (vfs.c) asserts the same size. */
_Static_assert(sizeof(struct fs_context) == 7 * sizeof(void *), "vfs.c's copy");

#endif /* _LINUX_FS_CONTEXT_H */
