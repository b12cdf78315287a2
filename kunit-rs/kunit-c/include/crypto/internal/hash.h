/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: <crypto/internal/hash.h>, the hash algorithms' side of the crypto API, as far as
 * the lib/crypto headers that include it use it (6.12's <crypto/sha256_base.h>): the
 * descriptor and algorithm types of <crypto/hash.h>. Registering an algorithm
 * (crypto_register_shash(), instances, spawns, ahash) does not exist in a test binary: a file
 * that calls it fails to compile with its names undeclared.
 */
#ifndef _CRYPTO_INTERNAL_HASH_H
#define _CRYPTO_INTERNAL_HASH_H

#include <crypto/algapi.h>
#include <crypto/hash.h>

#endif /* _CRYPTO_INTERNAL_HASH_H */
