/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: <asm/types.h>, the fixed-size integers (__u8 ... __s64, and in the kernel
 * u8 ... s64) that uapi and core headers include it for. x86 takes asm-generic's (64-bit
 * integers are long long: int-ll64), which is what kunit-c's <linux/types.h> defines.
 */
#ifndef _ASM_TYPES_H
#define _ASM_TYPES_H

#include <linux/types.h>

#endif /* _ASM_TYPES_H */
