/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: cache-line sizes; the alignment annotations are <linux/compiler_types.h>'s. */
#ifndef __LINUX_CACHE_H
#define __LINUX_CACHE_H

#include <linux/compiler_types.h>

#define L1_CACHE_SHIFT 6
#define L1_CACHE_BYTES (1 << L1_CACHE_SHIFT)
#define SMP_CACHE_BYTES L1_CACHE_BYTES
#define cache_line_size() L1_CACHE_BYTES

#endif /* __LINUX_CACHE_H */
