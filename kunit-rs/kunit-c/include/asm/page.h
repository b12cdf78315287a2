/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: the page size test code rounds to (4 KiB, as on x86). */
#ifndef _ASM_PAGE_H
#define _ASM_PAGE_H
#define PAGE_SHIFT 12
#define PAGE_SIZE (1UL << PAGE_SHIFT)
#define PAGE_MASK (~(PAGE_SIZE - 1))
#endif
