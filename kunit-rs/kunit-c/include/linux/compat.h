/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the 32-bit ABI's types (x86-64's compat ABI is i386's) that library code uses to
 * read a 32-bit process's structures. A test process makes no system calls into kunit-c,
 * so in_compat_syscall() is false and no compat system call exists.
 */
#ifndef _LINUX_COMPAT_H
#define _LINUX_COMPAT_H

#include <linux/types.h>
#include <linux/compiler.h>

typedef u32 compat_uptr_t;
typedef u32 compat_size_t;
typedef s32 compat_ssize_t;
typedef s32 compat_int_t;
typedef u32 compat_uint_t;
typedef s32 compat_long_t;
typedef u32 compat_ulong_t;
typedef s32 compat_off_t;
typedef s64 compat_loff_t;
typedef s32 compat_time_t;
typedef s32 compat_pid_t;
typedef u32 compat_uid_t;
typedef u32 compat_gid_t;

/* A 32-bit process's struct iovec. */
struct compat_iovec {
	compat_uptr_t iov_base;
	compat_size_t iov_len;
};

/* A 32-bit user pointer as a pointer, and back (zero-extended, as on x86-64). */
static inline void __user *compat_ptr(compat_uptr_t uptr)
{
	return (void __user *)(unsigned long)uptr;
}
static inline compat_uptr_t ptr_to_compat(void __user *uptr)
{
	return (u32)(unsigned long)uptr;
}

static inline bool in_compat_syscall(void) { return false; }
static inline bool in_ia32_syscall(void) { return false; }
static inline bool in_x32_syscall(void) { return false; }

#endif /* _LINUX_COMPAT_H */
