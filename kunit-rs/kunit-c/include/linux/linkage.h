/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: assembler linkage annotations: nothing in userspace C. */
#ifndef _LINUX_LINKAGE_H
#define _LINUX_LINKAGE_H

#include <linux/compiler_types.h>
#include <linux/export.h>

#define __page_aligned_data __attribute__((__aligned__(4096)))
#define __page_aligned_bss __attribute__((__aligned__(4096)))

#endif /* _LINUX_LINKAGE_H */
