/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: a macro argument as a string literal, after its expansion (__stringify), as the
 * kernel's <linux/stringify.h> gives it.
 */
#ifndef __LINUX_STRINGIFY_H
#define __LINUX_STRINGIFY_H

/* Two levels, so the argument's macros are expanded before # quotes it. */
#define __stringify_1(x...) #x
#define __stringify(x...) __stringify_1(x)

/* "file:line" of the place it is written. */
#define FILE_LINE __FILE__ ":" __stringify(__LINE__)

#endif /* __LINUX_STRINGIFY_H */
