/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
#ifndef _LINUX_ARRAY_SIZE_H
#define _LINUX_ARRAY_SIZE_H
/* The number of elements of an array (not a pointer). */
#define ARRAY_SIZE(arr) (sizeof(arr) / sizeof((arr)[0]))
#endif
