/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: sort() and sort_r(), the heapsort of the kernel's lib/sort.c. */
#ifndef _LINUX_SORT_H
#define _LINUX_SORT_H

#include <stddef.h>
#include <linux/types.h>

/* As the kernel's <linux/types.h> declares them (a repeated identical typedef is valid C11). */
typedef void (*swap_r_func_t)(void *a, void *b, int size, const void *priv);
typedef void (*swap_func_t)(void *a, void *b, int size);
typedef int (*cmp_r_func_t)(const void *a, const void *b, const void *priv);
typedef int (*cmp_func_t)(const void *a, const void *b);

/* -1, 0 or 1 as @l is below, equal to or above @r. */
#define cmp_int(l, r) (((l) > (r)) - ((l) < (r)))

void sort_r(void *base, size_t num, size_t size, cmp_r_func_t cmp_func,
	    swap_r_func_t swap_func, const void *priv);
void sort(void *base, size_t num, size_t size, cmp_func_t cmp_func, swap_func_t swap_func);

/* The same, calling cond_resched() as they go. */
void sort_r_nonatomic(void *base, size_t num, size_t size, cmp_r_func_t cmp_func,
		      swap_r_func_t swap_func, const void *priv);
void sort_nonatomic(void *base, size_t num, size_t size, cmp_func_t cmp_func,
		    swap_func_t swap_func);

#endif /* _LINUX_SORT_H */
