// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our own hash library (src/fnv1a.c) tested the way the kernel's lib/crypto tests test
 * theirs: published test vectors, one-shot against incremental, a guard page after every
 * buffer, context zeroization, and concurrent use from task, softirq and hardirq context.
 */
#include <crypto/fnv1a.h>
#include <kunit/run-in-irq-context.h>
#include <kunit/test.h>
#include <linux/random.h>
#include <linux/vmalloc.h>

/* Page-aligned length: &guarded[GUARDED_LEN] is the first byte of the guard page. */
#define GUARDED_LEN (2 * PAGE_SIZE)
static u8 *guarded;

static int fnv1a_suite_init(struct kunit_suite *suite)
{
	guarded = vmalloc(GUARDED_LEN);
	return guarded ? 0 : -ENOMEM;
}

static void fnv1a_suite_exit(struct kunit_suite *suite)
{
	vfree(guarded);
	guarded = NULL;
}

/* The FNV reference's vectors for FNV-1a 64, digests written big-endian. */
static const struct {
	const char *data;
	u8 digest[FNV1A64_DIGEST_SIZE];
} fnv1a64_testvecs[] = {
	{ "", { 0xcb, 0xf2, 0x9c, 0xe4, 0x84, 0x22, 0x23, 0x25 } },
	{ "a", { 0xaf, 0x63, 0xdc, 0x4c, 0x86, 0x01, 0xec, 0x8c } },
	{ "foobar", { 0x85, 0x94, 0x41, 0x71, 0xf7, 0x39, 0x67, 0xe8 } },
};

static void test_fnv1a64_test_vectors(struct kunit *test)
{
	for (size_t i = 0; i < ARRAY_SIZE(fnv1a64_testvecs); i++) {
		const char *data = fnv1a64_testvecs[i].data;
		u8 digest[FNV1A64_DIGEST_SIZE];

		fnv1a64((const u8 *)data, strlen(data), digest);
		KUNIT_EXPECT_MEMEQ_MSG(test, digest, fnv1a64_testvecs[i].digest,
				       FNV1A64_DIGEST_SIZE, "vector %zu (\"%s\")", i, data);
	}
}

/* Any split of the data into updates gives the one-shot digest. */
static void test_fnv1a64_incremental_updates(struct kunit *test)
{
	get_random_bytes(guarded, GUARDED_LEN);
	for (int i = 0; i < 100; i++) {
		size_t len = get_random_u32_below(GUARDED_LEN + 1);
		size_t done = 0;
		struct fnv1a64_ctx ctx;
		u8 one_shot[FNV1A64_DIGEST_SIZE];
		u8 incremental[FNV1A64_DIGEST_SIZE];

		fnv1a64(guarded, len, one_shot);
		fnv1a64_init(&ctx);
		while (done < len) {
			size_t part = get_random_u32_below(len - done + 1);

			fnv1a64_update(&ctx, &guarded[done], part);
			done += part;
		}
		fnv1a64_final(&ctx, incremental);
		KUNIT_ASSERT_MEMEQ_MSG(test, one_shot, incremental, FNV1A64_DIGEST_SIZE,
				       "len=%zu", len);
	}
}

/* Data, digest and context each end at the guard page: an overrun faults. */
static void test_fnv1a64_buffer_overruns(struct kunit *test)
{
	u8 *end = &guarded[GUARDED_LEN];
	struct fnv1a64_ctx *guarded_ctx = (struct fnv1a64_ctx *)(end - sizeof(*guarded_ctx));
	u8 digest[FNV1A64_DIGEST_SIZE];
	u8 expected[FNV1A64_DIGEST_SIZE];

	for (size_t len = 0; len <= 256; len++) {
		fnv1a64(end - len, len, expected);
		fnv1a64(end - len, len, end - FNV1A64_DIGEST_SIZE);
		KUNIT_ASSERT_MEMEQ(test, end - FNV1A64_DIGEST_SIZE, expected,
				   FNV1A64_DIGEST_SIZE);
		fnv1a64_init(guarded_ctx);
		fnv1a64_update(guarded_ctx, guarded, len);
		fnv1a64_final(guarded_ctx, digest);
		fnv1a64(guarded, len, expected);
		KUNIT_ASSERT_MEMEQ(test, digest, expected, FNV1A64_DIGEST_SIZE);
	}
}

static void test_fnv1a64_ctx_zeroization(struct kunit *test)
{
	static const u8 zeroes[sizeof(struct fnv1a64_ctx)];
	struct fnv1a64_ctx ctx;
	u8 digest[FNV1A64_DIGEST_SIZE];

	fnv1a64_init(&ctx);
	fnv1a64_update(&ctx, (const u8 *)"foobar", 6);
	fnv1a64_final(&ctx, digest);
	KUNIT_EXPECT_MEMEQ_MSG(test, &ctx, zeroes, sizeof(ctx),
			       "context not zeroized by fnv1a64_final()");
}

#define IRQ_MESSAGES 3
#define IRQ_MESSAGE_LEN 256

struct fnv1a64_irq_state {
	u8 expected[IRQ_MESSAGES][FNV1A64_DIGEST_SIZE];
	atomic_t seqno;
};

/* Runs in task, softirq and hardirq context: no allocation, no assertion. */
static bool fnv1a64_irq_func(void *state_)
{
	struct fnv1a64_irq_state *state = state_;
	u32 i = (u32)atomic_inc_return(&state->seqno) % IRQ_MESSAGES;
	u8 digest[FNV1A64_DIGEST_SIZE];

	fnv1a64(&guarded[i * IRQ_MESSAGE_LEN], IRQ_MESSAGE_LEN, digest);
	return memcmp(digest, state->expected[i], FNV1A64_DIGEST_SIZE) == 0;
}

static void test_fnv1a64_interrupt_context(struct kunit *test)
{
	struct fnv1a64_irq_state state = {};

	get_random_bytes(guarded, IRQ_MESSAGES * IRQ_MESSAGE_LEN);
	for (int i = 0; i < IRQ_MESSAGES; i++)
		fnv1a64(&guarded[i * IRQ_MESSAGE_LEN], IRQ_MESSAGE_LEN, state.expected[i]);
	kunit_run_irq_test(test, fnv1a64_irq_func, 100000, &state);
}

static struct kunit_case fnv1a_test_cases[] = {
	KUNIT_CASE(test_fnv1a64_test_vectors),
	KUNIT_CASE(test_fnv1a64_incremental_updates),
	KUNIT_CASE(test_fnv1a64_buffer_overruns),
	KUNIT_CASE(test_fnv1a64_ctx_zeroization),
	KUNIT_CASE(test_fnv1a64_interrupt_context),
	{},
};

static struct kunit_suite fnv1a_test_suite = {
	.name = "fnv1a64",
	.test_cases = fnv1a_test_cases,
	.suite_init = fnv1a_suite_init,
	.suite_exit = fnv1a_suite_exit,
};
kunit_test_suite(fnv1a_test_suite);

MODULE_DESCRIPTION("KUnit tests of kunit-c's own FNV-1a 64 example");
MODULE_LICENSE("GPL");
