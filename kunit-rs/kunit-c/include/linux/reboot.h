/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the kernel's reboot interface, declarations only. A kunit process has no machine
 * to halt, restart or power off: nothing defines these, so a test that calls one is reported
 * as needing a symbol that no object defines rather than ending the run. Code that only
 * refers to them in functions no test reaches (lib/kunit/executor.c's kunit.shutdown
 * handling) compiles and links.
 */
#ifndef _KUNIT_C_LINUX_REBOOT_H
#define _KUNIT_C_LINUX_REBOOT_H

#include <linux/types.h>

/* The reboot notifiers' events. */
#define SYS_DOWN	0x0001
#define SYS_RESTART	SYS_DOWN
#define SYS_HALT	0x0002
#define SYS_POWER_OFF	0x0003

enum reboot_mode {
	REBOOT_UNDEFINED = -1,
	REBOOT_COLD = 0,
	REBOOT_WARM,
	REBOOT_HARD,
	REBOOT_SOFT,
	REBOOT_GPIO,
};

void kernel_restart(char *cmd);
void kernel_halt(void);
void kernel_power_off(void);
void emergency_restart(void);
void orderly_poweroff(bool force);
void orderly_reboot(void);

#endif /* _KUNIT_C_LINUX_REBOOT_H */
