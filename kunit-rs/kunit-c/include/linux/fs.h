/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: struct file for code that names files. A test process opens no kernel files:
 * struct file is opaque, and file_path() fails with -EOPNOTSUPP (callers handle errors).
 * Kernel-internal pseudo filesystems (an inode of their own for a subsystem, as
 * kernel/resource.c's iomem inode) work: simple_pin_fs() mounts one once per user count,
 * alloc_anon_inode() gives an inode with its own page-cache mapping, iput() drops it.
 * A filesystem's own code that a test builds inodes and superblocks for (fs/fat/misc.c's
 * time conversions) finds the fields, flags and inline helpers it reads; marking an inode
 * dirty records the state bits, nothing is written back.
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
#include <linux/bits.h>
#include <linux/bug.h>
#include <linux/mutex.h>
#include <linux/rwsem.h>
#include <linux/ktime.h>
#include <linux/time.h>
#include <linux/time64.h>
/* The file types and modes (S_IFDIR, S_ISDIR(), S_IRUGO, ...): the tree's, when there is one. */
#if __has_include(<uapi/linux/stat.h>)
#include <linux/stat.h>
#endif
/* The capability numbers, from the tree's uapi header when there is a tree. */
#if __has_include(<uapi/linux/capability.h>)
#include <uapi/linux/capability.h>
#endif

struct inode;
struct module;
struct fs_context;
struct super_block;
/* Named in the prototypes of the tree's fs headers (buffer_head.h, a filesystem's own). */
struct fstrim_range;
struct iattr;
struct kstat;
struct mnt_idmap;
struct vm_fault;
struct writeback_control;
struct delayed_call;
struct dir_context;
struct fileattr;
#if __has_include(<linux/migrate_mode.h>)
#include <linux/migrate_mode.h>
#endif

/* An error sequence: a writeback error and whether it was seen (the tree's errseq.h). */
typedef u32 errseq_t;
#if __has_include(<linux/errseq.h>)
#include <linux/errseq.h>
#endif

/* A page-cache mapping: its inode (no pages are cached here). */
struct address_space {
	struct inode *host;
	unsigned long nrpages;
	gfp_t gfp_mask;
	errseq_t wb_err;
};

struct buffer_head;
struct block_device;
/* A filesystem's block mapping callback (the buffer cache's). */
typedef int (get_block_t)(struct inode *inode, sector_t iblock,
			  struct buffer_head *bh_result, int create);

/* s_flags */
#define SB_RDONLY	BIT(0)
#define SB_NOSUID	BIT(1)
#define SB_NODEV	BIT(2)
#define SB_NOEXEC	BIT(3)
#define SB_SYNCHRONOUS	BIT(4)
#define SB_MANDLOCK	BIT(6)
#define SB_DIRSYNC	BIT(7)
#define SB_NOATIME	BIT(10)
#define SB_NODIRATIME	BIT(11)
#define SB_SILENT	BIT(15)
#define SB_POSIXACL	BIT(16)
#define SB_INLINECRYPT	BIT(17)
#define SB_KERNMOUNT	BIT(22)
#define SB_I_VERSION	BIT(23)
#define SB_LAZYTIME	BIT(25)

struct super_block {
	struct file_system_type *s_type;
	unsigned long s_magic;
	void *s_fs_info;
	/* private: the inode numbers this superblock has given out. */
	unsigned long __kunit_c_last_ino;
	/* public: what a filesystem's own code reads. */
	unsigned char s_blocksize_bits;
	unsigned long s_blocksize;
	loff_t s_maxbytes;
	unsigned long s_flags;
	u32 s_time_gran;
	struct block_device *s_bdev;
	char s_id[32];
};

static inline bool sb_rdonly(const struct super_block *sb)
{
	return sb->s_flags & SB_RDONLY;
}

