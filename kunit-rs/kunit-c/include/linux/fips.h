/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: FIPS mode is never on in a test binary. The FIPS self-tests of lib/crypto run
 * from module init, which kunit-c does not call, so building with CONFIG_CRYPTO_FIPS would
 * compile them and silently skip them: refused instead.
 */
#ifndef _LINUX_FIPS_H
#define _LINUX_FIPS_H

#ifdef CONFIG_CRYPTO_FIPS
#error "kunit-c: CONFIG_CRYPTO_FIPS is not supported (FIPS self-tests run at module init, which a test binary has not)"
#endif

#define fips_enabled 0

static inline void fips_fail_notify(void)
{
}

#endif /* _LINUX_FIPS_H */
