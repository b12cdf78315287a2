/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
#ifndef _LINUX_MATH_H
#define _LINUX_MATH_H
#include <linux/kernel.h>
#include <linux/math64.h>
#endif
