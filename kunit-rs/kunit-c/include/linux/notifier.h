/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: notifier blocks (the kernel's <linux/notifier.h>), for a tree that has none of
 * its own (a tree with include/linux/notifier.h gets the kernel's, below): the callback
 * block and the NOTIFY_* answers, with the kernel's values. No notifier chains.
 */
#if __has_include_next(<linux/notifier.h>)
#include_next <linux/notifier.h>
#elif !defined(_LINUX_NOTIFIER_H)
#define _LINUX_NOTIFIER_H

#include <linux/errno.h>
#include <linux/types.h>

struct notifier_block;
typedef int (*notifier_fn_t)(struct notifier_block *nb, unsigned long action, void *data);

struct notifier_block {
	notifier_fn_t notifier_call;
	struct notifier_block *next;
	int priority;
};

#define NOTIFY_DONE		0x0000		/* don't care */
#define NOTIFY_OK		0x0001		/* suits me */
#define NOTIFY_STOP_MASK	0x8000		/* don't call further */
#define NOTIFY_BAD		(NOTIFY_STOP_MASK | 0x0002)	/* bad or veto */
#define NOTIFY_STOP		(NOTIFY_OK | NOTIFY_STOP_MASK)

/* An -errno as a notifier's answer (0: NOTIFY_OK), and back. */
static inline int notifier_from_errno(int err)
{
	return err ? NOTIFY_STOP_MASK | (NOTIFY_OK - err) : NOTIFY_OK;
}

static inline int notifier_to_errno(int ret)
{
	ret &= ~NOTIFY_STOP_MASK;
	return ret > NOTIFY_OK ? NOTIFY_OK - ret : 0;
}

#endif /* _LINUX_NOTIFIER_H */
