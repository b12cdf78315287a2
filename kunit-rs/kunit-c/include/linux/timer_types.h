/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: struct timer_list, and the record every kunit-c timer carries for the glue's
 * timer bases (timer.c): a timer_list, an hrtimer and a delayed work's timer are queued by
 * their host CLOCK_MONOTONIC deadline on a base whose thread runs the callback, in softirq
 * context (timer_list, soft hrtimers) or hardirq context (hrtimers).
 */
#ifndef _LINUX_TIMER_TYPES_H
#define _LINUX_TIMER_TYPES_H

#include <linux/types.h>

struct kunit;

/* Which base runs a timer's callback, and so its context. */
#define __KUNIT_C_BASE_SOFTIRQ 0u
#define __KUNIT_C_BASE_HARDIRQ 1u

struct __kunit_c_tnode {
	struct __kunit_c_tnode *next, *prev; /* the base's queue, by deadline */
	long long deadline; /* host CLOCK_MONOTONIC, ns */
	/* Runs the callback; nonzero: queue again at *again (an hrtimer's HRTIMER_RESTART). */
	int (*fire)(struct __kunit_c_tnode *node, long long *again);
	struct kunit *test; /* the current test of whoever armed it (its callback's) */
	unsigned int queued; /* on the base's queue */
	unsigned int base; /* __KUNIT_C_BASE_* */
	unsigned int shutdown; /* timer_shutdown*(): arming does nothing */
	unsigned int pad;
};

struct timer_list {
	unsigned long expires;
	void (*function)(struct timer_list *);
	u32 flags;
	struct __kunit_c_tnode __kc;
};

/* The glue's copy of these layouts (timer_layout.h) asserts the same sizes. */
#if __SIZEOF_LONG__ == 8
_Static_assert(sizeof(struct __kunit_c_tnode) == 56, "kunit-c glue's struct kc_tnode");
_Static_assert(sizeof(struct timer_list) == 80, "kunit-c glue's struct kc_timer_list");
#endif

#endif /* _LINUX_TIMER_TYPES_H */
