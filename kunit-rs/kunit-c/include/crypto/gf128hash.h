/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: POLYVAL (RFC 8452), implemented by kunit-arch (feature c-abi). The layouts
 * are kunit-arch's: a key holds the powers of H its implementations use.
 */
#ifndef _CRYPTO_GF128HASH_H
#define _CRYPTO_GF128HASH_H

#include <linux/types.h>

#define POLYVAL_BLOCK_SIZE 16
#define POLYVAL_DIGEST_SIZE 16

/* A field element, little-endian byte order and natural bit order. */
struct polyval_elem {
	union {
		u8 bytes[POLYVAL_BLOCK_SIZE];
		struct {
			__le64 lo;
			__le64 hi;
		};
	};
};

/* A prepared key: H and its powers, and which implementation prepared them. */
struct polyval_key {
	struct polyval_elem h_powers[16];
	u64 __implementation;
};

/* An incremental computation. */
struct polyval_ctx {
	const struct polyval_key *key;
	struct polyval_elem acc;
	size_t partial;
};

void polyval_preparekey(struct polyval_key *key,
			const u8 raw_key[POLYVAL_BLOCK_SIZE]);
void polyval_init(struct polyval_ctx *ctx, const struct polyval_key *key);
void polyval_update(struct polyval_ctx *ctx, const u8 *data, size_t len);
/* Writes the digest (a partial block counts zero-padded) and zeroes the context. */
void polyval_final(struct polyval_ctx *ctx, u8 out[POLYVAL_BLOCK_SIZE]);
void polyval(const struct polyval_key *key, const u8 *data, size_t len,
	     u8 out[POLYVAL_BLOCK_SIZE]);

_Static_assert(sizeof(struct polyval_key) == 264, "struct polyval_key matches kunit-arch");
_Static_assert(sizeof(struct polyval_ctx) == 16 + 2 * sizeof(size_t),
	       "struct polyval_ctx matches kunit-arch");

#endif /* _CRYPTO_GF128HASH_H */
