/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: the page size test code rounds to (4 KiB, as on x86), and pgprot_t. */
#ifndef _ASM_PAGE_H
#define _ASM_PAGE_H
#define PAGE_SHIFT 12
#define PAGE_SIZE (1UL << PAGE_SHIFT)
#define PAGE_MASK (~(PAGE_SIZE - 1))

/*
 * A page's protection bits, as page-table code passes them; a test process builds no page
 * tables, so the value is only carried (a struct, as in the kernel, so it is not mixed up
 * with a plain integer).
 */
typedef struct {
	unsigned long pgprot;
} pgprot_t;
#define pgprot_val(x) ((x).pgprot)
#define __pgprot(x) ((pgprot_t){ (x) })
#endif
