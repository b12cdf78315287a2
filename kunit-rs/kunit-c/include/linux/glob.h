/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: glob_match(), the shell-style matcher of the kernel's lib/glob.c. */
#ifndef _LINUX_GLOB_H
#define _LINUX_GLOB_H

#include <linux/types.h>
#include <linux/compiler.h>

/* Whether all of @str matches @pat (*, ?, [set], [!set], [a-z]; no escapes). */
bool __pure glob_match(char const *pat, char const *str);

#endif /* _LINUX_GLOB_H */
