/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the sizes <crypto/hash.h> defines, which the lib/crypto headers use, and the
 * synchronous hash descriptor as far as the inline helpers of older lib/crypto headers read
 * it (6.12's <crypto/sha256_base.h>: shash_desc_ctx(), crypto_shash_digestsize()). The crypto
 * API itself (allocating transforms, ahash, algorithm registration) does not exist in a test
 * binary: a file that calls it fails to compile with its names undeclared, except
 * crypto_shash_update() below, which filesystem headers' inline checksums call (ext4.h's,
 * jbd2.h's): declared and never defined, so a file that reaches it fails to link, naming it.
 */
#ifndef _CRYPTO_HASH_H
#define _CRYPTO_HASH_H

#include <linux/slab.h>
#include <linux/types.h>

/* The largest digest of any algorithm (SHA-512), and the largest exported hash state. */
#define HASH_MAX_DIGESTSIZE 64
#define HASH_MAX_STATESIZE 512

/* Exported state of a block hash: the core state, a partial block and its length byte. */
#define CRYPTO_HASH_STATESIZE(coresize, blocksize) (coresize + blocksize + 1)

struct shash_desc;

/*
 * A synchronous hash algorithm: its operations and sizes. The kernel's keeps the sizes in a
 * struct hash_alg_common union member; the names read through it are the same.
 */
struct shash_alg {
	int (*init)(struct shash_desc *desc);
	int (*update)(struct shash_desc *desc, const u8 *data, unsigned int len);
	int (*final)(struct shash_desc *desc, u8 *out);
	unsigned int descsize;
	unsigned int digestsize;
	unsigned int statesize;
};

/*
 * A transform of a synchronous hash: the size of its operational state and its algorithm
 * (the kernel reaches the algorithm through the crypto_tfm's __crt_alg; there is no
 * crypto_tfm here, so the transform names it directly).
 */
struct crypto_shash {
	unsigned int descsize;
	struct shash_alg *__crt_alg;
};

/* One hash operation's state: the transform, then descsize bytes of the algorithm's context. */
struct shash_desc {
	struct crypto_shash *tfm;
	void *__ctx[] __aligned(ARCH_SLAB_MINALIGN);
};

static inline struct shash_alg *crypto_shash_alg(struct crypto_shash *tfm)
{
	return tfm->__crt_alg;
}

static inline unsigned int crypto_shash_digestsize(struct crypto_shash *tfm)
{
	return crypto_shash_alg(tfm)->digestsize;
}

static inline unsigned int crypto_shash_descsize(struct crypto_shash *tfm)
{
	return tfm->descsize;
}

static inline void *shash_desc_ctx(struct shash_desc *desc)
{
	return desc->__ctx;
}

int crypto_shash_update(struct shash_desc *desc, const u8 *data, unsigned int len);

#endif /* _CRYPTO_HASH_H */
