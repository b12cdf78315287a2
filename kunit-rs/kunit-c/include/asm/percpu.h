/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the architecture's per-CPU layer is kunit-c's per-CPU model (<linux/percpu.h>):
 * a tree header that includes <asm/percpu.h> for this_cpu_*() or per_cpu_ptr() gets the
 * operations that work on kunit-c's per-CPU copies, not an architecture's segment offsets.
 */
#ifndef _ASM_PERCPU_H
#define _ASM_PERCPU_H

#include <linux/percpu.h>

#endif /* _ASM_PERCPU_H */
