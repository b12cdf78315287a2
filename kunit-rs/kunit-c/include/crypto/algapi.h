/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: what lib/crypto takes from <crypto/algapi.h>, the helpers of <crypto/utils.h>
 * (crypto_memneq(), crypto_xor()): the kernel's own utils.h, when a kernel tree's include/
 * is on the path (kunit-c has none of its own). The algorithm registration API
 * (crypto_register_alg(), struct crypto_instance, ...) does not exist in a test binary: a
 * file that uses it fails to compile with its names undeclared.
 */
#ifndef _CRYPTO_ALGAPI_H
#define _CRYPTO_ALGAPI_H

#if __has_include(<crypto/utils.h>)
#include <crypto/utils.h>
#endif
#include <linux/types.h>

#endif /* _CRYPTO_ALGAPI_H */
