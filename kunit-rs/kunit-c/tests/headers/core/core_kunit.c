// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * The core headers: compiler.h, build_bug.h, err.h/errno.h, limits.h, export.h/module.h/
 * init.h, time64.h/ktime.h, unaligned.h, random.h, uuid.h, log2.h.
 */
#include <kunit/test.h>
#include <linux/build_bug.h>
#include <linux/compiler.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/limits.h>
#include <linux/log2.h>
#include <linux/module.h>
#include <linux/random.h>
#include <linux/time64.h>
#include <linux/unaligned.h>
#include <linux/uuid.h>

static int initcall_runs;

static int __init record_init(void)
{
	initcall_runs++;
	return 0;
}
module_init(record_init);

int exported_function(int x);
int exported_function(int x)
{
	return x + 1;
}
EXPORT_SYMBOL_GPL(exported_function);

static void compiler_helpers(struct kunit *test)
{
	int array[3] = { 0 };
	int *ptr = array;
	int once = 5;

	static_assert(is_signed_type(int));
	static_assert(!is_signed_type(unsigned int));
	static_assert(is_signed_type(s8) && !is_signed_type(u64));
	static_assert(__same_type(array[0], int));
	static_assert(!__same_type(ptr, array[0]));
	static_assert(__is_constexpr(3 * 4));
	static_assert(!__is_constexpr(once));
	static_assert(__must_be_array(array) == 0);
	static_assert(ARRAY_SIZE(array) == 3, "three");
	static_assert(sizeof_field(struct kunit_loc, line) == sizeof(int));
	BUILD_BUG_ON(sizeof(u64) != 8);
	static_assert(BUILD_BUG_ON_ZERO(0) == 0);
	KUNIT_EXPECT_TRUE(test, likely(once == 5));
	KUNIT_EXPECT_FALSE(test, unlikely(once != 5));
	WRITE_ONCE(once, 6);
	KUNIT_EXPECT_EQ(test, READ_ONCE(once), 6);
	KUNIT_EXPECT_STREQ(test, __stringify(EINVAL), "22");
	KUNIT_EXPECT_EQ(test, exported_function(1), 2);
	KUNIT_EXPECT_EQ(test, initcall_runs, 1);
}

static void errors(struct kunit *test)
{
	void *e = ERR_PTR(-ENOENT);

	KUNIT_EXPECT_TRUE(test, IS_ERR(e));
	KUNIT_EXPECT_EQ(test, PTR_ERR(e), -ENOENT);
	KUNIT_EXPECT_TRUE(test, IS_ERR_OR_NULL(NULL));
	KUNIT_EXPECT_FALSE(test, IS_ERR(test));
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(test), 0);
	KUNIT_EXPECT_TRUE(test, IS_ERR(ERR_PTR(-MAX_ERRNO)));
	KUNIT_EXPECT_FALSE(test, IS_ERR(ERR_PTR(-MAX_ERRNO - 1)));
	KUNIT_EXPECT_EQ(test, ENOTSUPP, 524);
	KUNIT_EXPECT_EQ(test, EOPNOTSUPP, 95);
	KUNIT_EXPECT_EQ(test, EWOULDBLOCK, EAGAIN);
}

static void limits(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, U8_MAX, 255);
	KUNIT_EXPECT_EQ(test, S8_MIN, -128);
	KUNIT_EXPECT_EQ(test, S16_MAX, 32767);
	KUNIT_EXPECT_EQ(test, U32_MAX, 4294967295U);
	KUNIT_EXPECT_EQ(test, S64_MIN, -9223372036854775807LL - 1);
	KUNIT_EXPECT_EQ(test, INT_MAX, 2147483647);
	KUNIT_EXPECT_EQ(test, UINT_MAX, 4294967295U);
	KUNIT_EXPECT_EQ(test, LONG_MAX, 9223372036854775807L);
	KUNIT_EXPECT_EQ(test, ULLONG_MAX, 18446744073709551615ULL);
	KUNIT_EXPECT_EQ(test, SIZE_MAX, (size_t)-1);
	KUNIT_EXPECT_EQ(test, sizeof(u64), 8);
	KUNIT_EXPECT_EQ(test, sizeof(uintptr_t), sizeof(void *));
	KUNIT_EXPECT_TRUE(test, is_power_of_2(64));
	KUNIT_EXPECT_FALSE(test, is_power_of_2(0));
	KUNIT_EXPECT_FALSE(test, is_power_of_2(6));
}

