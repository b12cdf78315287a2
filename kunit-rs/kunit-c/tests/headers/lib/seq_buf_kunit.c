// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of the inline parts of <linux/seq_buf.h> and <linux/seq_file.h>, and of
 * <linux/string_choices.h>, <linux/dcache.h>, <linux/scatterlist.h> and <linux/uaccess.h>.
 * seq_buf_printf() and friends are the kernel's lib/seq_buf.c (its seq_buf_kunit.c).
 */
#include <kunit/test.h>
#include <linux/mman.h>
#include <linux/dcache.h>
#include <linux/scatterlist.h>
#include <linux/seq_buf.h>
#include <linux/seq_file.h>
#include <linux/string_choices.h>
#include <linux/uaccess.h>

static void seq_buf_direct_writes(struct kunit *test)
{
	DECLARE_SEQ_BUF(s, 8);
	char *p;
	size_t room;

	KUNIT_EXPECT_EQ(test, s.size, 8);
	KUNIT_EXPECT_EQ(test, seq_buf_buffer_left(&s), 8);
	room = seq_buf_get_buf(&s, &p);
	KUNIT_EXPECT_EQ(test, room, 8);
	p[0] = 'h';
	p[1] = 'i';
	seq_buf_commit(&s, 2);
	KUNIT_EXPECT_EQ(test, seq_buf_used(&s), 2);
	KUNIT_EXPECT_STREQ(test, seq_buf_str(&s), "hi");
	KUNIT_EXPECT_EQ(test, seq_buf_pop(&s), 'i');
	KUNIT_EXPECT_STREQ(test, seq_buf_str(&s), "h");
	seq_buf_commit(&s, -1); /* a failed write marks overflow */
	KUNIT_EXPECT_TRUE(test, seq_buf_has_overflowed(&s));
	KUNIT_EXPECT_EQ(test, seq_buf_buffer_left(&s), 0);
	KUNIT_EXPECT_EQ(test, seq_buf_used(&s), 8);
	KUNIT_EXPECT_EQ(test, seq_buf_get_buf(&s, &p), 0);
	KUNIT_EXPECT_NULL(test, p);
	seq_buf_clear(&s);
	KUNIT_EXPECT_FALSE(test, seq_buf_has_overflowed(&s));
	KUNIT_EXPECT_EQ(test, seq_buf_pop(&s), -1);
}

static void seq_buf_str_terminates_a_full_buffer(struct kunit *test)
{
	char buf[4];
	struct seq_buf s;
	char *p;

	seq_buf_init(&s, buf, sizeof(buf));
	seq_buf_get_buf(&s, &p);
	__builtin_memcpy(p, "abcd", 4);
	seq_buf_commit(&s, 4);
	/* No room for the NUL: the last byte gives way. */
	KUNIT_EXPECT_STREQ(test, seq_buf_str(&s), "abc");
}

static void seq_file_writes_until_full(struct kunit *test)
{
	char buf[8];
	struct seq_file m = { .buf = buf, .size = sizeof(buf) };

	KUNIT_EXPECT_EQ(test, seq_write(&m, "abc", 3), 0);
	seq_putc(&m, 'd');
	seq_puts(&m, "ef");
	KUNIT_EXPECT_EQ(test, m.count, 6);
	KUNIT_EXPECT_FALSE(test, seq_has_overflowed(&m));
	KUNIT_EXPECT_EQ(test, seq_write(&m, "gh", 2), -1);
	KUNIT_EXPECT_TRUE(test, seq_has_overflowed(&m));
	KUNIT_EXPECT_MEMEQ(test, buf, "abcdef", 6);
}

static void mangle_path_escapes(struct kunit *test)
{
	char buf[32] = "                a b\n";
	char *end = mangle_path(buf, buf + 16, " \n");

	KUNIT_ASSERT_NOT_NULL(test, end);
	*end = '\0';
	KUNIT_EXPECT_STREQ(test, buf, "a\\040b\\012");
	/* An escape that would overwrite the unread source: NULL. */
	__builtin_memcpy(buf, " x", 3);
	KUNIT_EXPECT_NULL(test, mangle_path(buf, buf, " "));
}