/* i_flags */
#define S_SYNC		(1 << 0)
#define S_NOATIME	(1 << 1)
#define S_APPEND	(1 << 2)
#define S_IMMUTABLE	(1 << 3)
#define S_DEAD		(1 << 4)
#define S_NOQUOTA	(1 << 5)
#define S_DIRSYNC	(1 << 6)
#define S_NOCMTIME	(1 << 7)
#define S_SWAPFILE	(1 << 8)
#define S_PRIVATE	(1 << 9)
#define S_IMA		(1 << 10)
#define S_AUTOMOUNT	(1 << 11)
#define S_NOSEC		(1 << 12)
#define S_DAX		0	/* no CONFIG_FS_DAX */
#define S_ENCRYPTED	(1 << 14)
#define S_CASEFOLD	(1 << 15)
#define S_VERITY	(1 << 16)
#define S_KERNEL_FILE	(1 << 17)

/* A directory entry's type, as readdir() reports it (the S_IFMT bits shifted down). */
#define DT_UNKNOWN	0
#define DT_FIFO		1
#define DT_CHR		2
#define DT_DIR		4
#define DT_BLK		6
#define DT_REG		8
#define DT_LNK		10
#define DT_SOCK		12
#define DT_WHT		14


/* i_state: what __mark_inode_dirty() records. */
#define I_DIRTY_SYNC		(1 << 3)
#define I_DIRTY_DATASYNC	(1 << 4)
#define I_DIRTY_PAGES		(1 << 5)
#define I_DIRTY_TIME		(1 << 11)
#define I_DIRTY_INODE		(I_DIRTY_SYNC | I_DIRTY_DATASYNC)
#define I_DIRTY			(I_DIRTY_INODE | I_DIRTY_PAGES)
#define I_DIRTY_ALL		(I_DIRTY | I_DIRTY_TIME)

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
	loff_t i_size;
	time64_t i_atime_sec;
	time64_t i_mtime_sec;
	time64_t i_ctime_sec;
	u32 i_atime_nsec;
	u32 i_mtime_nsec;
	u32 i_ctime_nsec;
	u32 i_generation;
	unsigned short i_bytes;
	u8 i_blkbits;
	blkcnt_t i_blocks;
	unsigned long i_state;
	atomic64_t i_version;
	struct rw_semaphore i_rwsem;
};

/* The glue's copies of these layouts (vfs.c) assert the same sizes. */
_Static_assert(sizeof(struct address_space) == 3 * sizeof(long), "vfs.c's copy");
_Static_assert(sizeof(long) != 8 || sizeof(struct super_block) == 112, "vfs.c's copy");
_Static_assert(sizeof(long) != 8 || sizeof(struct inode) == 168, "vfs.c's copy");

/* The kinds of times inode_update_time() and a filesystem's update_time() are asked for. */
enum file_time_flags {
	S_ATIME = 1,
	S_MTIME = 2,
	S_CTIME = 4,
	S_VERSION = 8,
};

#define __IS_FLG(inode, flg)	((inode)->i_sb->s_flags & (flg))
#define IS_RDONLY(inode)	sb_rdonly((inode)->i_sb)
#define IS_SYNC(inode)		(__IS_FLG(inode, SB_SYNCHRONOUS) || ((inode)->i_flags & S_SYNC))
#define IS_NOQUOTA(inode)	((inode)->i_flags & S_NOQUOTA)
#define IS_PRIVATE(inode)	((inode)->i_flags & S_PRIVATE)
#define IS_ENCRYPTED(inode)	((inode)->i_flags & S_ENCRYPTED)
#define IS_CASEFOLDED(inode)	((inode)->i_flags & S_CASEFOLD)
#define IS_VERITY(inode)	((inode)->i_flags & S_VERITY)
#define IS_DAX(inode)		0
#define IS_DIRSYNC(inode)	(__IS_FLG(inode, SB_SYNCHRONOUS | SB_DIRSYNC) || \
				 ((inode)->i_flags & (S_SYNC | S_DIRSYNC)))

/* The inode's lock (its i_rwsem), as the VFS takes it around a change. */
static inline void inode_lock(struct inode *inode) { down_write(&inode->i_rwsem); }
static inline void inode_unlock(struct inode *inode) { up_write(&inode->i_rwsem); }
static inline void inode_lock_shared(struct inode *inode) { down_read(&inode->i_rwsem); }
static inline void inode_unlock_shared(struct inode *inode) { up_read(&inode->i_rwsem); }
static inline int inode_is_locked(struct inode *inode) { return rwsem_is_locked(&inode->i_rwsem); }

