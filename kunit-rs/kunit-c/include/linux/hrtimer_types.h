/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: struct hrtimer (see <linux/hrtimer.h>). */
#ifndef _LINUX_HRTIMER_TYPES_H
#define _LINUX_HRTIMER_TYPES_H

#include <linux/timer_types.h>
#include <linux/types.h>

typedef s64 __kunit_c_ktime_t;

enum hrtimer_restart {
	HRTIMER_NORESTART,
	HRTIMER_RESTART,
};

/* The expiry, where the kernel keeps it (timer->node.expires). */
struct __kunit_c_hrtimer_node {
	__kunit_c_ktime_t expires;
};

struct hrtimer {
	struct __kunit_c_hrtimer_node node;
	__kunit_c_ktime_t _softexpires;
	enum hrtimer_restart (*function)(struct hrtimer *);
	clockid_t __kc_clock;
	u8 state;
	u8 is_rel;
	u8 is_soft;
	u8 is_hard;
	struct __kunit_c_tnode __kc;
};

#endif /* _LINUX_HRTIMER_TYPES_H */