static void time_values(struct kunit *test)
{
	struct timespec64 ts = ns_to_timespec64(-1);
	u64 t0, t1;

	KUNIT_EXPECT_EQ(test, ts.tv_sec, -1);
	KUNIT_EXPECT_EQ(test, ts.tv_nsec, NSEC_PER_SEC - 1);
	ts = ns_to_timespec64(3 * NSEC_PER_SEC + 5);
	KUNIT_EXPECT_EQ(test, ts.tv_sec, 3);
	KUNIT_EXPECT_EQ(test, ts.tv_nsec, 5);
	KUNIT_EXPECT_EQ(test, timespec64_to_ns(&ts), 3 * NSEC_PER_SEC + 5);
	t0 = ktime_get_ns();
	t1 = ktime_get_ns();
	KUNIT_EXPECT_LE(test, t0, t1);
	KUNIT_EXPECT_GT(test, ktime_get_real_seconds(), 1600000000);
}

static void unaligned_access(struct kunit *test)
{
	u8 buf[9] = { 0xff, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08 };
	u8 out[4];

	KUNIT_EXPECT_EQ(test, get_unaligned_le16(buf + 1), 0x0201);
	KUNIT_EXPECT_EQ(test, get_unaligned_be32(buf + 1), 0x01020304);
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(buf + 1), 0x0807060504030201ULL);
	put_unaligned_be32(0xa1b2c3d4, out);
	KUNIT_EXPECT_MEMEQ(test, out, ((u8[]){ 0xa1, 0xb2, 0xc3, 0xd4 }), 4);
	put_unaligned_le32(0xa1b2c3d4, out);
	KUNIT_EXPECT_EQ(test, out[0], 0xd4);
}

static void random_numbers(struct kunit *test)
{
	u8 bytes[64] = { 0 };
	u32 lo = ~0u, hi = 0;

	get_random_bytes(bytes, sizeof(bytes));
	KUNIT_EXPECT_NOT_NULL(test, memchr_inv(bytes, 0, sizeof(bytes)));
	for (int i = 0; i < 10000; i++) {
		u32 v = get_random_u32_below(10);
		u32 w = get_random_u32_inclusive(5, 7);

		lo = min(lo, v);
		hi = max(hi, v);
		KUNIT_ASSERT_LT(test, v, 10);
		KUNIT_ASSERT_GE(test, w, 5);
		KUNIT_ASSERT_LE(test, w, 7);
	}
	/* 10000 draws reach both ends of [0, 10). */
	KUNIT_EXPECT_EQ(test, lo, 0);
	KUNIT_EXPECT_EQ(test, hi, 9);
	KUNIT_EXPECT_EQ(test, get_random_u32_below(0), 0);
}

static void uuid_parsing(struct kunit *test)
{
	const char *text = "c33f4995-3701-450e-9fbf-206a2e98e576";
	guid_t g, want_g = GUID_INIT(0xc33f4995, 0x3701, 0x450e, 0x9f, 0xbf, 0x20, 0x6a, 0x2e, 0x98, 0xe5, 0x76);
	uuid_t u, want_u = UUID_INIT(0xc33f4995, 0x3701, 0x450e, 0x9f, 0xbf, 0x20, 0x6a, 0x2e, 0x98, 0xe5, 0x76);
	uuid_t r;

	KUNIT_EXPECT_TRUE(test, uuid_is_valid(text));
	KUNIT_EXPECT_FALSE(test, uuid_is_valid("c33f4995-3701-450e-9fbf_206a2e98e576"));
	KUNIT_ASSERT_EQ(test, guid_parse(text, &g), 0);
	KUNIT_ASSERT_EQ(test, uuid_parse(text, &u), 0);
	KUNIT_EXPECT_TRUE(test, guid_equal(&g, &want_g));
	KUNIT_EXPECT_TRUE(test, uuid_equal(&u, &want_u));
	KUNIT_EXPECT_EQ(test, uuid_parse("not a uuid", &u), -EINVAL);
	KUNIT_EXPECT_TRUE(test, uuid_is_null(&uuid_null));
	uuid_gen(&r);
	KUNIT_EXPECT_EQ(test, r.b[6] >> 4, 4);
	KUNIT_EXPECT_EQ(test, r.b[8] >> 6, 2);
}

static struct kunit_case core_cases[] = {
	KUNIT_CASE(compiler_helpers),
	KUNIT_CASE(errors),
	KUNIT_CASE(limits),
	KUNIT_CASE(time_values),
	KUNIT_CASE(unaligned_access),
	KUNIT_CASE(random_numbers),
	KUNIT_CASE(uuid_parsing),
	{}
};

static struct kunit_suite core_suite = {
	.name = "kunit_c_core",
	.test_cases = core_cases,
};
kunit_test_suite(core_suite);
