// SPDX-License-Identifier: GPL-2.0-only OR MIT
/* <linux/string.h>: the kernel-only string functions and macros (kunit-c's glue or lib/string.c). */
#include <kunit/test.h>
#include <linux/mman.h>
#include <linux/string.h>

static void memset_widths(struct kunit *test)
{
	u16 a16[5] = { 0 };
	u32 a32[5] = { 0 };
	u64 a64[5] = { 0 };

	KUNIT_EXPECT_PTR_EQ(test, memset16(a16, 0xabcd, 4), &a16[0]);
	memset32(a32, 0x12345678, 4);
	memset64(a64, 0x1122334455667788ULL, 4);
	KUNIT_EXPECT_EQ(test, a16[3], 0xabcd);
	KUNIT_EXPECT_EQ(test, a16[4], 0);
	KUNIT_EXPECT_EQ(test, a32[3], 0x12345678);
	KUNIT_EXPECT_EQ(test, a32[4], 0);
	KUNIT_EXPECT_EQ(test, a64[3], 0x1122334455667788ULL);
	KUNIT_EXPECT_EQ(test, a64[4], 0);
}

static void searching(struct kunit *test)
{
	static const char s[] = "abcabc";
	u8 buf[8] = { 1, 1, 1, 1, 2, 1, 1, 1 };

	KUNIT_EXPECT_PTR_EQ(test, strnchr(s, 3, 'c'), s + 2);
	KUNIT_EXPECT_NULL(test, strnchr(s, 2, 'c'));
	KUNIT_EXPECT_NULL(test, strnchr(s, 10, 'z'));
	KUNIT_EXPECT_PTR_EQ(test, strnchr(s, 10, '\0'), s + 6);
	KUNIT_EXPECT_PTR_EQ(test, strnchrnul(s, 2, 'c'), s + 2);
	KUNIT_EXPECT_PTR_EQ(test, memchr_inv(buf, 1, 8), (void *)(buf + 4));
	KUNIT_EXPECT_NULL(test, memchr_inv(buf, 1, 4));
	KUNIT_EXPECT_PTR_EQ(test, memscan(buf, 2, 8), (void *)(buf + 4));
	KUNIT_EXPECT_PTR_EQ(test, memscan(buf, 9, 8), (void *)(buf + 8));
	KUNIT_EXPECT_PTR_EQ(test, strnstr(s, "ca", 6), s + 2);
	KUNIT_EXPECT_NULL(test, strnstr(s, "ca", 3));
	KUNIT_EXPECT_EQ(test, str_has_prefix(s, "abc"), 3);
	KUNIT_EXPECT_EQ(test, str_has_prefix(s, "b"), 0);
	KUNIT_EXPECT_TRUE(test, strends("file.c", ".c"));
	KUNIT_EXPECT_FALSE(test, strends("c", ".c"));
}

static void copying(struct kunit *test)
{
	char small[4], pad[8];

	KUNIT_EXPECT_EQ(test, strscpy(small, "ab"), 2);
	KUNIT_EXPECT_STREQ(test, small, "ab");
	KUNIT_EXPECT_EQ(test, strscpy(small, "abcdef"), -E2BIG);
	KUNIT_EXPECT_STREQ(test, small, "abc");
	KUNIT_EXPECT_EQ(test, strscpy(small, "abcdef", 2), -E2BIG);
	KUNIT_EXPECT_STREQ(test, small, "a");
	memset(pad, 'x', sizeof(pad));
	KUNIT_EXPECT_EQ(test, strscpy_pad(pad, "hi"), 2);
	KUNIT_EXPECT_PTR_EQ(test, memchr_inv(pad + 2, 0, 6), NULL);
	memset(pad, 'x', sizeof(pad));
	strcpy(pad, "ab");
	KUNIT_EXPECT_EQ(test, strlcat(pad, "cdefghij", sizeof(pad)), 10);
	KUNIT_EXPECT_STREQ(test, pad, "abcdefg");
}

