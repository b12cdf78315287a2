/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: IS_ENABLED() and friends over the build's configuration. kunit_c::Build
 * force-includes its generated/autoconf.h (CONFIG_X=y defines CONFIG_X to 1, =m defines
 * CONFIG_X_MODULE to 1, =n defines neither) and then this header, as kbuild does.
 */
#ifndef _LINUX_KCONFIG_H
#define _LINUX_KCONFIG_H

#if __has_include(<generated/autoconf.h>)
#include <generated/autoconf.h>
#endif

/*
 * __kunit_c_is_1(x) is 1 when x expands to 1 and 0 otherwise (undefined, or any other
 * value): pasting the value onto a prefix gives a macro holding a comma only for 1, which
 * shifts a 1 into the second slot of the argument list.
 */
#define __KUNIT_C_ARG_PLACEHOLDER_1 0,
#define __kunit_c_take_second(ignored, val, ...) val
#define __kunit_c_is_1___(arg1_or_junk) __kunit_c_take_second(arg1_or_junk 1, 0, 0)
#define __kunit_c_is_1__(val) __kunit_c_is_1___(__KUNIT_C_ARG_PLACEHOLDER_##val)
#define __kunit_c_is_1(x) __kunit_c_is_1__(x)

/* Built in: CONFIG_X is 1. A module: CONFIG_X_MODULE is 1. */
#define IS_BUILTIN(option) __kunit_c_is_1(option)
#define IS_MODULE(option) __kunit_c_is_1(option##_MODULE)
#define IS_ENABLED(option) (IS_BUILTIN(option) || IS_MODULE(option))
/* Code built in reaches built-in code only; a module (MODULE defined) also reaches modules. */
#define IS_REACHABLE(option) \
	(IS_BUILTIN(option) || (IS_MODULE(option) && __kunit_c_is_1(MODULE)))

#endif /* _LINUX_KCONFIG_H */
