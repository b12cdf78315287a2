/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: vmalloc on the C heap. */
#ifndef _LINUX_VMALLOC_H
#define _LINUX_VMALLOC_H
#include <linux/slab.h>
static inline void *vmalloc(unsigned long size) { return kmalloc(size, GFP_KERNEL); }
static inline void *vzalloc(unsigned long size) { return kzalloc(size, GFP_KERNEL); }
static inline void vfree(const void *p) { free((void *)p); }
#endif