static void fixed_buffers(struct kunit *test)
{
	char mem[4];
	char str[5];
	static const char nonterminated[4] __nonstring = { 'w', 'x', 'y', 'z' };
	static const char two[2] __nonstring = { 'a', 'b' };

	memset(mem, '#', sizeof(mem));
	strtomem(mem, "ab");
	KUNIT_EXPECT_MEMEQ(test, mem, "ab##", 4);
	strtomem_pad(mem, "c", '.');
	KUNIT_EXPECT_MEMEQ(test, mem, "c...", 4);
	strtomem(mem, "toolong");
	KUNIT_EXPECT_MEMEQ(test, mem, "tool", 4);
	memset(str, '#', sizeof(str));
	memtostr(str, nonterminated);
	KUNIT_EXPECT_STREQ(test, str, "wxyz");
	memtostr_pad(str, two);
	KUNIT_EXPECT_MEMEQ(test, str, "ab\0\0\0", 5);
}

static void helpers(struct kunit *test)
{
	static const char *const words[] = { "alpha", "beta", NULL, "gamma" };
	char text[] = "  \t padded \n";
	char dots[] = "a.b.c";

	KUNIT_EXPECT_STREQ(test, skip_spaces("  \tx "), "x ");
	KUNIT_EXPECT_STREQ(test, strim(text), "padded");
	KUNIT_EXPECT_PTR_EQ(test, strreplace(dots, '.', '/'), &dots[0]);
	KUNIT_EXPECT_STREQ(test, dots, "a/b/c");
	KUNIT_EXPECT_TRUE(test, sysfs_streq("on\n", "on"));
	KUNIT_EXPECT_TRUE(test, sysfs_streq("on", "on\n"));
	KUNIT_EXPECT_FALSE(test, sysfs_streq("on\n\n", "on"));
	KUNIT_EXPECT_EQ(test, match_string(words, ARRAY_SIZE(words), "beta"), 1);
	/* match_string() stops at a NULL entry; __sysfs_match_string() skips it. */
	KUNIT_EXPECT_EQ(test, match_string(words, ARRAY_SIZE(words), "gamma"), -EINVAL);
	KUNIT_EXPECT_EQ(test, __sysfs_match_string(words, ARRAY_SIZE(words), "gamma\n"), 3);
	KUNIT_EXPECT_STREQ(test, kbasename("/a/b/c.h"), "c.h");
	KUNIT_EXPECT_STREQ(test, str_yes_no(true), "yes");
	KUNIT_EXPECT_STREQ(test, str_plural(2), "s");
}

static void user_copies(struct kunit *test)
{
	char *user = (char *)kunit_vm_mmap(test, NULL, 0, PAGE_SIZE, PROT_READ | PROT_WRITE,
					   MAP_ANONYMOUS | MAP_PRIVATE, 0);
	char *s, *m;

	KUNIT_ASSERT_NE(test, (unsigned long)user, 0ul);
	__builtin_memcpy(user, "abcdef", 7);
	s = memdup_user_nul(user, 3);
	m = memdup_user(user + 3, 3);
	/* Kernel memory is no user memory. */
	KUNIT_EXPECT_EQ(test, PTR_ERR(memdup_user("xyz", 3)), -EFAULT);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, s);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, m);
	KUNIT_EXPECT_STREQ(test, s, "abc");
	KUNIT_EXPECT_MEMEQ(test, m, "def", 3);
	kfree(s);
	kfree(m);
}

static struct kunit_case string_cases[] = {
	KUNIT_CASE(memset_widths),
	KUNIT_CASE(searching),
	KUNIT_CASE(copying),
	KUNIT_CASE(fixed_buffers),
	KUNIT_CASE(helpers),
	KUNIT_CASE(user_copies),
	{}
};

static struct kunit_suite string_suite = {
	.name = "kunit_c_string",
	.test_cases = string_cases,
};
kunit_test_suite(string_suite);
