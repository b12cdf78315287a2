/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: kernel probes, as in a kernel built without CONFIG_KPROBES: no code can be
 * probed in a test process, so registering a probe fails with -EOPNOTSUPP and the
 * markers that keep functions out of probing mark nothing. struct kprobe stays
 * undefined: a probe's own test (lib/test_kprobes.c, not built under UML either) does
 * not compile.
 */
#ifndef _LINUX_KPROBES_H
#define _LINUX_KPROBES_H

#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/types.h>

struct kprobe;
struct kretprobe;
struct pt_regs;

#define NOKPROBE_SYMBOL(fname)
#define __kprobes
#define nokprobe_inline __always_inline

static inline int register_kprobe(struct kprobe *p) { (void)p; return -EOPNOTSUPP; }
static inline void unregister_kprobe(struct kprobe *p) { (void)p; }
static inline int register_kretprobe(struct kretprobe *rp) { (void)rp; return -EOPNOTSUPP; }
static inline void unregister_kretprobe(struct kretprobe *rp) { (void)rp; }
static inline bool kprobe_running(void) { return false; }

#endif /* _LINUX_KPROBES_H */
