/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: page protections as vmap() takes them. There are no page tables here: a
 * mapping is always readable and writable, whatever pgprot_t it is given.
 */
#ifndef _ASM_PGTABLE_H
#define _ASM_PGTABLE_H

/* pgprot_t itself is <asm/page.h>'s, where tree headers such as <linux/io.h> find it. */
#include <asm/page.h>

/* x86_64's _PAGE_PRESENT | _PAGE_RW | _PAGE_ACCESSED | _PAGE_DIRTY | _PAGE_NX (not read). */
#define PAGE_KERNEL __pgprot(0x8000000000000063UL)

#endif /* _ASM_PGTABLE_H */
