/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: lib/glob.c's interface (the kernel's <linux/glob.h>). */
#ifndef _LINUX_GLOB_H
#define _LINUX_GLOB_H

#include <linux/types.h>
#include <linux/compiler.h>

/* Whether @str matches the shell-style pattern @pat (*, ?, [...]). */
bool __pure glob_match(char const *pat, char const *str);

#endif /* _LINUX_GLOB_H */
