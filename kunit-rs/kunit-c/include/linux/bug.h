/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: BUG() reports "kernel BUG at <file>:<line>!" and aborts the process, as an oops
 * ends a kernel; WARN() reports "WARNING: at <file>:<line>" (and its message) on stderr
 * and returns the condition. Both are implemented by kunit-c's glue.
 */
#ifndef _LINUX_BUG_H
#define _LINUX_BUG_H

#include <linux/compiler.h>
#include <linux/build_bug.h>
#include <linux/printk.h>

void __kunit_c_bug(const char *file, int line) __noreturn __cold;
void __kunit_c_warn(const char *file, int line, const char *fmt, ...) __printf(3, 4) __cold;
/* kunit-c's own: how many warnings this thread has reported (for tests of a warning). */
unsigned long __kunit_c_warn_count(void);

#define BUG() __kunit_c_bug(__FILE__, __LINE__)
#define BUG_ON(cond) do { if (unlikely(cond)) BUG(); } while (0)

#define __WARN() __kunit_c_warn(__FILE__, __LINE__, NULL)
#define __WARN_printf(taint, fmt, ...) __kunit_c_warn(__FILE__, __LINE__, fmt, ##__VA_ARGS__)

#define WARN(cond, fmt, ...) ({						\
	int __ret_warn = !!(cond);					\
	if (unlikely(__ret_warn))					\
		__kunit_c_warn(__FILE__, __LINE__, fmt, ##__VA_ARGS__);	\
	unlikely(__ret_warn);						\
})
#define WARN_ON(cond) ({						\
	int __ret_warn_on = !!(cond);					\
	if (unlikely(__ret_warn_on))					\
		__WARN();						\
	unlikely(__ret_warn_on);					\
})
#define WARN_TAINT(cond, taint, fmt, ...) WARN(cond, fmt, ##__VA_ARGS__)

/* Reports the first time only (per call site), as the kernel's *_ONCE do. */
#define WARN_ON_ONCE(cond) ({						\
	static bool __warned;						\
	int __ret_warn_once = !!(cond);					\
	if (unlikely(__ret_warn_once && !__warned)) {			\
		__warned = true;					\
		__WARN();						\
	}								\
	unlikely(__ret_warn_once);					\
})
#define WARN_ONCE(cond, fmt, ...) ({					\
	static bool __warned;						\
	int __ret_warn_once = !!(cond);					\
	if (unlikely(__ret_warn_once && !__warned)) {			\
		__warned = true;					\
		__kunit_c_warn(__FILE__, __LINE__, fmt, ##__VA_ARGS__);	\
	}								\
	unlikely(__ret_warn_once);					\
})
#define WARN_TAINT_ONCE(cond, taint, fmt, ...) WARN_ONCE(cond, fmt, ##__VA_ARGS__)

#define BUG_ON_INVALID(e) ((void)(sizeof((__force long)(e))))
#define MAYBE_BUILD_BUG_ON(cond) ((void)sizeof(char[1 - 2 * !!(cond)]))

#endif /* _LINUX_BUG_H */
