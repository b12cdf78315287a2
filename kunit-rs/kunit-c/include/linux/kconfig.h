/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the configuration this userspace build provides, and IS_ENABLED().
 * An option counts as enabled when it is defined to 1 (as Kconfig writes "y").
 */
#ifndef _LINUX_KCONFIG_H
#define _LINUX_KCONFIG_H

/* Networking checksums are provided (net/checksum.h, net/ip6_checksum.h). */
#define CONFIG_NET 1

/*
 * Pasting the option's value onto a prefix yields "junk," for 1 and a plain token
 * otherwise; picking the second item of "<that> 1, 0" then gives 1 or 0.
 */
#define __KUNIT_C_OPTION_IS_1 __kunit_c_junk,
#define __kunit_c_second(a, b, ...) b
#define __kunit_c_pick(x) __kunit_c_second(x 1, 0, 0)
#define __kunit_c_paste(value) __kunit_c_pick(__KUNIT_C_OPTION_IS_##value)
#define __kunit_c_enabled(value) __kunit_c_paste(value)
#define IS_ENABLED(option) __kunit_c_enabled(option)
#define IS_BUILTIN(option) IS_ENABLED(option)
#define IS_REACHABLE(option) IS_ENABLED(option)
#define IS_MODULE(option) 0

#endif /* _LINUX_KCONFIG_H */
