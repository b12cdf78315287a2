/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the user ABI's struct stat in the generic architectures' layout (the one arm64,
 * riscv and loongarch share), for <linux/stat.h> of a kernel tree. A test process makes no
 * stat() system call through it: code that names the structure compiles, and its fields
 * have the ABI's widths (x86-64's own layout orders them differently).
 */
#ifndef _ASM_STAT_H
#define _ASM_STAT_H

#include <asm-generic/bitsperlong.h>

#define STAT_HAVE_NSEC 1

struct stat {
	unsigned long st_dev;
	unsigned long st_ino;
	unsigned int st_mode;
	unsigned int st_nlink;
	unsigned int st_uid;
	unsigned int st_gid;
	unsigned long st_rdev;
	unsigned long __pad1;
	long st_size;
	int st_blksize;
	int __pad2;
	long st_blocks;
	long st_atime;
	unsigned long st_atime_nsec;
	long st_mtime;
	unsigned long st_mtime_nsec;
	long st_ctime;
	unsigned long st_ctime_nsec;
	unsigned int __unused4;
	unsigned int __unused5;
};

#if __BITS_PER_LONG != 64
/* 32-bit architectures also have the 64-bit-sized form, with 32-bit times. */
struct stat64 {
	unsigned long long st_dev;
	unsigned long long st_ino;
	unsigned int st_mode;
	unsigned int st_nlink;
	unsigned int st_uid;
	unsigned int st_gid;
	unsigned long long st_rdev;
	unsigned long long __pad1;
	long long st_size;
	int st_blksize;
	int __pad2;
	long long st_blocks;
	int st_atime;
	unsigned int st_atime_nsec;
	int st_mtime;
	unsigned int st_mtime_nsec;
	int st_ctime;
	unsigned int st_ctime_nsec;
	unsigned int __unused4;
	unsigned int __unused5;
};
#endif

#endif /* _ASM_STAT_H */
