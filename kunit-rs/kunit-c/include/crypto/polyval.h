/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: the older name of crypto/gf128hash.h's POLYVAL interface. */
#ifndef _CRYPTO_POLYVAL_H
#define _CRYPTO_POLYVAL_H
#include <crypto/gf128hash.h>
#endif
