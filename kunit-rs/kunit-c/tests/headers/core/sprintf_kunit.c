// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * <linux/sprintf.h> and <linux/printk.h>: the kernel's vsnprintf() semantics and the %p
 * extensions, each compared with the text the kernel prints.
 */
#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/sprintf.h>
#include <linux/uuid.h>

#define EXPECT_FMT(test, expected, fmt, ...)					\
	do {									\
		char __buf[256];						\
		int __n = snprintf(__buf, sizeof(__buf), fmt, ##__VA_ARGS__);	\
		KUNIT_EXPECT_STREQ(test, __buf, expected);			\
		KUNIT_EXPECT_EQ(test, __n, (int)strlen(expected));		\
	} while (0)

static void standard_conversions(struct kunit *test)
{
	EXPECT_FMT(test, "42 -7 ff FF 17 x", "%d %i %x %X %o %c", 42, -7, 255, 255, 15, 'x');
	EXPECT_FMT(test, "[   ab][ab   ][00042]", "[%5s][%-5s][%05d]", "ab", "ab", 42);
	EXPECT_FMT(test, "18446744073709551615 -1 4294967295", "%llu %lld %u",
		   ~0ULL, -1LL, ~0U);
	EXPECT_FMT(test, "7 -3 5 9", "%zu %zd %lu %hhu", (size_t)7, (ssize_t)-3, 5UL, 265);
	EXPECT_FMT(test, "abc", "%.3s", "abcdef");
	EXPECT_FMT(test, "[  x]", "[%*s]", 3, "x");
	EXPECT_FMT(test, "100%", "100%%");
}

static void bad_string_pointers(struct kunit *test)
{
	EXPECT_FMT(test, "(null)", "%s", (char *)NULL);
	EXPECT_FMT(test, "(efault)", "%s", (char *)ERR_PTR(-EINVAL));
	EXPECT_FMT(test, "(efault)", "%s", (char *)16);
}

static void truncation(struct kunit *test)
{
	char buf[8];

	KUNIT_EXPECT_EQ(test, snprintf(buf, sizeof(buf), "%s", "0123456789"), 10);
	KUNIT_EXPECT_STREQ(test, buf, "0123456");
	KUNIT_EXPECT_EQ(test, scnprintf(buf, sizeof(buf), "%s", "0123456789"), 7);
	KUNIT_EXPECT_EQ(test, scnprintf(buf, 0, "%s", "x"), 0);
	KUNIT_EXPECT_EQ(test, snprintf(NULL, 0, "%d", 12345), 5);
	KUNIT_EXPECT_EQ(test, sprintf(buf, "%d", 12), 2);
	KUNIT_EXPECT_STREQ(test, buf, "12");
}

static void error_pointers(struct kunit *test)
{
	EXPECT_FMT(test, "-ENOMEM", "%pe", ERR_PTR(-ENOMEM));
	EXPECT_FMT(test, "-EINVAL", "%pe", ERR_PTR(-EINVAL));
	EXPECT_FMT(test, "-EPROBE_DEFER", "%pe", ERR_PTR(-EPROBE_DEFER));
	EXPECT_FMT(test, "-EAGAIN", "%pe", ERR_PTR(-EWOULDBLOCK));
	EXPECT_FMT(test, "-4000", "%pe", ERR_PTR(-4000));
	/* Not an error pointer: printed as %p. */
	EXPECT_FMT(test, "0000000000000000", "%pe", NULL);
}

static void plain_and_raw_pointers(struct kunit *test)
{
	int x;
	char a[32], b[32];

	EXPECT_FMT(test, "00000000000000ff", "%px", (void *)0xff);
	EXPECT_FMT(test, "0000000000000000", "%p", NULL);
	EXPECT_FMT(test, "fffffffffffffff4", "%p", ERR_PTR(-12));
	/* Hashed: 16 digits whose high half is zero, the same for the same pointer. */
	snprintf(a, sizeof(a), "%p", &x);
	snprintf(b, sizeof(b), "%p", &x);
	KUNIT_EXPECT_STREQ(test, a, b);
	KUNIT_EXPECT_EQ(test, strlen(a), 16);
	KUNIT_EXPECT_EQ(test, strncmp(a, "00000000", 8), 0);
	snprintf(b, sizeof(b), "%px", &x);
	KUNIT_EXPECT_STRNEQ(test, a, b);
	no_hash_pointers = true;
	snprintf(a, sizeof(a), "%p", &x);
	no_hash_pointers = false;
	KUNIT_EXPECT_STREQ(test, a, b);
	/* Alphanumerics after %p belong to the extension, as in the kernel. */
	EXPECT_FMT(test, "00000000000000ff.", "%pxyz.", (void *)0xff);
}

static void hex_buffers(struct kunit *test)
{
	static const u8 bytes[] = { 0x00, 0x1f, 0xab, 0xff };

	EXPECT_FMT(test, "00 1f ab ff", "%*ph", 4, bytes);
	EXPECT_FMT(test, "00:1f:ab:ff", "%*phC", 4, bytes);
	EXPECT_FMT(test, "00-1f-ab-ff", "%*phD", 4, bytes);
	EXPECT_FMT(test, "001fabff", "%*phN", 4, bytes);
	EXPECT_FMT(test, "00", "%ph", bytes);
	EXPECT_FMT(test, "(null)", "%*ph", 4, NULL);
}

static void uuids(struct kunit *test)
{
	uuid_t u = UUID_INIT(0x12345678, 0x9abc, 0xdef0, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88);

	EXPECT_FMT(test, "12345678-9abc-def0-1122-334455667788", "%pU", &u);
	EXPECT_FMT(test, "12345678-9abc-def0-1122-334455667788", "%pUb", &u);
	EXPECT_FMT(test, "12345678-9ABC-DEF0-1122-334455667788", "%pUB", &u);
	EXPECT_FMT(test, "78563412-bc9a-f0de-1122-334455667788", "%pUl", &u);
	EXPECT_FMT(test, "78563412-BC9A-F0DE-1122-334455667788", "%pUL", &u);
}

static void network_addresses(struct kunit *test)
{
	static const u8 mac[6] = { 0x00, 0x0a, 0x95, 0x9d, 0x68, 0x16 };
	static const u8 ip4[4] = { 192, 168, 1, 7 };
	static const u8 ip6[16] = { 0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1 };
	static const u8 mapped[16] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 192, 168, 1, 7 };
	/* One zero group alone is not compressed (RFC 5952). */
	static const u8 counting[16] = { 0, 0, 0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7 };

	EXPECT_FMT(test, "00:0a:95:9d:68:16", "%pM", mac);
	EXPECT_FMT(test, "00-0a-95-9d-68-16", "%pMF", mac);
	EXPECT_FMT(test, "16:68:9d:95:0a:00", "%pMR", mac);
	EXPECT_FMT(test, "000a959d6816", "%pm", mac);
	EXPECT_FMT(test, "192.168.1.7", "%pI4", ip4);
	EXPECT_FMT(test, "192.168.001.007", "%pi4", ip4);
	EXPECT_FMT(test, "2001:0db8:0000:0000:0000:0000:0000:0001", "%pI6", ip6);
	EXPECT_FMT(test, "20010db8000000000000000000000001", "%pi6", ip6);
	EXPECT_FMT(test, "2001:db8::1", "%pI6c", ip6);
	EXPECT_FMT(test, "7.1.168.192", "%pI4l", ip4);
	EXPECT_FMT(test, "::ffff:192.168.1.7", "%pI6c", mapped);
	EXPECT_FMT(test, "0:1:2:3:4:5:6:7", "%pI6c", counting);
}

