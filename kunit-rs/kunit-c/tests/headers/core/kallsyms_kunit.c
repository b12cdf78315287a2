// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * <linux/kallsyms.h> and <linux/kprobes.h>: names and addresses of the test binary's own
 * symbols, both ways, and the texts sprint_symbol() and friends print, as kernel/kallsyms.c
 * prints them for built-in code; a kprobe without handlers resolves its symbol as the kernel
 * does, one with a handler is refused.
 */
/* As a kunitconfig's CONFIG_KPROBES=y: the header's probing half. */
#define CONFIG_KPROBES 1

#include <kunit/test.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/sprintf.h>
#include <linux/string.h>
#include <linux/stringify.h>

noinline int kunit_c_kallsyms_global(int x);
noinline int kunit_c_kallsyms_global(int x)
{
	return x * 5 + 2;
}

static noinline int kallsyms_static_target(int x)
{
	return x * 7 + 3;
}

/* A data symbol, named as functions are. */
int kunit_c_kallsyms_object[4] = { 1, 2, 3, 4 };

static void names_to_addresses(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, kallsyms_lookup_name("kunit_c_kallsyms_global"),
			(unsigned long)kunit_c_kallsyms_global);
	/* Static functions are in the symbol table too, as in the kernel's. */
	KUNIT_EXPECT_EQ(test, kallsyms_lookup_name("kallsyms_static_target"),
			(unsigned long)kallsyms_static_target);
	KUNIT_EXPECT_EQ(test, kallsyms_lookup_name("kunit_c_kallsyms_object"),
			(unsigned long)kunit_c_kallsyms_object);
	/* The glue's own functions are found as the kernel's are. */
	KUNIT_EXPECT_EQ(test, kallsyms_lookup_name("kallsyms_lookup_name"),
			(unsigned long)kallsyms_lookup_name);
	/* A name written as the code names it, as longest_symbol_kunit.c looks its own up. */
	KUNIT_EXPECT_EQ(test, kallsyms_lookup_name(__stringify(kunit_c_kallsyms_global)),
			(unsigned long)kunit_c_kallsyms_global);
	KUNIT_EXPECT_EQ(test, kallsyms_lookup_name("kunit_c_no_such_symbol_anywhere"), 0UL);
	KUNIT_EXPECT_EQ(test, kallsyms_lookup_name(""), 0UL);
	KUNIT_EXPECT_EQ(test, kunit_c_kallsyms_global(1) + kallsyms_static_target(1), 17);
}

static void addresses_to_names(struct kunit *test)
{
	unsigned long addr = (unsigned long)kallsyms_static_target;
	unsigned long size = 0, offset = 99;
	char *modname = (char *)"sentinel";
	char name[KSYM_NAME_LEN];

	KUNIT_ASSERT_EQ(test, kallsyms_lookup_size_offset(addr + 3, &size, &offset), 1);
	KUNIT_EXPECT_EQ(test, offset, 3UL);
	KUNIT_EXPECT_GT(test, size, 3UL);
	/* Either pointer may be NULL. */
	KUNIT_EXPECT_EQ(test, kallsyms_lookup_size_offset(addr, NULL, NULL), 1);

	KUNIT_ASSERT_NOT_NULL(test, kallsyms_lookup(addr + 1, &size, &offset, &modname, name));
	KUNIT_EXPECT_STREQ(test, name, "kallsyms_static_target");
	KUNIT_EXPECT_EQ(test, offset, 1UL);
	KUNIT_EXPECT_NULL(test, modname); /* built-in code: no module */

	KUNIT_EXPECT_EQ(test, lookup_symbol_name(addr + 2, name), 0);
	KUNIT_EXPECT_STREQ(test, name, "kallsyms_static_target");

	/* Nothing lives in the first page. */
	KUNIT_EXPECT_EQ(test, kallsyms_lookup_size_offset(0x10, &size, &offset), 0);
	KUNIT_EXPECT_NULL(test, kallsyms_lookup(0x10, &size, &offset, &modname, name));
	KUNIT_EXPECT_STREQ(test, name, "");
	KUNIT_EXPECT_EQ(test, lookup_symbol_name(0x10, name), -ERANGE);
}

