/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: kstrto*() with the kernel's rules (weak: lib/kstrtox.c replaces them when
 * linked). The whole string is the number, one trailing '\n' allowed; a leading '+' is
 * accepted, a '-' only by the signed ones; base 0 reads 0x as hex and 0 as octal, base 16
 * accepts a 0x prefix; -ERANGE on overflow, -EINVAL for anything else.
 */
#include <limits.h>
#include <stdint.h>

#include "glue.h"

#define EINVAL 22
#define ERANGE 34

static int digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c |= 0x20;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return 99;
}

static const char *fixup_radix(const char *s, unsigned int *base)
{
	if (*base == 0) {
		if (s[0] == '0') {
			if ((s[1] | 0x20) == 'x' && digit(s[2]) < 16)
				*base = 16;
			else
				*base = 8;
		} else {
			*base = 10;
		}
	}
	if (*base == 16 && s[0] == '0' && (s[1] | 0x20) == 'x')
		s += 2;
	return s;
}

/* Parses digits; the count read (0: none), with overflow reported through *overflow. */
static unsigned int parse(const char *s, unsigned int base, unsigned long long *res, bool *overflow)
{
	unsigned long long v = 0;
	unsigned int n = 0;

	*overflow = false;
	for (;; s++, n++) {
		int d = digit(*s);

		if (d >= (int)base)
			break;
		if (__builtin_mul_overflow(v, base, &v) || __builtin_add_overflow(v, (unsigned)d, &v))
			*overflow = true;
	}
	*res = v;
	return n;
}

static int kstrtoull_(const char *s, unsigned int base, unsigned long long *res)
{
	unsigned long long v;
	bool overflow;
	unsigned int n;

	s = fixup_radix(s, &base);
	n = parse(s, base, &v, &overflow);
	if (n == 0)
		return -EINVAL;
	if (overflow)
		return -ERANGE;
	s += n;
	if (*s == '\n')
		s++;
	if (*s)
		return -EINVAL;
	*res = v;
	return 0;
}

KC_WEAK int kstrtoull(const char *s, unsigned int base, unsigned long long *res)
{
	if (s[0] == '+')
		s++;
	return kstrtoull_(s, base, res);
}

KC_WEAK int kstrtoll(const char *s, unsigned int base, long long *res)
{
	unsigned long long v;
	int rv;

	if (s[0] == '-') {
		rv = kstrtoull_(s + 1, base, &v);
		if (rv < 0)
			return rv;
		if ((long long)-v > 0)
			return -ERANGE;
		*res = (long long)-v;
	} else {
		rv = kstrtoull(s, base, &v);
		if (rv < 0)
			return rv;
		if ((long long)v < 0)
			return -ERANGE;
		*res = (long long)v;
	}
	return 0;
}

KC_WEAK int _kstrtoul(const char *s, unsigned int base, unsigned long *res)
{
	unsigned long long v;
	int rv = kstrtoull(s, base, &v);

	if (rv < 0)
		return rv;
	if (v != (unsigned long)v)
		return -ERANGE;
	*res = (unsigned long)v;
	return 0;
}

KC_WEAK int _kstrtol(const char *s, unsigned int base, long *res)
{
	long long v;
	int rv = kstrtoll(s, base, &v);

	if (rv < 0)
		return rv;
	if (v != (long)v)
		return -ERANGE;
	*res = (long)v;
	return 0;
}

#define UNSIGNED(name, type, max)						\
	KC_WEAK int name(const char *s, unsigned int base, type *res)		\
	{									\
		unsigned long long v;						\
		int rv = kstrtoull(s, base, &v);				\
		if (rv < 0)							\
			return rv;						\
		if (v > (max))							\
			return -ERANGE;						\
		*res = (type)v;							\
		return 0;							\
	}
#define SIGNED(name, type, min, max)						\
	KC_WEAK int name(const char *s, unsigned int base, type *res)		\
	{									\
		long long v;							\
		int rv = kstrtoll(s, base, &v);					\
		if (rv < 0)							\
			return rv;						\
		if (v < (min) || v > (max))					\
			return -ERANGE;						\
		*res = (type)v;							\
		return 0;							\
	}

UNSIGNED(kstrtouint, unsigned int, UINT_MAX)
SIGNED(kstrtoint, int, INT_MIN, INT_MAX)
UNSIGNED(kstrtou16, uint16_t, UINT16_MAX)
SIGNED(kstrtos16, int16_t, INT16_MIN, INT16_MAX)
UNSIGNED(kstrtou8, uint8_t, UINT8_MAX)
SIGNED(kstrtos8, int8_t, INT8_MIN, INT8_MAX)

/* "1yYtTeE", "0nNfFdD", "on"/"of(f)": the first one or two characters decide. */
KC_WEAK int kstrtobool(const char *s, bool *res)
{
	if (!s)
		return -EINVAL;
	switch (s[0]) {
	case 'y': case 'Y': case 't': case 'T': case '1': case 'e': case 'E':
		*res = true;
		return 0;
	case 'n': case 'N': case 'f': case 'F': case '0': case 'd': case 'D':
		*res = false;
		return 0;
	case 'o': case 'O':
		switch (s[1]) {
		case 'n': case 'N':
			*res = true;
			return 0;
		case 'f': case 'F':
			*res = false;
			return 0;
		}
		break;
	}
	return -EINVAL;
}

/* simple_strto*(): the longest prefix that is a number (lib/vsprintf.c's). */
KC_WEAK unsigned long long simple_strtoull(const char *cp, char **endp, unsigned int base)
{
	unsigned long long v;
	bool overflow;
	unsigned int n;

	cp = fixup_radix(cp, &base);
	n = parse(cp, base, &v, &overflow);
	if (endp)
		*endp = (char *)cp + n;
	return v;
}

KC_WEAK unsigned long simple_strtoul(const char *cp, char **endp, unsigned int base)
{
	return (unsigned long)simple_strtoull(cp, endp, base);
}

KC_WEAK long long simple_strtoll(const char *cp, char **endp, unsigned int base)
{
	if (*cp == '-')
		return -(long long)simple_strtoull(cp + 1, endp, base);
	return (long long)simple_strtoull(cp, endp, base);
}

KC_WEAK long simple_strtol(const char *cp, char **endp, unsigned int base)
{
	return (long)simple_strtoll(cp, endp, base);
}
