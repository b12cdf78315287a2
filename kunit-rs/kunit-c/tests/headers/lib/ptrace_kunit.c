// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of <asm/ptrace.h>: x86-64's struct pt_regs (the entry code's order, checked by
 * offsets, since regs_get_register() and its users name registers by offset) and the
 * accessors on a frame a test builds, as a kprobe handler or an unwinder test gets one;
 * with the other arch headers <linux/interrupt.h> includes: <asm/irq.h>'s numbering and
 * <asm/sections.h>'s range tests.
 */
#include <kunit/test.h>
#include <asm/irq.h>
#include <asm/ptrace.h>
#include <asm/sections.h>
#include <linux/stddef.h>

static void ptrace_frame_layout(struct kunit *test)
{
	/* 21 words: 15 general registers, orig_ax, then the CPU's ip, cs, flags, sp, ss. */
	KUNIT_EXPECT_EQ(test, sizeof(struct pt_regs), 21 * sizeof(unsigned long));
	KUNIT_EXPECT_EQ(test, offsetof(struct pt_regs, r15), 0UL);
	KUNIT_EXPECT_EQ(test, offsetof(struct pt_regs, bp), 4 * 8UL);
	KUNIT_EXPECT_EQ(test, offsetof(struct pt_regs, ax), 10 * 8UL);
	KUNIT_EXPECT_EQ(test, offsetof(struct pt_regs, di), 14 * 8UL);
	KUNIT_EXPECT_EQ(test, offsetof(struct pt_regs, orig_ax), 15 * 8UL);
	KUNIT_EXPECT_EQ(test, offsetof(struct pt_regs, ip), 16 * 8UL);
	KUNIT_EXPECT_EQ(test, offsetof(struct pt_regs, sp), 19 * 8UL);
	KUNIT_EXPECT_EQ(test, (unsigned long)MAX_REG_OFFSET, 20 * 8UL);
}

static void ptrace_accessors_read_and_set_the_frame(struct kunit *test)
{
	struct pt_regs regs = { .ip = 0x1234, .sp = 0x8000, .bp = 0x9000, .ax = 7, .cs = 0x10 };

	KUNIT_EXPECT_EQ(test, instruction_pointer(&regs), 0x1234UL);
	KUNIT_EXPECT_EQ(test, profile_pc(&regs), 0x1234UL);
	instruction_pointer_set(&regs, 0x5678);
	KUNIT_EXPECT_EQ(test, regs.ip, 0x5678UL);
	KUNIT_EXPECT_EQ(test, kernel_stack_pointer(&regs), 0x8000UL);
	user_stack_pointer_set(&regs, 0x7000);
	KUNIT_EXPECT_EQ(test, user_stack_pointer(&regs), 0x7000UL);
	KUNIT_EXPECT_EQ(test, frame_pointer(&regs), 0x9000UL);
	KUNIT_EXPECT_EQ(test, regs_return_value(&regs), 7UL);
	regs_set_return_value(&regs, (unsigned long)-22);
	KUNIT_EXPECT_EQ(test, (long)regs.ax, -22L);
	KUNIT_EXPECT_EQ(test, v8086_mode(&regs), 0);
}

static void ptrace_user_mode_is_the_code_segments_privilege_level(struct kunit *test)
{
	struct pt_regs kernel = { .cs = 0x10 };	/* ring 0 */
	struct pt_regs user = { .cs = 0x33 };	/* ring 3 */

	KUNIT_EXPECT_EQ(test, user_mode(&kernel), 0);
	KUNIT_EXPECT_EQ(test, user_mode(&user), 1);
	KUNIT_EXPECT_TRUE(test, user_64bit_mode(&user));
	KUNIT_EXPECT_FALSE(test, user_64bit_mode(&kernel));
}

static void ptrace_registers_by_offset_and_arguments(struct kunit *test)
{
	/* The caller's stack: the return address, then the 7th and 8th arguments. */
	unsigned long stack[3] = { 0xdead, 70, 80 };
	struct pt_regs regs = {
		.di = 10, .si = 20, .dx = 30, .cx = 40, .r8 = 50, .r9 = 60,
		.sp = (unsigned long)stack,
	};

	KUNIT_EXPECT_EQ(test, regs_get_register(&regs, offsetof(struct pt_regs, dx)), 30UL);
	/* Past the last register: 0, not a read beyond the frame. */
	KUNIT_EXPECT_EQ(test, regs_get_register(&regs, MAX_REG_OFFSET + 8), 0UL);
	for (unsigned int n = 0; n < 8; n++)
		KUNIT_EXPECT_EQ(test, regs_get_kernel_argument(&regs, n), 10UL * (n + 1));
	KUNIT_EXPECT_EQ(test, regs_get_kernel_stack_nth(&regs, 0), 0xdeadUL);
	KUNIT_EXPECT_EQ(test, regs_get_kernel_stack_nth(&regs, 2), 80UL);
}

static void irq_numbering_without_an_io_apic(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, NR_IRQS, 16);
	KUNIT_EXPECT_EQ(test, FIRST_EXTERNAL_VECTOR, 32);
	/* The cascade line 2 is line 9; the others are themselves. */
	KUNIT_EXPECT_EQ(test, irq_canonicalize(2), 9);
	KUNIT_EXPECT_EQ(test, irq_canonicalize(1), 1);
	KUNIT_EXPECT_EQ(test, irq_canonicalize(9), 9);
}

static void sections_range_tests(struct kunit *test)
{
	char region[16];

	KUNIT_EXPECT_TRUE(test, memory_contains(region, region + 16, region + 4, 12));
	KUNIT_EXPECT_FALSE(test, memory_contains(region, region + 16, region + 4, 13));
	KUNIT_EXPECT_TRUE(test, memory_intersects(region, region + 16, region + 15, 4));
	KUNIT_EXPECT_FALSE(test, memory_intersects(region, region + 8, region + 8, 4));
	/* An empty range intersects nothing. */
	KUNIT_EXPECT_FALSE(test, memory_intersects(region, region + 16, region + 4, 0));
}

static struct kunit_case ptrace_test_cases[] = {
	KUNIT_CASE(irq_numbering_without_an_io_apic),
	KUNIT_CASE(sections_range_tests),
	KUNIT_CASE(ptrace_frame_layout),
	KUNIT_CASE(ptrace_accessors_read_and_set_the_frame),
	KUNIT_CASE(ptrace_user_mode_is_the_code_segments_privilege_level),
	KUNIT_CASE(ptrace_registers_by_offset_and_arguments),
	{}
};

static struct kunit_suite ptrace_test_suite = {
	.name = "kunit_c_ptrace",
	.test_cases = ptrace_test_cases,
};
kunit_test_suite(ptrace_test_suite);
