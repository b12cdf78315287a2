// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * The behaviour of the kunit-c headers lib/crypto code includes, one case per header:
 * <linux/bitops.h> rotations and __ffs, <linux/byteorder/generic.h>, <linux/overflow.h>,
 * <linux/wordpart.h>, <linux/unroll.h>, <linux/random.h>'s get_random_bytes_wait,
 * <linux/time64.h>/<linux/timekeeping.h>, <linux/fips.h>, <crypto/hash.h>, u128,
 * <linux/cleanup.h> (with slab.h's kfree cleanup), mem_is_zero(), <kunit/visibility.h>.
 */
#include <crypto/hash.h>
#include <kunit/test.h>
#include <kunit/visibility.h>
#include <linux/cleanup.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/bitops.h>
#include <linux/byteorder/generic.h>
#include <linux/export.h>
#include <linux/fips.h>
#include <linux/overflow.h>
#include <linux/random.h>
#include <linux/timekeeping.h>
#include <linux/unroll.h>
#include <linux/wordpart.h>

static void test_rotations(struct kunit *test)
{
	u32 x = 0x12345678;

	KUNIT_EXPECT_EQ(test, rol32(0x80000001, 1), 0x00000003);
	KUNIT_EXPECT_EQ(test, ror32(0x00000003, 1), 0x80000001);
	KUNIT_EXPECT_EQ(test, rol32(x, 8), 0x34567812);
	KUNIT_EXPECT_EQ(test, ror32(x, 8), 0x78123456);
	/* By 0 and by the width: the identity, not undefined behaviour. */
	KUNIT_EXPECT_EQ(test, rol32(x, 0), x);
	KUNIT_EXPECT_EQ(test, ror32(x, 32), x);
	KUNIT_EXPECT_EQ(test, rol64(1, 63), 0x8000000000000000ULL);
	KUNIT_EXPECT_EQ(test, ror64(0x0123456789abcdefULL, 4), 0xf0123456789abcdeULL);
	KUNIT_EXPECT_EQ(test, rol16(0x8001, 4), 0x0018);
	KUNIT_EXPECT_EQ(test, ror16(0x0018, 4), 0x8001);
	KUNIT_EXPECT_EQ(test, ror8(0x01, 1), 0x80);
	KUNIT_EXPECT_EQ(test, rol8(0x81, 1), 0x03);
}

static void test_ffs(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, __ffs(1), 0);
	KUNIT_EXPECT_EQ(test, __ffs(0x80), 7);
	KUNIT_EXPECT_EQ(test, __ffs(0x90), 4);
	KUNIT_EXPECT_EQ(test, __ffs(1UL << (8 * sizeof(long) - 1)), 8 * sizeof(long) - 1);
}

static void test_byteorder_arrays(struct kunit *test)
{
	static const u8 be_bytes[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	u32 words[2] = { 0x01020304, 0x05060708 };
	__le32 le = cpu_to_le32(0xffffffff);
	__be64 be = cpu_to_be64(0x00000000ffffffffULL);

	cpu_to_be32_array(words, ARRAY_SIZE(words));
	KUNIT_EXPECT_MEMEQ(test, words, be_bytes, sizeof(words));
	be32_to_cpu_array(words, ARRAY_SIZE(words));
	KUNIT_EXPECT_EQ(test, words[0], 0x01020304);
	KUNIT_EXPECT_EQ(test, words[1], 0x05060708);
	cpu_to_le32_array(words, ARRAY_SIZE(words));
	KUNIT_EXPECT_EQ(test, ((u8 *)words)[0], 0x04);
	le32_to_cpu_array(words, ARRAY_SIZE(words));
	KUNIT_EXPECT_EQ(test, words[1], 0x05060708);

	/* The sum wraps in the field's width; the carry crosses the byte order. */
	/* One value in place. */
	words[0] = 0x11223344;
	cpu_to_be32s(&words[0]);
	KUNIT_EXPECT_EQ(test, ((u8 *)words)[0], 0x11);
	be32_to_cpus(&words[0]);
	KUNIT_EXPECT_EQ(test, words[0], 0x11223344);
	le64_to_cpus((u64 *)words);
	cpu_to_le64s((u64 *)words);
	KUNIT_EXPECT_EQ(test, words[0], 0x11223344);

	le32_add_cpu(&le, 2);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(le), 1);
	be64_add_cpu(&be, 1);
	KUNIT_EXPECT_EQ(test, be64_to_cpu(be), 0x0000000100000000ULL);
}

