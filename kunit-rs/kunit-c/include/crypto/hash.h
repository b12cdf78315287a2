/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the sizes <crypto/hash.h> defines, which the lib/crypto headers use. The crypto
 * API itself (shash/ahash transforms, algorithm registration) does not exist in a test
 * binary: a file that calls it fails to compile with its names undeclared, except the
 * shash request below, which filesystem headers embed (ext4.h's, jbd2.h's checksums).
 */
#ifndef _CRYPTO_HASH_H
#define _CRYPTO_HASH_H

#include <linux/types.h>

/* The largest digest of any algorithm (SHA-512), and the largest exported hash state. */
#define HASH_MAX_DIGESTSIZE 64
#define HASH_MAX_STATESIZE 512

/*
 * A synchronous hash transform and the operation state kept with a request (what the
 * kernel's inline helpers read: the state's size). No transform can be allocated here
 * (crypto_alloc_shash() is absent), so crypto_shash_update() is declared and never
 * defined: a file that reaches it fails to link, naming it.
 */
struct crypto_shash {
	unsigned int descsize;
};

struct shash_desc {
	struct crypto_shash *tfm;
	void *__ctx[] __aligned(__alignof__(unsigned long long));
};

static inline unsigned int crypto_shash_descsize(struct crypto_shash *tfm)
{
	return tfm->descsize;
}

int crypto_shash_update(struct shash_desc *desc, const u8 *data, unsigned int len);

/* Exported state of a block hash: the core state, a partial block and its length byte. */
#define CRYPTO_HASH_STATESIZE(coresize, blocksize) (coresize + blocksize + 1)

#endif /* _CRYPTO_HASH_H */
