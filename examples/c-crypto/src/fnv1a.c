// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * FNV-1a 64 with the headers lib/crypto code includes: <linux/export.h> for the exports,
 * <linux/unaligned.h> for the output, <linux/string.h> for memzero_explicit().
 */
#include <crypto/fnv1a.h>
#include <linux/export.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#define FNV1A64_OFFSET_BASIS 0xcbf29ce484222325ULL
#define FNV1A64_PRIME 0x00000100000001b3ULL

void fnv1a64_init(struct fnv1a64_ctx *ctx)
{
	ctx->state = FNV1A64_OFFSET_BASIS;
}
EXPORT_SYMBOL_GPL(fnv1a64_init);

void fnv1a64_update(struct fnv1a64_ctx *ctx, const u8 *data, size_t len)
{
	u64 h = ctx->state;

	for (size_t i = 0; i < len; i++)
		h = (h ^ data[i]) * FNV1A64_PRIME;
	ctx->state = h;
}
EXPORT_SYMBOL_GPL(fnv1a64_update);

void fnv1a64_final(struct fnv1a64_ctx *ctx, u8 out[FNV1A64_DIGEST_SIZE])
{
	put_unaligned_be64(ctx->state, out);
	memzero_explicit(ctx, sizeof(*ctx));
}
EXPORT_SYMBOL_GPL(fnv1a64_final);

void fnv1a64(const u8 *data, size_t len, u8 out[FNV1A64_DIGEST_SIZE])
{
	struct fnv1a64_ctx ctx;

	fnv1a64_init(&ctx);
	fnv1a64_update(&ctx, data, len);
	fnv1a64_final(&ctx, out);
}
EXPORT_SYMBOL_GPL(fnv1a64);

MODULE_DESCRIPTION("FNV-1a 64 hash, kunit-c's own library-hash example");
MODULE_LICENSE("GPL");
