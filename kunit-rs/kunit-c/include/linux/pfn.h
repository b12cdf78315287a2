/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: page frame numbers and physical addresses (a pool page's pfn: <linux/mm.h>). */
#ifndef _LINUX_PFN_H
#define _LINUX_PFN_H

#include <linux/types.h>
#include <asm/page.h>

#define PFN_ALIGN(x) (((unsigned long)(x) + (PAGE_SIZE - 1)) & PAGE_MASK)
#define PFN_UP(x) (((x) + PAGE_SIZE - 1) >> PAGE_SHIFT)
#define PFN_DOWN(x) ((x) >> PAGE_SHIFT)
#define PFN_PHYS(x) ((phys_addr_t)(x) << PAGE_SHIFT)
#define PHYS_PFN(x) ((unsigned long)((x) >> PAGE_SHIFT))

#endif /* _LINUX_PFN_H */
