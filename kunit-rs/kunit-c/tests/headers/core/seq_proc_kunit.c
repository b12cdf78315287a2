// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of seq_printf() (<linux/seq_file.h>) and of the /proc entries kernel code
 * registers: text is appended with the kernel's formats, an overflow sets count to size,
 * and a second entry of one name under one parent is refused until the first is removed.
 */
#include <kunit/test.h>
#include <linux/seq_file.h>
#include <linux/string.h>

/* <linux/proc_fs.h> is the tree's: its declarations, as the kernel has them. */
struct proc_dir_entry;
struct proc_dir_entry *proc_create_seq_private(const char *name, umode_t mode,
					       struct proc_dir_entry *parent,
					       const struct seq_operations *ops,
					       unsigned int state_size, void *data);
void remove_proc_entry(const char *name, struct proc_dir_entry *parent);
void proc_remove(struct proc_dir_entry *de);

static void seq_printf_appends_and_overflows(struct kunit *test)
{
	char buf[16];
	struct seq_file m = { .buf = buf, .size = sizeof(buf) };

	seq_printf(&m, "%0*llx-", 4, 0x1fULL);
	seq_printf(&m, "%s", "ab");
	KUNIT_EXPECT_EQ(test, m.count, 7);
	KUNIT_EXPECT_EQ(test, memcmp(buf, "001f-ab", 7), 0);
	KUNIT_EXPECT_FALSE(test, seq_has_overflowed(&m));
	seq_printf(&m, "%s", "0123456789");
	KUNIT_EXPECT_TRUE(test, seq_has_overflowed(&m));
	KUNIT_EXPECT_EQ(test, m.count, m.size);
}

static void *kc_start(struct seq_file *m, loff_t *pos) { (void)m; return *pos ? NULL : pos; }
static void *kc_next(struct seq_file *m, void *v, loff_t *pos) { (void)m; (void)v; ++*pos; return NULL; }
static void kc_stop(struct seq_file *m, void *v) { (void)m; (void)v; }
static int kc_show(struct seq_file *m, void *v) { (void)v; seq_puts(m, "x"); return 0; }

static const struct seq_operations kc_ops = {
	.start = kc_start,
	.next = kc_next,
	.stop = kc_stop,
	.show = kc_show,
};

static void proc_entries_are_unique_per_parent(struct kunit *test)
{
	struct proc_dir_entry *a, *b;

	a = proc_create_seq_private("kc-entry", 0444, NULL, &kc_ops, 0, NULL);
	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_EXPECT_NULL(test, proc_create_seq_private("kc-entry", 0444, NULL, &kc_ops, 0, NULL));
	/* Another parent is another directory. */
	b = proc_create_seq_private("kc-entry", 0444, a, &kc_ops, 0, NULL);
	KUNIT_EXPECT_NOT_NULL(test, b);
	proc_remove(b);
	remove_proc_entry("kc-entry", NULL);
	a = proc_create_seq_private("kc-entry", 0444, NULL, &kc_ops, 0, NULL);
	KUNIT_EXPECT_NOT_NULL(test, a);
	proc_remove(a);
}

static struct kunit_case seq_proc_cases[] = {
	KUNIT_CASE(seq_printf_appends_and_overflows),
	KUNIT_CASE(proc_entries_are_unique_per_parent),
	{}
};

static struct kunit_suite seq_proc_suite = {
	.name = "kunit_c_seq_proc",
	.test_cases = seq_proc_cases,
};
kunit_test_suite(seq_proc_suite);
