/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: of the kernel's thread_info.h, the copy-size check <linux/uio.h> and the
 * user-copy helpers make: a copy into or out of an object the compiler knows to be smaller
 * is refused; with a constant size it does not compile, with a variable one it warns
 * ("Buffer overflow detected (SIZE < COUNT)!", as the kernel's __copy_overflow()) and
 * returns false; a size past INT_MAX warns once and returns false.
 * CONFIG_HARDENED_USERCOPY's object checks are not made.
 */
#ifndef _LINUX_THREAD_INFO_H
#define _LINUX_THREAD_INFO_H

#include <linux/bug.h>
#include <linux/compiler.h>
#include <linux/limits.h>
#include <linux/types.h>

extern void __compiletime_error("copy source size is too small") __bad_copy_from(void);
extern void __compiletime_error("copy destination size is too small") __bad_copy_to(void);

static inline void check_object_size(const void *ptr, unsigned long n, bool to_user)
{
	(void)ptr, (void)n, (void)to_user;
}

static inline void copy_overflow(int size, unsigned long count)
{
	WARN(1, "Buffer overflow detected (%d < %lu)!\n", size, count);
}

static __always_inline __must_check bool check_copy_size(const void *addr, size_t bytes,
							 bool is_source)
{
	size_t known = __builtin_object_size(addr, 0);

	if (known != (size_t)-1 && known < bytes) {
		if (!__builtin_constant_p(bytes))
			copy_overflow((int)known, bytes);
		else if (is_source)
			__bad_copy_from();
		else
			__bad_copy_to();
		return false;
	}
	if (WARN_ON_ONCE(bytes > INT_MAX))
		return false;
	check_object_size(addr, bytes, is_source);
	return true;
}

#endif /* _LINUX_THREAD_INFO_H */