static void test_overflow(struct kunit *test)
{
	u8 r8;
	int ri;
	unsigned int ru;
	u64 r64;

	KUNIT_EXPECT_TRUE(test, check_add_overflow((u8)200, (u8)100, &r8));
	KUNIT_EXPECT_EQ(test, r8, 44);
	KUNIT_EXPECT_FALSE(test, check_add_overflow(1, 2, &ri));
	KUNIT_EXPECT_EQ(test, ri, 3);
	KUNIT_EXPECT_TRUE(test, check_sub_overflow(0U, 1U, &ru));
	KUNIT_EXPECT_EQ(test, ru, UINT_MAX);
	KUNIT_EXPECT_TRUE(test, check_mul_overflow(1ULL << 32, 1ULL << 32, &r64));
	KUNIT_EXPECT_FALSE(test, check_mul_overflow(1ULL << 31, 1ULL << 32, &r64));
	KUNIT_EXPECT_EQ(test, r64, 1ULL << 63);
	/* Mixed types: the mathematical result must fit the destination. */
	KUNIT_EXPECT_TRUE(test, check_add_overflow(-1, 0, &ru));
	KUNIT_EXPECT_FALSE(test, check_add_overflow(U64_MAX, -1, &r64));
	KUNIT_EXPECT_EQ(test, r64, U64_MAX - 1);
}

static void test_wordpart(struct kunit *test)
{
	u32 narrow = 0xdeadbeef;

	KUNIT_EXPECT_EQ(test, upper_32_bits(0x1122334455667788ULL), 0x11223344);
	KUNIT_EXPECT_EQ(test, lower_32_bits(0x1122334455667788ULL), 0x55667788);
	/* A 32-bit operand has no upper half (and shifting it by 32 is not undefined). */
	KUNIT_EXPECT_EQ(test, upper_32_bits(narrow), 0);
	KUNIT_EXPECT_EQ(test, upper_16_bits(0x11223344), 0x1122);
	KUNIT_EXPECT_EQ(test, lower_16_bits(0x11223344), 0x3344);
	KUNIT_EXPECT_EQ(test, REPEAT_BYTE(0x5a), 0x5a5a5a5a5a5a5a5aUL & ULONG_MAX);
	KUNIT_EXPECT_EQ(test, REPEAT_BYTE_U32(0xa5), 0xa5a5a5a5);
}

static void test_unroll(struct kunit *test)
{
	unsigned int full = 0, four = 0, none = 0;

	unrolled_full
	for (int i = 1; i <= 16; i++)
		full += i;
	unrolled(4)
	for (int i = 1; i <= 10; i++)
		four += i * i;
	unrolled_none
	for (int i = 0; i < 3; i++)
		none += 7;
	KUNIT_EXPECT_EQ(test, full, 136);
	KUNIT_EXPECT_EQ(test, four, 385);
	KUNIT_EXPECT_EQ(test, none, 21);
}

static void test_get_random_bytes_wait(struct kunit *test)
{
	static const u8 zeroes[32];
	u8 buf[32] = {};

	KUNIT_EXPECT_EQ(test, get_random_bytes_wait(buf, sizeof(buf)), 0);
	/* 256 random bits all zero: one chance in 2^256. */
	KUNIT_EXPECT_MEMNEQ(test, buf, zeroes, sizeof(buf));
}

static void test_time64(struct kunit *test)
{
	u64 t0 = ktime_get_ns();
	u64 t1 = ktime_get_ns();

	KUNIT_EXPECT_EQ(test, NSEC_PER_SEC, 1000000000L);
	KUNIT_EXPECT_EQ(test, NSEC_PER_SEC, NSEC_PER_MSEC * MSEC_PER_SEC);
	KUNIT_EXPECT_EQ(test, USEC_PER_SEC, USEC_PER_MSEC * MSEC_PER_SEC);
	KUNIT_EXPECT_EQ(test, NSEC_PER_USEC * USEC_PER_SEC, NSEC_PER_SEC);
	KUNIT_EXPECT_EQ(test, sizeof(time64_t), 8);
	KUNIT_EXPECT_LE(test, t0, t1);
}

