/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: list_sort(), the stable merge sort of the kernel's lib/list_sort.c. */
#ifndef _LINUX_LIST_SORT_H
#define _LINUX_LIST_SORT_H

#include <linux/types.h>

struct list_head;

/* > 0 when @a sorts after @b; list_sort() keeps equal elements in order. */
typedef int __attribute__((nonnull(2, 3))) (*list_cmp_func_t)(void *,
		const struct list_head *, const struct list_head *);

__attribute__((nonnull(2, 3)))
void list_sort(void *priv, struct list_head *head, list_cmp_func_t cmp);

#endif /* _LINUX_LIST_SORT_H */
