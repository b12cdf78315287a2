/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: page protections as vmap() takes them. There are no page tables here: a
 * mapping is always readable and writable, whatever pgprot_t it is given.
 */
#ifndef _ASM_PGTABLE_H
#define _ASM_PGTABLE_H

typedef struct { unsigned long pgprot; } pgprot_t;

#define pgprot_val(x) ((x).pgprot)
#define __pgprot(x) ((pgprot_t){ (x) })
/* x86_64's _PAGE_PRESENT | _PAGE_RW | _PAGE_ACCESSED | _PAGE_DIRTY | _PAGE_NX (not read). */
#define PAGE_KERNEL __pgprot(0x8000000000000063UL)

#endif /* _ASM_PGTABLE_H */
