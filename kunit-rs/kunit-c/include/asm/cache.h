/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: <asm/cache.h>, the cache line: 64 bytes (L1_CACHE_SHIFT 6), as x86-64 has it
 * without CONFIG_X86_VSMP, so the line between NUMA nodes is the same one. The values are
 * kunit-c's <linux/cache.h>'s.
 */
#ifndef _ASM_X86_CACHE_H
#define _ASM_X86_CACHE_H

#include <linux/cache.h>

#define INTERNODE_CACHE_SHIFT L1_CACHE_SHIFT
#define INTERNODE_CACHE_BYTES (1 << INTERNODE_CACHE_SHIFT)

#endif /* _ASM_X86_CACHE_H */
