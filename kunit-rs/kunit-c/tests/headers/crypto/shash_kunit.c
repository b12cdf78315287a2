// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of the synchronous hash descriptor of kunit-c's <crypto/hash.h>, reached as
 * 6.12's <crypto/sha256_base.h> reaches it (through <crypto/internal/hash.h>): an algorithm
 * of our own (a running byte sum and XOR) keeps its state in the descriptor's context, which
 * shash_desc_ctx() returns, aligned as the kernel aligns it, and crypto_shash_digestsize()
 * and crypto_shash_descsize() answer from the transform.
 */
#include <crypto/internal/hash.h>
#include <kunit/test.h>
#include <linux/slab.h>
#include <linux/string.h>

struct sumxor_state {
	u32 sum;
	u8 xor;
};

static int sumxor_init(struct shash_desc *desc)
{
	struct sumxor_state *st = shash_desc_ctx(desc);

	st->sum = 0;
	st->xor = 0;
	return 0;
}

static int sumxor_update(struct shash_desc *desc, const u8 *data, unsigned int len)
{
	struct sumxor_state *st = shash_desc_ctx(desc);

	while (len--) {
		st->sum += *data;
		st->xor ^= *data++;
	}
	return 0;
}

static int sumxor_final(struct shash_desc *desc, u8 *out)
{
	struct sumxor_state *st = shash_desc_ctx(desc);

	out[0] = st->sum >> 8;
	out[1] = st->sum;
	out[2] = st->xor;
	return 0;
}

static struct shash_alg sumxor_alg = {
	.init = sumxor_init,
	.update = sumxor_update,
	.final = sumxor_final,
	.descsize = sizeof(struct sumxor_state),
	.digestsize = 3,
};

static void test_shash_desc_ctx(struct kunit *test)
{
	struct crypto_shash tfm = { .descsize = sumxor_alg.descsize, .__crt_alg = &sumxor_alg };
	struct shash_desc *desc;
	static const u8 msg[] = { 0x10, 0xf0, 0x01, 0xff };
	u8 digest[3];

	KUNIT_EXPECT_EQ(test, crypto_shash_digestsize(&tfm), 3u);
	KUNIT_EXPECT_EQ(test, crypto_shash_descsize(&tfm), (unsigned int)sizeof(struct sumxor_state));
	KUNIT_EXPECT_PTR_EQ(test, crypto_shash_alg(&tfm), &sumxor_alg);

	desc = kunit_kzalloc(test, sizeof(*desc) + crypto_shash_descsize(&tfm), GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, desc);
	desc->tfm = &tfm;
	/* The context follows the transform pointer, at the slab's minimum alignment. */
	KUNIT_EXPECT_PTR_EQ(test, shash_desc_ctx(desc), (void *)desc->__ctx);
	KUNIT_EXPECT_EQ(test, (unsigned long)shash_desc_ctx(desc) % ARCH_SLAB_MINALIGN, 0ul);
	KUNIT_EXPECT_GE(test, (unsigned long)shash_desc_ctx(desc) - (unsigned long)desc,
			(unsigned long)sizeof(desc->tfm));

	KUNIT_ASSERT_EQ(test, crypto_shash_alg(desc->tfm)->init(desc), 0);
	KUNIT_ASSERT_EQ(test, crypto_shash_alg(desc->tfm)->update(desc, msg, 2), 0);
	KUNIT_ASSERT_EQ(test, crypto_shash_alg(desc->tfm)->update(desc, msg + 2, 2), 0);
	KUNIT_ASSERT_EQ(test, crypto_shash_alg(desc->tfm)->final(desc, digest), 0);
	/* 0x10 + 0xf0 + 0x01 + 0xff = 0x200; 0x10 ^ 0xf0 ^ 0x01 ^ 0xff = 0x1e. */
	KUNIT_EXPECT_EQ(test, digest[0], 0x02);
	KUNIT_EXPECT_EQ(test, digest[1], 0x00);
	KUNIT_EXPECT_EQ(test, digest[2], 0x1e);
}

static struct kunit_case shash_cases[] = {
	KUNIT_CASE(test_shash_desc_ctx),
	{}
};

static struct kunit_suite shash_suite = {
	.name = "kunit_c_shash",
	.test_cases = shash_cases,
};
kunit_test_suite(shash_suite);