static noinline int a_static_function(int x)
{
	return x * 3 + 1;
}

static void addresses_and_symbols(struct kunit *test)
{
	phys_addr_t phys = 0x1234;
	int (*fn)(int) = a_static_function;
	char buf[128];

	EXPECT_FMT(test, "0x0000000000001234", "%pa", &phys);
	EXPECT_FMT(test, "0x0000000000001234", "%pap", &phys);
	/* No symbol covers address 0: the kernel prints the address. */
	EXPECT_FMT(test, "0x0", "%ps", NULL);
	EXPECT_FMT(test, "0x0", "%pS", NULL);
	/* A static function of the test binary, found in its symbol table as kallsyms would. */
	EXPECT_FMT(test, "a_static_function", "%ps", fn);
	snprintf(buf, sizeof(buf), "%pS", (char *)fn + 1);
	KUNIT_EXPECT_EQ(test, strncmp(buf, "a_static_function+0x1/0x", 24), 0);
	KUNIT_EXPECT_EQ(test, fn(1), 4);
	/* A known extension kunit-c lacks says so instead of printing a wrong value. */
	EXPECT_FMT(test, "(%pd unsupported by kunit-c)", "%pd", NULL);
}

static void bitmaps(struct kunit *test)
{
	unsigned long map[2] = { 0x2d, 0x1 }; /* bits 0, 2, 3, 5 and 64 */

	EXPECT_FMT(test, "0,2-3,5", "%*pbl", 6, map);
	EXPECT_FMT(test, "2d", "%*pb", 6, map);
	EXPECT_FMT(test, "0,2-3,5,64", "%*pbl", 65, map);
	EXPECT_FMT(test, "1,00000000,0000002d", "%*pb", 65, map);
	EXPECT_FMT(test, "", "%*pbl", 0, map);
}

static __printf(3, 4) int wrap(char *buf, size_t size, const char *fmt, ...)
{
	struct va_format vaf;
	va_list args;
	int n;

	va_start(args, fmt);
	vaf.fmt = fmt;
	vaf.va = &args;
	n = snprintf(buf, size, "<%pV>", &vaf);
	va_end(args);
	return n;
}

static void format_in_format(struct kunit *test)
{
	char buf[32];

	KUNIT_EXPECT_EQ(test, wrap(buf, sizeof(buf), "x=%d %s", 3, "y"), 7);
	KUNIT_EXPECT_STREQ(test, buf, "<x=3 y>");
}

static struct kunit_case sprintf_cases[] = {
	KUNIT_CASE(standard_conversions),
	KUNIT_CASE(bad_string_pointers),
	KUNIT_CASE(truncation),
	KUNIT_CASE(error_pointers),
	KUNIT_CASE(plain_and_raw_pointers),
	KUNIT_CASE(hex_buffers),
	KUNIT_CASE(uuids),
	KUNIT_CASE(network_addresses),
	KUNIT_CASE(addresses_and_symbols),
	KUNIT_CASE(bitmaps),
	KUNIT_CASE(format_in_format),
	{}
};

static struct kunit_suite sprintf_suite = {
	.name = "kunit_c_sprintf",
	.test_cases = sprintf_cases,
};
kunit_test_suite(sprintf_suite);
