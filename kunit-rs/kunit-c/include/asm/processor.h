/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: <asm/processor.h> as core headers include it (prefetch.h, mutex.h, seqlock.h,
 * rcupdate.h, ...): for cpu_relax(), the pause in a busy-wait loop, and the cache line
 * (<asm/cache.h>). x86's has far more (struct cpuinfo_x86, thread_struct, TASK_SIZE):
 * the state of a CPU and of a task's registers, which a test process does not model;
 * prefetch() is <linux/prefetch.h>'s generic one (the compiler's builtin).
 */
#ifndef _ASM_X86_PROCESSOR_H
#define _ASM_X86_PROCESSOR_H

#include <linux/processor.h>
#include <asm/cache.h>

#endif /* _ASM_X86_PROCESSOR_H */
