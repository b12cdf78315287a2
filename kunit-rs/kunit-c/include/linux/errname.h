/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: an error number's symbolic name (the kernel's <linux/errname.h>, lib/errname.c):
 * errname(-EIO) is "-EIO", errname(EIO) "EIO", an unknown number NULL. kunit-c's glue
 * defines it (weak: a linked lib/errname.c replaces it).
 */
#if __has_include_next(<linux/errname.h>)
/* The tree's own header, when the tree has one. */
#include_next <linux/errname.h>
#elif !defined(_LINUX_ERRNAME_H)
#define _LINUX_ERRNAME_H

const char *errname(int err);

#endif /* _LINUX_ERRNAME_H */
