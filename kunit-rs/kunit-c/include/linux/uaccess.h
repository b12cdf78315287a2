/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: user copies. A test's "user" buffers are ordinary memory in the same address
 * space, so the copies always succeed: they return the number of bytes NOT copied (0), as
 * the kernel's do.
 */
#ifndef _LINUX_UACCESS_H
#define _LINUX_UACCESS_H

#include <stddef.h>
#include <linux/compiler.h>

static inline unsigned long copy_to_user(void __user *to, const void *from, unsigned long n)
{
	__builtin_memcpy((void *)to, from, n);
	return 0;
}

static inline unsigned long copy_from_user(void *to, const void __user *from, unsigned long n)
{
	__builtin_memcpy(to, (const void *)from, n);
	return 0;
}

#define get_user(x, ptr) ({ (x) = *(ptr); 0; })
#define put_user(x, ptr) ({ *(ptr) = (x); 0; })
#define access_ok(addr, size) ((void)(addr), (void)(size), 1)

#endif /* _LINUX_UACCESS_H */
