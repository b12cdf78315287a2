/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: BUG() aborts the process; WARN_ON() reports and returns the condition. */
#ifndef _LINUX_BUG_H
#define _LINUX_BUG_H

#include <stdlib.h>
#include <linux/compiler.h>
#include <linux/printk.h>

#define BUG() do { fprintf(stderr, "kernel BUG at %s:%d!\n", __FILE__, __LINE__); abort(); } while (0)
#define BUG_ON(cond) do { if (unlikely(cond)) BUG(); } while (0)
#define BUILD_BUG_ON(cond) ((void)sizeof(char[1 - 2 * !!(cond)]))
#define BUILD_BUG_ON_ZERO(e) ((int)(sizeof(struct { int : (-!!(e)); })))
#define BUILD_BUG() do { } while (0)

#define WARN(cond, fmt, ...) ({						\
	int __ret_warn = !!(cond);					\
	if (unlikely(__ret_warn))					\
		fprintf(stderr, "WARNING: at %s:%d\n" fmt, __FILE__, __LINE__, ##__VA_ARGS__); \
	unlikely(__ret_warn);						\
})
#define WARN_ON(cond) WARN(cond, "")
#define WARN_ON_ONCE(cond) WARN_ON(cond)
#define WARN_ONCE(cond, fmt, ...) WARN(cond, fmt, ##__VA_ARGS__)

#endif /* _LINUX_BUG_H */
