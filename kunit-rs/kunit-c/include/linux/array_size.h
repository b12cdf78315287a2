/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
#ifndef _LINUX_ARRAY_SIZE_H
#define _LINUX_ARRAY_SIZE_H

#include <linux/compiler.h>

/* The number of elements of an array; a compile error for a pointer. */
#define ARRAY_SIZE(arr) (sizeof(arr) / sizeof((arr)[0]) + __must_be_array(arr))
#define ARRAY_END(arr) (&(arr)[ARRAY_SIZE(arr)])

#endif
