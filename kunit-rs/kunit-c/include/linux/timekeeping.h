/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the clock reads (ktime_get_ns(), ktime_get()). The kernel declares them here and
 * <linux/ktime.h> includes this header; kunit-c defines them in <linux/ktime.h>.
 */
#ifndef _LINUX_TIMEKEEPING_H
#define _LINUX_TIMEKEEPING_H

#include <linux/ktime.h>
#include <linux/time64.h>

#endif /* _LINUX_TIMEKEEPING_H */
