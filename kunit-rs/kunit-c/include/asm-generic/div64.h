/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: do_div(n, base): divides the u64 lvalue @n in place, yields the u32 remainder. */
#ifndef _ASM_GENERIC_DIV64_H
#define _ASM_GENERIC_DIV64_H

#define do_div(n, base) ({							\
	unsigned int __kc_base = (base);					\
	unsigned int __kc_rem = (unsigned int)((n) % __kc_base);		\
	(n) = (n) / __kc_base;							\
	__kc_rem; })

#endif /* _ASM_GENERIC_DIV64_H */
