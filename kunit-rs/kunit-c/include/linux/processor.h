/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: cpu_relax(), the pause in a busy-wait loop. */
#ifndef _LINUX_PROCESSOR_H
#define _LINUX_PROCESSOR_H

#if defined(__x86_64__) || defined(__i386__)
#define cpu_relax() __builtin_ia32_pause()
#elif defined(__aarch64__)
#define cpu_relax() __asm__ __volatile__("yield" ::: "memory")
#else
#define cpu_relax() __asm__ __volatile__("" ::: "memory")
#endif

#endif /* _LINUX_PROCESSOR_H */