static void test_fips_and_hash_sizes(struct kunit *test)
{
	KUNIT_EXPECT_FALSE(test, fips_enabled);
	/* MD5's exported state: 24 bytes of state, a 64-byte block, one length byte. */
	KUNIT_EXPECT_EQ(test, CRYPTO_HASH_STATESIZE(24, 64), 89);
	KUNIT_EXPECT_GE(test, HASH_MAX_DIGESTSIZE, 64);
}

#ifdef __SIZEOF_INT128__
static void test_u128(struct kunit *test)
{
	u128 p = (u128)U64_MAX * U64_MAX;

	KUNIT_EXPECT_EQ(test, (u64)(p >> 64), U64_MAX - 1);
	KUNIT_EXPECT_EQ(test, (u64)p, 1);
	KUNIT_EXPECT_EQ(test, sizeof(s128), 16);
}
#endif

static int cleanups_run;
static int *cleanup_last;
DEFINE_FREE(count_cleanup, int *, if (_T) { cleanups_run++; cleanup_last = _T; })

static void test_cleanup(struct kunit *test)
{
	int a = 1, b = 2;
	int *kept;

	cleanups_run = 0;
	{
		int *p __free(count_cleanup) = &a;

		KUNIT_EXPECT_EQ(test, cleanups_run, 0);
		(void)p;
	}
	KUNIT_EXPECT_EQ(test, cleanups_run, 1);
	KUNIT_EXPECT_PTR_EQ(test, cleanup_last, &a);
	{
		int *p __free(count_cleanup) = &b;

		kept = no_free_ptr(p);
		KUNIT_EXPECT_NULL(test, p);
	}
	KUNIT_EXPECT_EQ(test, cleanups_run, 1);
	KUNIT_EXPECT_PTR_EQ(test, kept, &b);
	{
		/* slab.h's kfree cleanup; an ERR_PTR or NULL is not freed. */
		void *mem __free(kfree) = kmalloc(16, GFP_KERNEL);
		void *err __free(kfree) = ERR_PTR(-ENOMEM);
		void *none __free(kfree) = NULL;

		KUNIT_EXPECT_NOT_NULL(test, mem);
		(void)err;
		(void)none;
	}
}

static void test_mem_is_zero(struct kunit *test)
{
	u8 buf[33] = {};

	KUNIT_EXPECT_TRUE(test, mem_is_zero(buf, sizeof(buf)));
	KUNIT_EXPECT_TRUE(test, mem_is_zero(buf, 0));
	buf[32] = 1;
	KUNIT_EXPECT_FALSE(test, mem_is_zero(buf, sizeof(buf)));
	KUNIT_EXPECT_TRUE(test, mem_is_zero(buf, 32));
}

/* A function the kernel keeps static outside KUnit builds is visible in a test binary. */
VISIBLE_IF_KUNIT int kunit_c_crypto_visible(int x);
VISIBLE_IF_KUNIT int kunit_c_crypto_visible(int x)
{
	return 2 * x;
}
EXPORT_SYMBOL_IF_KUNIT(kunit_c_crypto_visible);

static void test_visibility(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, kunit_c_crypto_visible(21), 42);
}

/* An exported function stays an ordinary, callable function. */
int kunit_c_crypto_exported(int x);
int kunit_c_crypto_exported(int x)
{
	return x + 1;
}
EXPORT_SYMBOL_GPL(kunit_c_crypto_exported);
EXPORT_SYMBOL_NS_GPL(kunit_c_crypto_exported, "KUNIT_C");

static void test_export(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, kunit_c_crypto_exported(41), 42);
}

static struct kunit_case crypto_headers_cases[] = {
	KUNIT_CASE(test_rotations),
	KUNIT_CASE(test_ffs),
	KUNIT_CASE(test_byteorder_arrays),
	KUNIT_CASE(test_overflow),
	KUNIT_CASE(test_wordpart),
	KUNIT_CASE(test_unroll),
	KUNIT_CASE(test_get_random_bytes_wait),
	KUNIT_CASE(test_time64),
	KUNIT_CASE(test_fips_and_hash_sizes),
#ifdef __SIZEOF_INT128__
	KUNIT_CASE(test_u128),
#endif
	KUNIT_CASE(test_export),
	KUNIT_CASE(test_cleanup),
	KUNIT_CASE(test_mem_is_zero),
	KUNIT_CASE(test_visibility),
	{},
};

static struct kunit_suite crypto_headers_suite = {
	.name = "kunit_c_crypto_headers",
	.test_cases = crypto_headers_cases,
};
kunit_test_suite(crypto_headers_suite);
