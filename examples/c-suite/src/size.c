// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * The code under test of tests/c-suite_kunit.c, in a file of its own as library code is in
 * the kernel: `kunit run --coverage` counts this file, not the test file.
 */
#include <kunit/static_stub.h>
#include <linux/errno.h>
#include <linux/limits.h>
#include "size.h"

/* A stub point: tests can replace the multiplier lookup. */
unsigned long long size_multiplier(char suffix)
{
	KUNIT_STATIC_STUB_REDIRECT(size_multiplier, suffix);

	switch (suffix) {
	case 'K': return 1ULL << 10;
	case 'M': return 1ULL << 20;
	case 'G': return 1ULL << 30;
	default: return 0;
	}
}

/* "4K" → 4096; -EINVAL for anything else, -ERANGE past ULLONG_MAX. */
int parse_size(const char *s, unsigned long long *out)
{
	unsigned long long n = 0, mult = 1;

	if (!s || !*s)
		return -EINVAL;
	for (; *s >= '0' && *s <= '9'; s++) {
		unsigned long long digit = (unsigned long long)(*s - '0');

		if (n > (ULLONG_MAX - digit) / 10)
			return -ERANGE; /* no test reaches it: a branch --coverage shows not taken */
		n = n * 10 + digit;
	}
	if (*s) {
		mult = size_multiplier(*s++);
		if (!mult || *s)
			return -EINVAL;
	}
	*out = n * mult;
	return 0;
}

/*
 * The largest of the suffixes G, M, K that divides @v exactly, or 0. No test calls it yet:
 * `kunit run --coverage` shows its lines uncovered (scripts/check-coverage-report.sh checks so).
 */
char size_suffix(unsigned long long v)
{
	if (v && !(v & ((1ULL << 30) - 1)))
		return 'G';
	if (v && !(v & ((1ULL << 20) - 1)))
		return 'M';
	if (v && !(v & ((1ULL << 10) - 1)))
		return 'K';
	return 0;
}
