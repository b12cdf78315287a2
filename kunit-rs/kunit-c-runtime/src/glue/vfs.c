/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: kernel-internal pseudo filesystems (see include/linux/fs.h,
 * linux/fs_context.h, linux/pseudo_fs.h, linux/mount.h). simple_pin_fs() mounts a
 * filesystem type once, for as many users as pin it: the type's init_fs_context() runs on
 * a fresh context (init_pseudo() gives it a magic number), then the superblock is made; the
 * last simple_release_fs() runs the type's kill_sb() and frees the mount. Inodes from
 * alloc_anon_inode() are counted and freed by the last iput(). The layouts mirror the
 * headers' (the fs suite reads the fields back through them).
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

#include "glue.h"

#define ENOMEM 12

struct kc_fs_context;
struct kc_super_block;

struct kc_file_system_type {
	const char *name;
	int fs_flags;
	int (*init_fs_context)(struct kc_fs_context *fc);
	void (*kill_sb)(struct kc_super_block *sb);
	void *owner;
};

struct kc_fs_context {
	struct kc_file_system_type *fs_type;
	void *fs_private;
	void *s_fs_info;
	unsigned int sb_flags;
	unsigned long magic; /* __kunit_c_magic: init_pseudo()'s */
	struct {
		const char *prefix;
		void *log;
	} log;
};

struct kc_pseudo_fs_context {
	const void *ops;
	const void *xattr;
	const void *dops;
	unsigned long magic;
};

struct kc_super_block {
	struct kc_file_system_type *s_type;
	unsigned long s_magic;
	void *s_fs_info;
	unsigned long last_ino;
	unsigned char s_blocksize_bits;
	unsigned long s_blocksize;
	long long s_maxbytes;
	unsigned long s_flags;
	unsigned int s_time_gran;
	void *s_bdev;
	char s_id[32];
};

struct kc_address_space {
	struct kc_inode *host;
	unsigned long nrpages;
	unsigned int gfp_mask;
	unsigned int wb_err;
};

struct kc_inode {
	unsigned short i_mode;
	unsigned int i_uid;
	unsigned int i_gid;
	unsigned int i_flags;
	unsigned long i_ino;
	struct kc_super_block *i_sb;
	struct kc_address_space *i_mapping;
	struct kc_address_space i_data;
	int i_count;
	void *i_private;
	long long i_size;
	long long i_atime_sec, i_mtime_sec, i_ctime_sec;
	unsigned int i_atime_nsec, i_mtime_nsec, i_ctime_nsec;
	unsigned int i_generation;
	unsigned short i_bytes;
	unsigned char i_blkbits;
	unsigned long long i_blocks;
	unsigned long i_state;
	long long i_version;
	unsigned int i_rwsem;
};

/* <linux/fs.h>'s and <linux/fs_context.h>'s _Static_asserts pin the same sizes. */
_Static_assert(sizeof(struct kc_address_space) == 3 * sizeof(long), "<linux/fs.h>");
_Static_assert(sizeof(long) != 8 || sizeof(struct kc_super_block) == 112, "<linux/fs.h>");
_Static_assert(sizeof(long) != 8 || sizeof(struct kc_inode) == 168, "<linux/fs.h>");
_Static_assert(sizeof(struct kc_fs_context) == 7 * sizeof(void *), "<linux/fs_context.h>");

struct kc_vfsmount {
	void *mnt_root;
	struct kc_super_block *mnt_sb;
	int mnt_flags;
};

/* The kernel's pin_fs_lock: pinning and releasing are serialised. */
static pthread_mutex_t pin_fs_lock = PTHREAD_MUTEX_INITIALIZER;

struct kc_pseudo_fs_context *init_pseudo(struct kc_fs_context *fc, unsigned long magic)
{
	struct kc_pseudo_fs_context *ctx = calloc(1, sizeof(*ctx));

	if (ctx) {
		ctx->magic = magic;
		fc->fs_private = ctx;
		fc->magic = magic;
	}
	return ctx;
}

/* The mount of @type: its context initialised, then its superblock; or an errno. */
static int mount_fs(struct kc_file_system_type *type, struct kc_vfsmount **out)
{
	struct kc_fs_context fc = { .fs_type = type };
	struct kc_super_block *sb;
	struct kc_vfsmount *mnt;
	int err = type->init_fs_context ? type->init_fs_context(&fc) : 0;

	if (!err) {
		sb = calloc(1, sizeof(*sb));
		mnt = calloc(1, sizeof(*mnt));
		if (sb && mnt) {
			sb->s_type = type;
			sb->s_magic = fc.magic;
			sb->s_fs_info = fc.s_fs_info;
			/* alloc_super()'s: whole seconds until the filesystem says otherwise. */
			sb->s_time_gran = 1000000000;
			mnt->mnt_sb = sb;
			*out = mnt;
		} else {
			free(sb);
			free(mnt);
			err = -ENOMEM;
		}
	}
	free(fc.fs_private);
	return err;
}

int simple_pin_fs(struct kc_file_system_type *type, struct kc_vfsmount **mount, int *count)
{
	int err = 0;

	pthread_mutex_lock(&pin_fs_lock);
	if (!*mount)
		err = mount_fs(type, mount);
	if (!err)
		++*count;
	pthread_mutex_unlock(&pin_fs_lock);
	return err;
}

void simple_release_fs(struct kc_vfsmount **mount, int *count)
{
	struct kc_vfsmount *mnt = NULL;

	pthread_mutex_lock(&pin_fs_lock);
	if (!--*count) {
		mnt = *mount;
		*mount = NULL;
	}
	pthread_mutex_unlock(&pin_fs_lock);
	if (mnt) {
		struct kc_super_block *sb = mnt->mnt_sb;

		if (sb->s_type->kill_sb)
			sb->s_type->kill_sb(sb);
		free(sb);
		free(mnt);
	}
}

/* The superblock is freed by the last simple_release_fs(); an anonymous one holds nothing else. */
void kill_anon_super(struct kc_super_block *sb)
{
	(void)sb;
}

struct kc_inode *alloc_anon_inode(struct kc_super_block *sb)
{
	struct kc_inode *inode = calloc(1, sizeof(*inode));

	if (!inode)
		return (struct kc_inode *)(long)-ENOMEM;
	inode->i_sb = sb;
	inode->i_ino = __atomic_add_fetch(&sb->last_ino, 1, __ATOMIC_RELAXED);
	inode->i_mode = 0600; /* S_IRUSR | S_IWUSR, as the kernel's */
	inode->i_mapping = &inode->i_data;
	inode->i_data.host = inode;
	inode->i_count = 1;
	return inode;
}

void iput(struct kc_inode *inode)
{
	if (inode && __atomic_sub_fetch(&inode->i_count, 1, __ATOMIC_ACQ_REL) == 0)
		free(inode);
}

/*
 * Credentials: the test process is the kernel itself, and a struct file here is one the
 * kernel made for itself, so its opener holds every capability in the one user namespace.
 */
struct kc_user_namespace {
	int level;
} init_user_ns;

bool file_ns_capable(const void *file, struct kc_user_namespace *ns, int cap)
{
	(void)file, (void)ns, (void)cap;
	return true;
}