/* The file size, read and written whole (64-bit: one access, ordered as the kernel's). */
static inline loff_t i_size_read(const struct inode *inode)
{
	return __atomic_load_n(&inode->i_size, __ATOMIC_ACQUIRE);
}

static inline void i_size_write(struct inode *inode, loff_t i_size)
{
	__atomic_store_n(&inode->i_size, i_size, __ATOMIC_RELEASE);
}

/* Must a change to the inode be written at once (a synchronous file or directory)? */
static inline int inode_needs_sync(struct inode *inode)
{
	/* S_ISDIR(), spelt out: the mode macros are the tree's. */
	return IS_SYNC(inode) || ((inode->i_mode & 00170000) == 0040000 && IS_DIRSYNC(inode));
}

/*
 * Records @flags in i_state (the kernel then queues the inode for writeback; nothing is
 * written here). Dirtying the inode itself supersedes a pending lazy time update.
 */
static inline void __mark_inode_dirty(struct inode *inode, int flags)
{
	if (flags & I_DIRTY_INODE) {
		flags &= ~I_DIRTY_TIME;
		inode->i_state &= ~I_DIRTY_TIME;
	}
	inode->i_state |= flags;
}

static inline void mark_inode_dirty(struct inode *inode)
{
	__mark_inode_dirty(inode, I_DIRTY);
}

static inline void mark_inode_dirty_sync(struct inode *inode)
{
	__mark_inode_dirty(inode, I_DIRTY_SYNC);
}

#define KC_INODE_TIME(x)							\
static inline time64_t inode_get_##x##time_sec(const struct inode *inode)	\
{										\
	return inode->i_##x##time_sec;						\
}										\
static inline long inode_get_##x##time_nsec(const struct inode *inode)		\
{										\
	return inode->i_##x##time_nsec;						\
}										\
static inline struct timespec64 inode_get_##x##time(const struct inode *inode)	\
{										\
	struct timespec64 ts = { .tv_sec = inode->i_##x##time_sec,		\
				 .tv_nsec = inode->i_##x##time_nsec };		\
	return ts;								\
}										\
static inline struct timespec64 inode_set_##x##time_to_ts(struct inode *inode,	\
							  struct timespec64 ts)	\
{										\
	inode->i_##x##time_sec = ts.tv_sec;					\
	inode->i_##x##time_nsec = ts.tv_nsec;					\
	return ts;								\
}										\
static inline struct timespec64 inode_set_##x##time(struct inode *inode,	\
						    time64_t sec, long nsec)	\
{										\
	struct timespec64 ts = { .tv_sec = sec, .tv_nsec = nsec };		\
	return inode_set_##x##time_to_ts(inode, ts);				\
}
KC_INODE_TIME(a)
KC_INODE_TIME(m)
KC_INODE_TIME(c)
#undef KC_INODE_TIME

/*
 * @t cut to the superblock's granularity (s_time_gran nanoseconds, 1 to a second; another
 * value warns), as the kernel's timestamp_truncate() (clamping to the filesystem's time
 * range aside: kunit-c's superblock has none).
 */
static inline struct timespec64 timestamp_truncate(struct timespec64 t, struct inode *inode)
{
	u32 gran = inode->i_sb->s_time_gran;

	if (gran > 1 && gran <= 1000000000)
		t.tv_nsec -= t.tv_nsec % gran;
	else if (gran != 1)
		WARN(1, "invalid file time granularity: %u", gran);
	return t;
}

/* The time now (CLOCK_REALTIME), at the inode's granularity. */
static inline struct timespec64 current_time(struct inode *inode)
{
	struct timespec64 now;

	ktime_get_real_ts64(&now);
	return timestamp_truncate(now, inode);
}

static inline struct timespec64 inode_set_ctime_current(struct inode *inode)
{
	return inode_set_ctime_to_ts(inode, current_time(inode));
}

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
