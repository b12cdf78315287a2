/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the signal state of a task (the kernel's <linux/sched/signal.h>), as far as the
 * code that waits asks for it. A test thread is sent no signals, so none is ever pending:
 * an interruptible or killable wait runs until its condition holds. The signal delivery
 * machinery (signal_struct, sighand, sending, job control) is absent.
 */
#ifndef _LINUX_SCHED_SIGNAL_H
#define _LINUX_SCHED_SIGNAL_H

#include <linux/sched.h>

static inline int signal_pending(struct task_struct *p)
{
	(void)p;
	return 0;
}

static inline int __fatal_signal_pending(struct task_struct *p)
{
	(void)p;
	return 0;
}

static inline int fatal_signal_pending(struct task_struct *p)
{
	return signal_pending(p) && __fatal_signal_pending(p);
}

/* Would a sleep in @state end for a pending signal? Never: none is pending. */
static inline int signal_pending_state(unsigned int state, struct task_struct *p)
{
	(void)state;
	return signal_pending(p);
}

#endif /* _LINUX_SCHED_SIGNAL_H */
