// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of the sysctl proc handlers and register_sysctl() (<linux/sysctl.h>, the
 * glue's sysctl.c): values as text both ways with kernel/sysctl.c's rules (base 0, blanks
 * between numbers, the range checks, the file position), and fs/proc/proc_sysctl.c's
 * checks of a table and of its names.
 */
#define CONFIG_SYSCTL 1 /* the registration calls, as a kernel with sysctl has them */

#include <kunit/test.h>
#include <linux/errno.h>
#include <linux/limits.h>
#include <linux/string.h>
#include <linux/sysctl.h>

#define KC_READ 0
#define KC_WRITE 1

/* A write of text, whole; the handler's result, with the length and position it left. */
struct kc_io {
	int ret;
	size_t len;
	loff_t pos;
};

static struct kc_io kc_write(const struct ctl_table *t, const char *text, loff_t pos)
{
	char buf[64];
	struct kc_io io = { .len = strlen(text), .pos = pos };

	memcpy(buf, text, io.len);
	io.ret = t->proc_handler(t, KC_WRITE, buf, &io.len, &io.pos);
	return io;
}

/* A read into a buffer of size len, NUL-terminated after what the handler wrote. */
static struct kc_io kc_read(const struct ctl_table *t, char *buf, size_t len, loff_t pos)
{
	struct kc_io io = { .len = len, .pos = pos };

	memset(buf, 'Z', len + 1);
	io.ret = t->proc_handler(t, KC_READ, buf, &io.len, &io.pos);
	buf[io.len] = '\0';
	return io;
}

static void dointvec_vectors_both_ways(struct kunit *test)
{
	int v[3] = { 7, -8, 2147483647 };
	struct ctl_table t = {
		.procname = "v", .data = v, .maxlen = sizeof(v), .mode = 0644,
		.proc_handler = proc_dointvec,
	};
	char buf[64];
	struct kc_io io;

	io = kc_read(&t, buf, 40, 0);
	KUNIT_EXPECT_EQ(test, io.ret, 0);
	KUNIT_EXPECT_STREQ(test, buf, "7\t-8\t2147483647\n");
	KUNIT_EXPECT_EQ(test, io.len, 16);
	KUNIT_EXPECT_EQ(test, io.pos, 16);
	/* A short buffer is cut, and has no room left for the newline. */
	io = kc_read(&t, buf, 4, 0);
	KUNIT_EXPECT_STREQ(test, buf, "7\t-8");
	/* A read at a non-zero position reads nothing. */
	io = kc_read(&t, buf, 40, 3);
	KUNIT_EXPECT_EQ(test, io.ret, 0);
	KUNIT_EXPECT_EQ(test, io.len, 0);

	/* Base 0 and blanks: hex, octal, decimal; fewer numbers than slots keep the rest. */
	io = kc_write(&t, "  0x10\t010 \n", 0);
	KUNIT_EXPECT_EQ(test, io.ret, 0);
	KUNIT_EXPECT_EQ(test, io.len, 12);
	KUNIT_EXPECT_EQ(test, io.pos, 12);
	KUNIT_EXPECT_EQ(test, v[0], 16);
	KUNIT_EXPECT_EQ(test, v[1], 8);
	KUNIT_EXPECT_EQ(test, v[2], 2147483647);
	/* INT_MIN fits; past it, or a bad trailer, stops the write at that number. */
	io = kc_write(&t, "-2147483648 5", 0);
	KUNIT_EXPECT_EQ(test, io.ret, 0);
	KUNIT_EXPECT_EQ(test, v[0], INT_MIN);
	KUNIT_EXPECT_EQ(test, v[1], 5);
	io = kc_write(&t, "1 2147483648", 0);
	KUNIT_EXPECT_EQ(test, io.ret, -EINVAL);
	KUNIT_EXPECT_EQ(test, v[0], 1);
	KUNIT_EXPECT_EQ(test, v[1], 5);
	io = kc_write(&t, "3x", 0);
	KUNIT_EXPECT_EQ(test, io.ret, -EINVAL);
	KUNIT_EXPECT_EQ(test, io.len, 2);
	KUNIT_EXPECT_EQ(test, v[0], 1);
	/* Nothing but blanks is no number. */
	KUNIT_EXPECT_EQ(test, kc_write(&t, " \n", 0).ret, -EINVAL);
	/* 21 characters could be two numbers run together: refused. */
	KUNIT_EXPECT_EQ(test, kc_write(&t, "000000000000000000001", 0).ret, -EINVAL);
	/* A write at a non-zero position is ignored (sysctl_writes_strict = 1). */
	io = kc_write(&t, "99", 5);
	KUNIT_EXPECT_EQ(test, io.ret, 0);
	KUNIT_EXPECT_EQ(test, io.pos, 7);
	KUNIT_EXPECT_EQ(test, v[0], 1);
}