static void d_path_is_unsupported(struct kunit *test)
{
	struct path path = { 0 };
	char buf[16];

	KUNIT_EXPECT_EQ(test, PTR_ERR(d_path(&path, buf, sizeof(buf))), -95L);
}

static void string_choices(struct kunit *test)
{
	KUNIT_EXPECT_STREQ(test, str_yes_no(true), "yes");
	KUNIT_EXPECT_STREQ(test, str_no_yes(true), "no");
	KUNIT_EXPECT_STREQ(test, str_on_off(0), "off");
	KUNIT_EXPECT_STREQ(test, str_enabled_disabled(1), "enabled");
	KUNIT_EXPECT_STREQ(test, str_read_write(false), "write");
	KUNIT_EXPECT_STREQ(test, str_plural(1), "");
	KUNIT_EXPECT_STREQ(test, str_plural(2), "s");
}

static void scatterlist_entries(struct kunit *test)
{
	static char data[3 * 4096];
	struct scatterlist sg[2];
	struct scatterlist *pos;
	unsigned int n = 0;
	int i;

	sg_init_table(sg, 2);
	KUNIT_EXPECT_TRUE(test, sg_is_last(&sg[1]));
	KUNIT_EXPECT_FALSE(test, sg_is_last(&sg[0]));
	sg_set_buf(&sg[0], data + 5000, 100);
	sg_set_buf(&sg[1], data + 10, 20);
	KUNIT_EXPECT_PTR_EQ(test, sg_virt(&sg[0]), (void *)(data + 5000));
	KUNIT_EXPECT_EQ(test, sg[0].length, 100);
	KUNIT_EXPECT_LT(test, sg[0].offset, 4096u);
	KUNIT_EXPECT_TRUE(test, sg_is_last(&sg[1])); /* sg_set_buf keeps the mark */
	sg_dma_address(&sg[0]) = 0x1000;
	sg_dma_len(&sg[0]) = 100;
	KUNIT_EXPECT_EQ(test, sg[0].dma_address, 0x1000ull);
	for_each_sg(sg, pos, 2, i)
		n += pos->length;
	KUNIT_EXPECT_EQ(test, n, 120);
	KUNIT_EXPECT_NULL(test, sg_next(&sg[1]));
}

static void user_copies_succeed(struct kunit *test)
{
	char from[4] = "abc", to[4] = { 0 };
	char __user *user = (char __user *)kunit_vm_mmap(test, NULL, 0, PAGE_SIZE,
						       PROT_READ | PROT_WRITE,
						       MAP_ANONYMOUS | MAP_PRIVATE, 0);
	int x = 0;

	KUNIT_ASSERT_NE(test, (unsigned long)user, 0ul);
	KUNIT_EXPECT_EQ(test, copy_to_user(user, from, 4), 0);
	KUNIT_EXPECT_EQ(test, copy_from_user(to, user, 4), 0);
	KUNIT_EXPECT_STREQ(test, to, "abc");
	KUNIT_EXPECT_EQ(test, put_user(7, (int __user *)user), 0);
	KUNIT_EXPECT_EQ(test, get_user(x, (int __user *)user), 0);
	KUNIT_EXPECT_EQ(test, x, 7);
}

static struct kunit_case seq_buf_header_cases[] = {
	KUNIT_CASE(seq_buf_direct_writes),
	KUNIT_CASE(seq_buf_str_terminates_a_full_buffer),
	KUNIT_CASE(seq_file_writes_until_full),
	KUNIT_CASE(mangle_path_escapes),
	KUNIT_CASE(d_path_is_unsupported),
	KUNIT_CASE(string_choices),
	KUNIT_CASE(scatterlist_entries),
	KUNIT_CASE(user_copies_succeed),
	{}
};

static struct kunit_suite seq_buf_header_suite = {
	.name = "kunit-c-seq-buf",
	.test_cases = seq_buf_header_cases,
};
kunit_test_suite(seq_buf_header_suite);
