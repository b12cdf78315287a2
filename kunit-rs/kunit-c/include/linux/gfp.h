/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
#ifndef __LINUX_GFP_H
#define __LINUX_GFP_H

#include <linux/gfp_types.h>
/* As the kernel's (through <linux/mmzone.h>): the CPU and node queries come along. */
#include <linux/topology.h>

/* The flags argument of kmalloc_obj() and friends: GFP_KERNEL unless one is given. */
#define __default_gfp(a, ...) a
#define default_gfp(...) __default_gfp(__VA_ARGS__ __VA_OPT__(,) GFP_KERNEL)

static inline bool gfpflags_allow_blocking(const gfp_t gfp_flags)
{
	return !!(gfp_flags & __GFP_DIRECT_RECLAIM);
}

#endif /* __LINUX_GFP_H */
