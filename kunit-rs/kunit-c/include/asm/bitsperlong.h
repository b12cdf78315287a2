/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the user ABI's word size (__BITS_PER_LONG), which uapi headers include as
 * <asm/bitsperlong.h>. x86's sets it by __x86_64__ and then takes asm-generic's; kunit-c's
 * asm-generic header takes it from the compiler's data model, the same answer.
 */
#ifndef _ASM_BITSPERLONG_H
#define _ASM_BITSPERLONG_H

#include <asm-generic/bitsperlong.h>

#endif /* _ASM_BITSPERLONG_H */
