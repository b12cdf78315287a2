/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: kernel probes. No instruction can be probed in a test process, so a probe with a
 * handler is never armed: register_kprobe() fails with -EOPNOTSUPP, as in a kernel built
 * without CONFIG_KPROBES. With CONFIG_KPROBES=y, a probe without handlers, which observes
 * nothing, registers: its symbol_name (+ offset) is resolved through kallsyms, as the kernel
 * resolves it, into kp.addr (lib/tests/longest_symbol_kunit.c finds kallsyms_lookup_name()
 * that way). register_kprobes() and struct kretprobe are absent: the probes' own test
 * (lib/test_kprobes.c, excepted by issue 29) does not compile.
 */
#ifndef _LINUX_KPROBES_H
#define _LINUX_KPROBES_H

#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/kallsyms.h>
#include <linux/list.h>
#include <linux/types.h>

struct kprobe;
struct kretprobe;
struct pt_regs;

typedef u8 kprobe_opcode_t;
typedef int (*kprobe_pre_handler_t)(struct kprobe *, struct pt_regs *);
typedef void (*kprobe_post_handler_t)(struct kprobe *, struct pt_regs *, unsigned long flags);

/* The fields a probe's user sets or reads, as the kernel names them. */
struct kprobe {
	struct hlist_node hlist;
	struct list_head list;
	unsigned long nmissed;
	kprobe_opcode_t *addr;
	const char *symbol_name;
	unsigned int offset;
	kprobe_pre_handler_t pre_handler;
	kprobe_post_handler_t post_handler;
	kprobe_opcode_t opcode;
	u32 flags;
};

#define KPROBE_FLAG_GONE 1
#define KPROBE_FLAG_DISABLED 2

#define NOKPROBE_SYMBOL(fname)
#define __kprobes
#define nokprobe_inline __always_inline

#ifdef CONFIG_KPROBES
/*
 * The kernel's checks (an address or a symbol, not both; a symbol kallsyms knows), then:
 * no handler, registered at the resolved address; a handler, -EOPNOTSUPP (never armed).
 */
static inline int register_kprobe(struct kprobe *p)
{
	unsigned long addr;

	if ((p->symbol_name && p->addr) || (!p->symbol_name && !p->addr))
		return -EINVAL;
	if (p->symbol_name) {
		addr = kallsyms_lookup_name(p->symbol_name);
		if (!addr)
			return -ENOENT;
	} else {
		addr = (unsigned long)p->addr;
	}
	p->addr = (kprobe_opcode_t *)(addr + p->offset);
	if (p->pre_handler || p->post_handler)
		return -EOPNOTSUPP;
	return 0;
}
#else
static inline int register_kprobe(struct kprobe *p) { (void)p; return -EOPNOTSUPP; }
#endif
static inline void unregister_kprobe(struct kprobe *p) { (void)p; }
static inline int register_kretprobe(struct kretprobe *rp) { (void)rp; return -EOPNOTSUPP; }
static inline void unregister_kretprobe(struct kretprobe *rp) { (void)rp; }
static inline bool kprobe_running(void) { return false; }

#endif /* _LINUX_KPROBES_H */
