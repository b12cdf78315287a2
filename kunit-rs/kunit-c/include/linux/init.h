/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: boot-time sections (plain code in userspace, see <linux/compiler_types.h>) and
 * initcalls: each *_initcall(fn) runs fn from a constructor before main(), as the kernel
 * runs it during boot; its return value is ignored, as the kernel ignores it.
 */
#ifndef _LINUX_INIT_H
#define _LINUX_INIT_H

#include <linux/compiler.h>
#include <linux/types.h>

typedef int (*initcall_t)(void);
typedef void (*exitcall_t)(void);

#define __kunit_c_initcall(fn, prio)					\
	__attribute__((constructor(prio))) static void			\
	__PASTE(__kunit_c_initcall_, fn)(void)				\
	{								\
		(void)(fn)();						\
	}

#define early_initcall(fn) __kunit_c_initcall(fn, 101)
#define pure_initcall(fn) __kunit_c_initcall(fn, 102)
#define core_initcall(fn) __kunit_c_initcall(fn, 103)
#define postcore_initcall(fn) __kunit_c_initcall(fn, 104)
#define arch_initcall(fn) __kunit_c_initcall(fn, 105)
#define subsys_initcall(fn) __kunit_c_initcall(fn, 106)
#define fs_initcall(fn) __kunit_c_initcall(fn, 107)
#define rootfs_initcall(fn) __kunit_c_initcall(fn, 108)
#define device_initcall(fn) __kunit_c_initcall(fn, 109)
#define late_initcall(fn) __kunit_c_initcall(fn, 110)
#define late_initcall_sync(fn) __kunit_c_initcall(fn, 110)
#define __initcall(fn) device_initcall(fn)
/* Code that runs only at shutdown in the kernel: never here (a test binary just exits). */
#define __exitcall(fn) static exitcall_t __PASTE(__kunit_c_exitcall_, fn) __maybe_unused = fn

#define __setup(str, fn)
#define early_param(str, fn)

#endif /* _LINUX_INIT_H */
