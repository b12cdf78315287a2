/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the die notifier's events (x86-64's values), for code that names them
 * (kernel/notifier.c's notify_die()). Nothing here oopses or traps into the kernel's
 * die path: a crash in a test is the test process's signal.
 */
#ifndef _ASM_KDEBUG_H
#define _ASM_KDEBUG_H

struct pt_regs;

enum die_val {
	DIE_OOPS = 1,
	DIE_INT3,
	DIE_DEBUG,
	DIE_PANIC,
	DIE_NMI,
	DIE_DIE,
	DIE_KERNELDEBUG,
	DIE_TRAP,
	DIE_GPF,
	DIE_CALL,
	DIE_PAGE_FAULT,
	DIE_NMIUNKNOWN,
};

#endif /* _ASM_KDEBUG_H */
