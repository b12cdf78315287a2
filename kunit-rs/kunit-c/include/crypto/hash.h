/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the sizes <crypto/hash.h> defines, which the lib/crypto headers use. The crypto
 * API itself (shash/ahash transforms, algorithm registration) does not exist in a test
 * binary: a file that calls it fails to compile with its names undeclared.
 */
#ifndef _CRYPTO_HASH_H
#define _CRYPTO_HASH_H

#include <linux/types.h>

/* The largest digest of any algorithm (SHA-512), and the largest exported hash state. */
#define HASH_MAX_DIGESTSIZE 64
#define HASH_MAX_STATESIZE 512

/* Exported state of a block hash: the core state, a partial block and its length byte. */
#define CRYPTO_HASH_STATESIZE(coresize, blocksize) (coresize + blocksize + 1)

#endif /* _CRYPTO_HASH_H */
