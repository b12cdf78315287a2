/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: x86-64's saved register frame, struct pt_regs, in the kernel's order, and the
 * accessors generic code and tests use on it. A test process takes no traps, so nothing
 * fills a frame but a test that builds one (a kprobe or unwinder test's handler gets the
 * frame its caller made); current_pt_regs() and task_pt_regs() have no frame to give.
 */
#ifndef _ASM_X86_PTRACE_H
#define _ASM_X86_PTRACE_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/stddef.h>

struct task_struct;

/* The order of the entry code's pushes: the callee-saved registers last pushed first. */
struct pt_regs {
	unsigned long r15;
	unsigned long r14;
	unsigned long r13;
	unsigned long r12;
	unsigned long bp;
	unsigned long bx;
	unsigned long r11;
	unsigned long r10;
	unsigned long r9;
	unsigned long r8;
	unsigned long ax;
	unsigned long cx;
	unsigned long dx;
	unsigned long si;
	unsigned long di;
	/* The system call number on a system call, the error code on an exception, else -1. */
	unsigned long orig_ax;
	/* What the CPU pushes on a trap. */
	unsigned long ip;
	unsigned long cs;
	unsigned long flags;
	unsigned long sp;
	unsigned long ss;
};

/* The largest offset regs_get_register() reads. */
#define MAX_REG_OFFSET (offsetof(struct pt_regs, ss))

/* The privilege level the frame was taken at is the low two bits of its code segment. */
static inline int user_mode(struct pt_regs *regs)
{
	return !!(regs->cs & 3);
}

/* No virtual-8086 mode on x86-64; every user frame is 64-bit here (no compat segments). */
static inline int v8086_mode(struct pt_regs *regs)
{
	(void)regs;
	return 0;
}

static inline bool user_64bit_mode(struct pt_regs *regs)
{
	return user_mode(regs);
}

static inline bool any_64bit_mode(struct pt_regs *regs)
{
	(void)regs;
	return true;
}

static inline unsigned long instruction_pointer(struct pt_regs *regs)
{
	return regs->ip;
}

static inline void instruction_pointer_set(struct pt_regs *regs, unsigned long val)
{
	regs->ip = val;
}

static inline unsigned long kernel_stack_pointer(struct pt_regs *regs)
{
	return regs->sp;
}

static inline unsigned long user_stack_pointer(struct pt_regs *regs)
{
	return regs->sp;
}

static inline void user_stack_pointer_set(struct pt_regs *regs, unsigned long val)
{
	regs->sp = val;
}

static inline unsigned long frame_pointer(struct pt_regs *regs)
{
	return regs->bp;
}

static inline unsigned long regs_return_value(struct pt_regs *regs)
{
	return regs->ax;
}

static inline void regs_set_return_value(struct pt_regs *regs, unsigned long rc)
{
	regs->ax = rc;
}

#define profile_pc(regs) instruction_pointer(regs)

/* The register at byte @offset of the frame; 0 past its last register. */
static inline unsigned long regs_get_register(struct pt_regs *regs, unsigned int offset)
{
	if (offset > MAX_REG_OFFSET)
		return 0;
	return *(unsigned long *)((unsigned long)regs + offset);
}

/*
 * The @n-th argument of a function entered with this frame, by the x86-64 calling
 * convention (di, si, dx, cx, r8, r9), then the caller's stack past the return address.
 */
static inline unsigned long regs_get_kernel_argument(struct pt_regs *regs, unsigned int n)
{
	static const unsigned int argument_offs[] = {
		offsetof(struct pt_regs, di), offsetof(struct pt_regs, si),
		offsetof(struct pt_regs, dx), offsetof(struct pt_regs, cx),
		offsetof(struct pt_regs, r8), offsetof(struct pt_regs, r9),
	};
	const unsigned int nr_reg_args = sizeof(argument_offs) / sizeof(argument_offs[0]);

	if (n >= nr_reg_args) {
		unsigned long *addr = (unsigned long *)regs->sp + 1 + (n - nr_reg_args);

		return *addr;
	}
	return regs_get_register(regs, argument_offs[n]);
}

/* The @n-th word of the kernel stack the frame's sp points at. */
static inline unsigned long regs_get_kernel_stack_nth(struct pt_regs *regs, unsigned int n)
{
	return ((unsigned long *)kernel_stack_pointer(regs))[n];
}

/* x86 can single-step and block-step a traced task. */
#define arch_has_single_step() (1)
#define arch_has_block_step() (1)

#define ARCH_HAS_USER_SINGLE_STEP_REPORT

#endif /* _ASM_X86_PTRACE_H */
