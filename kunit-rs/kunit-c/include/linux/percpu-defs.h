/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the kernel keeps the per-CPU definition macros (DEFINE_PER_CPU, per_cpu_ptr,
 * this_cpu_*) in this header, under <linux/percpu.h>. kunit-c keeps them in <linux/percpu.h>;
 * this header forwards there, so a kernel tree's own headers that include it get kunit-c's
 * per-CPU model rather than the tree's, which places variables in linker sections.
 */
#ifndef _LINUX_PERCPU_DEFS_H
#define _LINUX_PERCPU_DEFS_H
#include <linux/percpu.h>
#endif