static void minmax_handlers_check_ranges(struct kunit *test)
{
	int i = 50;
	unsigned int u = 50;
	u8 b = 50;
	unsigned long l[2] = { 1, 2 };
	unsigned long lmax = 10;
	struct ctl_table ti = {
		.procname = "i", .data = &i, .maxlen = sizeof(i), .mode = 0644,
		.proc_handler = proc_dointvec_minmax,
		.extra1 = SYSCTL_ZERO, .extra2 = SYSCTL_ONE_HUNDRED,
	};
	struct ctl_table tu = {
		.procname = "u", .data = &u, .maxlen = sizeof(u), .mode = 0644,
		.proc_handler = proc_douintvec_minmax,
		.extra1 = SYSCTL_ONE, .extra2 = SYSCTL_TWO_HUNDRED,
	};
	struct ctl_table tb = {
		.procname = "b", .data = &b, .maxlen = sizeof(b), .mode = 0644,
		.proc_handler = proc_dou8vec_minmax,
	};
	struct ctl_table tl = {
		.procname = "l", .data = l, .maxlen = sizeof(l), .mode = 0644,
		.proc_handler = proc_doulongvec_minmax, .extra2 = &lmax,
	};
	char buf[32];

	KUNIT_EXPECT_EQ(test, kc_write(&ti, "100", 0).ret, 0);
	KUNIT_EXPECT_EQ(test, i, 100);
	KUNIT_EXPECT_EQ(test, kc_write(&ti, "101", 0).ret, -EINVAL);
	KUNIT_EXPECT_EQ(test, kc_write(&ti, "-1", 0).ret, -EINVAL);
	KUNIT_EXPECT_EQ(test, i, 100);

	/* One unsigned value: no sign, the bounds, the whole write taken. */
	KUNIT_EXPECT_EQ(test, kc_write(&tu, "-3", 0).ret, -EINVAL);
	KUNIT_EXPECT_EQ(test, kc_write(&tu, "0", 0).ret, -EINVAL);
	KUNIT_EXPECT_EQ(test, kc_write(&tu, "200\n", 0).ret, 0);
	KUNIT_EXPECT_EQ(test, u, 200);
	kc_read(&tu, buf, sizeof(buf) - 1, 0);
	KUNIT_EXPECT_STREQ(test, buf, "200\n");

	/* A u8 is bounded by 0..255 when extra1 and extra2 are unset. */
	KUNIT_EXPECT_EQ(test, kc_write(&tb, "255", 0).ret, 0);
	KUNIT_EXPECT_EQ(test, b, 255);
	KUNIT_EXPECT_EQ(test, kc_write(&tb, "256", 0).ret, -EINVAL);
	KUNIT_EXPECT_EQ(test, b, 255);
	kc_read(&tb, buf, sizeof(buf) - 1, 0);
	KUNIT_EXPECT_STREQ(test, buf, "255\n");

	/* Unsigned longs: the first out of range stops the write, those before it stay. */
	KUNIT_EXPECT_EQ(test, kc_write(&tl, "4 11", 0).ret, -EINVAL);
	KUNIT_EXPECT_EQ(test, l[0], 4);
	KUNIT_EXPECT_EQ(test, l[1], 2);
	kc_read(&tl, buf, sizeof(buf) - 1, 0);
	KUNIT_EXPECT_STREQ(test, buf, "4\t2\n");
}

static void dobool_and_dostring(struct kunit *test)
{
	bool on = false;
	char s[8] = "abc";
	struct ctl_table tbool = {
		.procname = "on", .data = &on, .maxlen = sizeof(on), .mode = 0644,
		.proc_handler = proc_dobool,
	};
	struct ctl_table tstr = {
		.procname = "s", .data = s, .maxlen = sizeof(s), .mode = 0644,
		.proc_handler = proc_dostring,
	};
	char buf[32];

	KUNIT_EXPECT_EQ(test, kc_write(&tbool, "7", 0).ret, 0);
	KUNIT_EXPECT_TRUE(test, on);
	kc_read(&tbool, buf, sizeof(buf) - 1, 0);
	KUNIT_EXPECT_STREQ(test, buf, "1\n");

	kc_read(&tstr, buf, sizeof(buf) - 1, 0);
	KUNIT_EXPECT_STREQ(test, buf, "abc\n");
	/* A write stops at a newline and is cut to maxlen - 1; at a position it continues. */
	KUNIT_EXPECT_EQ(test, kc_write(&tstr, "xy\nz", 0).ret, 0);
	KUNIT_EXPECT_STREQ(test, s, "xy");
	kc_write(&tstr, "0123456789", 2);
	KUNIT_EXPECT_STREQ(test, s, "xy01234");
}

