/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the kernel's user and group ids, wrapped in structs so that they do not mix
 * with plain integers (there are no user namespaces here: the value is the id).
 */
#ifndef _LINUX_UIDGID_TYPES_H
#define _LINUX_UIDGID_TYPES_H

#include <linux/types.h>

typedef struct {
	uid_t val;
} kuid_t;

typedef struct {
	gid_t val;
} kgid_t;

#endif /* _LINUX_UIDGID_TYPES_H */
