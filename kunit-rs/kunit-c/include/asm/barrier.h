/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the architecture's memory barriers. x86 defines its fences here and takes the
 * rest from asm-generic/barrier.h; ours are all the compiler's fences, so this is that file.
 */
#ifndef _ASM_BARRIER_H
#define _ASM_BARRIER_H

#include <asm-generic/barrier.h>

#endif /* _ASM_BARRIER_H */
