/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * FNV-1a, 64-bit (Fowler/Noll/Vo): a small non-cryptographic hash with the kernel's
 * library-hash API shape (init/update/final on a context, a one-shot function, the context
 * zeroized by final), so that kunit-c can test that shape with code of our own.
 */
#ifndef _CRYPTO_FNV1A_H
#define _CRYPTO_FNV1A_H

#include <linux/types.h>

#define FNV1A64_DIGEST_SIZE 8

struct fnv1a64_ctx {
	u64 state;
};

void fnv1a64_init(struct fnv1a64_ctx *ctx);
void fnv1a64_update(struct fnv1a64_ctx *ctx, const u8 *data, size_t len);
/* Writes the digest big-endian (as the FNV reference prints it), then zeroizes @ctx. */
void fnv1a64_final(struct fnv1a64_ctx *ctx, u8 out[FNV1A64_DIGEST_SIZE]);
void fnv1a64(const u8 *data, size_t len, u8 out[FNV1A64_DIGEST_SIZE]);

#endif /* _CRYPTO_FNV1A_H */
