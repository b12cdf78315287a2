/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: user memory is ordinary memory in a test process: copy_{from,to}_user() copy and
 * return 0 (bytes not copied), as the kernel's do when every byte is accessible.
 */
#ifndef __LINUX_UACCESS_H__
#define __LINUX_UACCESS_H__

#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/err.h>
#include <linux/minmax.h>

static inline unsigned long __must_check copy_from_user(void *to, const void __user *from,
							unsigned long n)
{
	__builtin_memcpy(to, (const void __force *)from, n);
	return 0;
}

static inline unsigned long __must_check copy_to_user(void __user *to, const void *from,
						      unsigned long n)
{
	__builtin_memcpy((void __force *)to, from, n);
	return 0;
}

#define get_user(x, ptr) ({ (x) = *(ptr); 0; })
#define put_user(x, ptr) ({ *(ptr) = (x); 0; })

#endif /* __LINUX_UACCESS_H__ */
