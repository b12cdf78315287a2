/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the kernel's timer frequency and the user-visible parameters asm-generic/param.h
 * gives every architecture: HZ is CONFIG_HZ (100 without it, KUnit's UML default), USER_HZ
 * the 100 ticks a second of times() and friends.
 */
#ifndef _ASM_PARAM_H
#define _ASM_PARAM_H

#include <linux/kconfig.h>

#ifdef CONFIG_HZ
#define HZ CONFIG_HZ
#else
#define HZ 100
#endif
#define USER_HZ 100
#define CLOCKS_PER_SEC (USER_HZ)

#define EXEC_PAGESIZE 4096
#define NOGROUP (-1)
#define MAXHOSTNAMELEN 64

#endif /* _ASM_PARAM_H */