static void register_checks_tables_and_names(struct kunit *test)
{
	unsigned char u8v = 0;
	int iv = 0;
	struct ctl_table bad_u8[] = {
		{ .procname = "a", .data = &u8v, .maxlen = 1, .mode = 0644,
		  .proc_handler = proc_dou8vec_minmax, .extra2 = SYSCTL_ONE_THOUSAND },
	};
	struct ctl_table neg_u8[] = {
		{ .procname = "a", .data = &u8v, .maxlen = 1, .mode = 0644,
		  .proc_handler = proc_dou8vec_minmax, .extra1 = SYSCTL_NEG_ONE },
	};
	struct ctl_table no_data[] = {
		{ .procname = "a", .maxlen = sizeof(int), .mode = 0644,
		  .proc_handler = proc_dointvec },
	};
	struct ctl_table bad_mode[] = {
		{ .procname = "a", .data = &iv, .maxlen = sizeof(int), .mode = 01644,
		  .proc_handler = proc_dointvec },
	};
	struct ctl_table good[] = {
		{ .procname = "a", .data = &u8v, .maxlen = 1, .mode = 0644,
		  .proc_handler = proc_dou8vec_minmax, .extra2 = SYSCTL_TWO_HUNDRED },
		{ .procname = "b", .data = &iv, .maxlen = sizeof(int), .mode = 0444,
		  .proc_handler = proc_dointvec },
	};
	struct ctl_table again[] = {
		{ .procname = "b", .data = &iv, .maxlen = sizeof(int), .mode = 0644,
		  .proc_handler = proc_dointvec },
	};
	struct ctl_table sub[] = {
		{ .procname = "sub", .data = &iv, .maxlen = sizeof(int), .mode = 0644,
		  .proc_handler = proc_dointvec },
	};
	struct ctl_table_header *h, *other, *below;

	KUNIT_EXPECT_NULL(test, register_sysctl("kc_sysctl", bad_u8));
	KUNIT_EXPECT_NULL(test, register_sysctl("kc_sysctl", neg_u8));
	KUNIT_EXPECT_NULL(test, register_sysctl("kc_sysctl", no_data));
	KUNIT_EXPECT_NULL(test, register_sysctl("kc_sysctl", bad_mode));

	h = register_sysctl("kc_sysctl", good);
	KUNIT_ASSERT_NOT_NULL(test, h);
	KUNIT_EXPECT_PTR_EQ(test, h->ctl_table_arg, (const struct ctl_table *)good);
	KUNIT_EXPECT_EQ(test, h->ctl_table_size, 2);
	/* The same name in the same folder is refused; "kc_sysctl//" is that folder. */
	KUNIT_EXPECT_NULL(test, register_sysctl("kc_sysctl//", again));
	/* An entry is a file: no folder below it. */
	KUNIT_EXPECT_NULL(test, register_sysctl("kc_sysctl/b", again));
	/* Another folder is another name space; its folder is then taken as a name. */
	other = register_sysctl("kc_sysctl/sub", again);
	KUNIT_EXPECT_NOT_NULL(test, other);
	below = register_sysctl("kc_sysctl/sub/deeper", again);
	KUNIT_EXPECT_NOT_NULL(test, below);
	KUNIT_EXPECT_NULL(test, register_sysctl("kc_sysctl", sub));
	unregister_sysctl_table(below);
	unregister_sysctl_table(other);
	/* Unregistered, the name is free again. */
	unregister_sysctl_table(h);
	h = register_sysctl("kc_sysctl", again);
	KUNIT_EXPECT_NOT_NULL(test, h);
	unregister_sysctl_table(h);
	unregister_sysctl_table(NULL);
}

static struct kunit_case sysctl_cases[] = {
	KUNIT_CASE(dointvec_vectors_both_ways),
	KUNIT_CASE(minmax_handlers_check_ranges),
	KUNIT_CASE(dobool_and_dostring),
	KUNIT_CASE(register_checks_tables_and_names),
	{}
};

static struct kunit_suite sysctl_suite = {
	.name = "kunit_c_sysctl",
	.test_cases = sysctl_cases,
};
kunit_test_suite(sysctl_suite);
