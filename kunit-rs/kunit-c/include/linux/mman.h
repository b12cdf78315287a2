/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the mmap() protections and flags (the uapi values x86 and the generic
 * architectures share), and vm_mmap()/vm_munmap() for anonymous user memory, which the
 * glue maps with a guard page after it; see <linux/uaccess.h> for what is user memory.
 * File mappings are not modelled: vm_mmap() with a file is -EINVAL.
 */
#ifndef _LINUX_MMAN_H
#define _LINUX_MMAN_H

#include <linux/types.h>

#define PROT_NONE 0x0
#define PROT_READ 0x1
#define PROT_WRITE 0x2
#define PROT_EXEC 0x4

#define MAP_SHARED 0x01
#define MAP_PRIVATE 0x02
#define MAP_FIXED 0x10
#define MAP_ANONYMOUS 0x20
#define MAP_POPULATE 0x008000

struct file;

/* The address of the new mapping, or -errno (IS_ERR_VALUE()). */
unsigned long vm_mmap(struct file *file, unsigned long addr, unsigned long len,
		      unsigned long prot, unsigned long flag, unsigned long offset);
int vm_munmap(unsigned long start, size_t len);

#endif /* _LINUX_MMAN_H */
