/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the memory-management calls library code makes. There are no struct pages or
 * address spaces in a test process: allocation is slab.h's and vmalloc.h's, and a task
 * has no user memory map, so get_cmdline() finds no command line (0 bytes), as the
 * kernel's does for a task without an mm.
 */
#ifndef _LINUX_MM_H
#define _LINUX_MM_H

#include <linux/types.h>
#include <linux/numa.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <linux/fs.h>
#include <asm/page.h>

struct task_struct;

#ifndef kvmalloc_node
#define kvmalloc_node(size, flags, node) ((void)(node), kvmalloc(size, flags))
#endif
#ifndef kvzalloc_node
#define kvzalloc_node(size, flags, node) ((void)(node), kvzalloc(size, flags))
#endif

#define offset_in_page(p) ((unsigned long)(p) & ~PAGE_MASK)
#define PAGE_ALIGN(addr) (((addr) + PAGE_SIZE - 1) & PAGE_MASK)
#define PAGE_ALIGNED(addr) (((unsigned long)(addr) & ~PAGE_MASK) == 0)

static inline int get_cmdline(struct task_struct *task, char *buffer, int buflen)
{
	(void)task;
	(void)buffer;
	(void)buflen;
	return 0;
}

#endif /* _LINUX_MM_H */
