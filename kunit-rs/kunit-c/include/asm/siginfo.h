/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: <asm/siginfo.h>, which uapi <linux/signal.h> includes. On x86-64, x86's header
 * changes nothing (its two overrides are for x32) and takes asm-generic's; so does this
 * one, which with a kernel tree is therefore the tree's include/uapi/asm-generic/siginfo.h:
 * siginfo_t, sigval_t, sigevent and the si_code numbers of the tree's own era. Without a
 * tree it gives nothing (kunit-c has no siginfo_t of its own: library code does not use
 * it), and code that names siginfo_t fails to compile at that name.
 */
#ifndef _ASM_SIGINFO_H
#define _ASM_SIGINFO_H

#if __has_include(<asm-generic/siginfo.h>)
#include <asm-generic/siginfo.h>
#endif

#endif /* _ASM_SIGINFO_H */
