/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: the everyday kernel helpers test files expect from <linux/kernel.h>. */
#ifndef _LINUX_KERNEL_H
#define _LINUX_KERNEL_H

#include <linux/stdarg.h>
#include <linux/args.h>
#include <linux/array_size.h>
#include <linux/types.h>
#include <linux/stddef.h>
#include <linux/limits.h>
#include <linux/compiler.h>
#include <linux/linkage.h> /* and through it export.h, as in the kernel */
#include <linux/err.h>
#include <linux/bug.h>
#include <linux/build_bug.h>
#include <linux/printk.h>
#include <linux/sprintf.h>
#include <linux/string.h>
#include <linux/kstrtox.h>
#include <linux/minmax.h>
#include <linux/log2.h>
#include <linux/math.h>
#include <linux/byteorder.h>
#include <linux/kconfig.h>
#include <linux/atomic.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/preempt.h>
#include <linux/hex.h>
#include <linux/bitops.h>
#include <linux/container_of.h>
#include <linux/instruction_pointer.h>
#include <linux/processor.h>
#include <asm/page.h>

#include <linux/align.h>

#ifndef container_of
#define container_of(ptr, type, member)					\
	((type *)((char *)(ptr) - offsetof(type, member)))
#endif

#include <linux/wordpart.h>


/*
 * might_sleep(): in atomic task context (a spinlock held, preemption or irqs disabled) the
 * running test fails with the kernel's "BUG: sleeping function called from invalid
 * context at <file>:<line>" for this line (see the glue's lockdep.c).
 */
void __kunit_c_might_sleep(const char *file, int line);
#define might_sleep() __kunit_c_might_sleep(__FILE__, __LINE__)
/*
 * kunit-c's headers define sleeping helpers (msleep(), down(), wait_for_completion(), ...)
 * as inline functions: each is wrapped in __kunit_c_sleeper() so that the line reported is
 * its caller's, and checks with __kunit_c_might_sleep_site() instead of might_sleep().
 */
void __kunit_c_sleep_site(const char *file, int line);
void __kunit_c_might_sleep_site(const char *file, int line);
#define __kunit_c_sleeper(call) (__kunit_c_sleep_site(__FILE__, __LINE__), call)
/* The direction of an I/O (an iov_iter's data_source): READ into memory, WRITE from it. */
#define READ 0
#define WRITE 1

#define might_sleep_if(cond) do { if (cond) might_sleep(); } while (0)
#define might_fault() do { } while (0)
#define cond_resched() ({ 0; })
#define sched_annotate_sleep() do { } while (0)

/* The kernel is never tainted here; the system state is always "running". */
#define TAINT_WARN 9
#define LOCKDEP_STILL_OK 0
static inline void add_taint(unsigned int flag, int lockdep_ok) { (void)flag; (void)lockdep_ok; }

enum system_states {
	SYSTEM_BOOTING,
	SYSTEM_SCHEDULING,
	SYSTEM_FREEING_INITMEM,
	SYSTEM_RUNNING,
	SYSTEM_HALT,
	SYSTEM_POWER_OFF,
	SYSTEM_RESTART,
	SYSTEM_SUSPEND,
};
#define system_state SYSTEM_RUNNING

/* lib/cmdline.c */
int get_option(char **str, int *pint);
char *get_options(const char *str, int nints, int *ints);
unsigned long long memparse(const char *ptr, char **retptr);
bool parse_option_str(const char *str, const char *option);
char *next_arg(char *args, char **param, char **val);

/* Stops the process with the message, as a kernel panic stops the machine. */
void panic(const char *fmt, ...) __printf(1, 2) __noreturn __cold;

#endif /* _LINUX_KERNEL_H */
