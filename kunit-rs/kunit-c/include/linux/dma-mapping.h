/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: DMA addresses. Userspace has no device mapping: a "DMA address" is only a
 * number carried through, and DMA_MAPPING_ERROR marks "not mapped".
 */
#ifndef _LINUX_DMA_MAPPING_H
#define _LINUX_DMA_MAPPING_H

#include <linux/types.h>
/* The kernel's reaches <linux/kernel.h> and <linux/bug.h> through <linux/device.h>. */
#include <linux/bug.h>
#include <linux/kernel.h>

/* As the kernel's <linux/types.h> has it with 64-bit DMA addresses. */
typedef u64 dma_addr_t;

#define DMA_MAPPING_ERROR (~(dma_addr_t)0)

#endif /* _LINUX_DMA_MAPPING_H */
