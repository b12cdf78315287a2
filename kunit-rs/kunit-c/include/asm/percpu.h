/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: <asm/percpu.h>, which core headers (alloc_tag.h, ...) include for the per-CPU
 * operations. An architecture's header supplies the accessors <linux/percpu.h> builds on;
 * here <linux/percpu.h> is kunit-c's own, with every operation, so this header is it.
 */
#ifndef _ASM_X86_PERCPU_H
#define _ASM_X86_PERCPU_H

#include <linux/percpu.h>

#endif /* _ASM_X86_PERCPU_H */