static void symbol_texts(struct kunit *test)
{
	unsigned long addr = (unsigned long)kunit_c_kallsyms_global;
	unsigned long size;
	char expected[KSYM_SYMBOL_LEN];
	char buf[KSYM_SYMBOL_LEN];
	int n;

	KUNIT_ASSERT_EQ(test, kallsyms_lookup_size_offset(addr, &size, NULL), 1);

	n = sprint_symbol(buf, addr + 4);
	snprintf(expected, sizeof(expected), "kunit_c_kallsyms_global+0x4/0x%lx", size);
	KUNIT_EXPECT_STREQ(test, buf, expected);
	KUNIT_EXPECT_EQ(test, n, (int)strlen(expected));
	/* The kernel prints an offset of 0 as 0x0 (its %#lx). */
	sprint_symbol_build_id(buf, addr);
	snprintf(expected, sizeof(expected), "kunit_c_kallsyms_global+0x0/0x%lx", size);
	KUNIT_EXPECT_STREQ(test, buf, expected);

	n = sprint_symbol_no_offset(buf, addr + 4);
	KUNIT_EXPECT_STREQ(test, buf, "kunit_c_kallsyms_global");
	KUNIT_EXPECT_EQ(test, n, 23);

	/*
	 * A return address just past the function's last byte is the function's (the call is
	 * the byte before), printed with the offset it has.
	 */
	sprint_backtrace(buf, addr + size);
	snprintf(expected, sizeof(expected), "kunit_c_kallsyms_global+0x%lx/0x%lx", size, size);
	KUNIT_EXPECT_STREQ(test, buf, expected);
	sprint_backtrace_build_id(buf, addr + 1);
	snprintf(expected, sizeof(expected), "kunit_c_kallsyms_global+0x1/0x%lx", size);
	KUNIT_EXPECT_STREQ(test, buf, expected);

	/* No symbol: the address. */
	n = sprint_symbol(buf, 0x10);
	KUNIT_EXPECT_STREQ(test, buf, "0x10");
	KUNIT_EXPECT_EQ(test, n, 4);
	sprint_backtrace(buf, 0x10);
	KUNIT_EXPECT_STREQ(test, buf, "0x10");
}

static int never_called(struct kprobe *p, struct pt_regs *regs)
{
	(void)p;
	(void)regs;
	return 0;
}

static void probes_resolve_symbols(struct kunit *test)
{
	struct kprobe kp = { .symbol_name = "kunit_c_kallsyms_global" };
	struct kprobe at_offset = { .symbol_name = "kunit_c_kallsyms_global", .offset = 2 };
	struct kprobe both = { .symbol_name = "kunit_c_kallsyms_global",
			       .addr = (kprobe_opcode_t *)kunit_c_kallsyms_global };
	struct kprobe neither = { .offset = 0 };
	struct kprobe unknown = { .symbol_name = "kunit_c_no_such_symbol_anywhere" };
	struct kprobe handled = { .symbol_name = "kunit_c_kallsyms_global",
				  .pre_handler = never_called };

	KUNIT_ASSERT_EQ(test, register_kprobe(&kp), 0);
	KUNIT_EXPECT_PTR_EQ(test, (void *)kp.addr, (void *)kunit_c_kallsyms_global);
	unregister_kprobe(&kp);
	KUNIT_ASSERT_EQ(test, register_kprobe(&at_offset), 0);
	KUNIT_EXPECT_PTR_EQ(test, (void *)at_offset.addr, (void *)kunit_c_kallsyms_global + 2);
	unregister_kprobe(&at_offset);

	KUNIT_EXPECT_EQ(test, register_kprobe(&both), -EINVAL);
	KUNIT_EXPECT_EQ(test, register_kprobe(&neither), -EINVAL);
	KUNIT_EXPECT_EQ(test, register_kprobe(&unknown), -ENOENT);
	/* A handler would have to run: no instruction is probed in a test process. */
	KUNIT_EXPECT_EQ(test, register_kprobe(&handled), -EOPNOTSUPP);
	KUNIT_EXPECT_EQ(test, never_called(NULL, NULL), 0);
}

static struct kunit_case kallsyms_cases[] = {
	KUNIT_CASE(names_to_addresses),
	KUNIT_CASE(addresses_to_names),
	KUNIT_CASE(symbol_texts),
	KUNIT_CASE(probes_resolve_symbols),
	{}
};

static struct kunit_suite kallsyms_suite = {
	.name = "kunit_c_kallsyms",
	.test_cases = kallsyms_cases,
};
kunit_test_suite(kallsyms_suite);
