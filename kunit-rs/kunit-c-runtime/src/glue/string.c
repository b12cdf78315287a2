/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: lib/string.c's and lib/string_helpers.c's functions, each weak so the
 * kernel's own files replace them when linked. The ones with a libc name are defined under
 * their kernel label (__kunit_c_kernel_<name>) and call libc's: the same results, and the
 * process keeps libc's own functions either way.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <string.h>
#include <strings.h>
#include <sys/types.h>

#include "glue.h"

#define E2BIG 7
#define EINVAL 22

#define LIBC(ret, name, params, args) \
	KC_WEAK ret KC_KERNEL(name) params { return name args; }

LIBC(char *, strcpy, (char *d, const char *s), (d, s))
LIBC(char *, strncpy, (char *d, const char *s, size_t n), (d, s, n))
LIBC(char *, stpcpy, (char *d, const char *s), (d, s))
LIBC(char *, strcat, (char *d, const char *s), (d, s))
LIBC(char *, strncat, (char *d, const char *s, size_t n), (d, s, n))
LIBC(int, strcmp, (const char *a, const char *b), (a, b))
LIBC(int, strncmp, (const char *a, const char *b, size_t n), (a, b, n))
LIBC(int, strcasecmp, (const char *a, const char *b), (a, b))
LIBC(int, strncasecmp, (const char *a, const char *b, size_t n), (a, b, n))
LIBC(char *, strchr, (const char *s, int c), (s, c))
LIBC(char *, strchrnul, (const char *s, int c), (s, c))
LIBC(char *, strrchr, (const char *s, int c), (s, c))
LIBC(size_t, strlen, (const char *s), (s))
LIBC(size_t, strnlen, (const char *s, size_t n), (s, n))
LIBC(size_t, strspn, (const char *s, const char *a), (s, a))
LIBC(size_t, strcspn, (const char *s, const char *r), (s, r))
LIBC(char *, strpbrk, (const char *s, const char *a), (s, a))
LIBC(char *, strsep, (char **s, const char *d), (s, d))
LIBC(char *, strstr, (const char *a, const char *b), (a, b))
LIBC(void *, memset, (void *s, int c, size_t n), (s, c, n))
LIBC(void *, memcpy, (void *d, const void *s, size_t n), (d, s, n))
LIBC(void *, memmove, (void *d, const void *s, size_t n), (d, s, n))
LIBC(int, memcmp, (const void *a, const void *b, size_t n), (a, b, n))
LIBC(void *, memchr, (const void *s, int c, size_t n), (s, c, n))

KC_WEAK int KC_KERNEL(bcmp)(const void *a, const void *b, size_t n)
{
	return memcmp(a, b, n);
}

/* strlcat: the length it tried to create; appends what fits. */
KC_WEAK size_t KC_KERNEL(strlcat)(char *dest, const char *src, size_t count)
{
	size_t dsize = strlen(dest), len = strlen(src), res = dsize + len;

	/* The kernel BUGs when dest is not terminated within count. */
	if (dsize >= count)
		return res;
	dest += dsize;
	count -= dsize;
	if (len >= count)
		len = count - 1;
	memcpy(dest, src, len);
	dest[len] = 0;
	return res;
}

KC_WEAK size_t KC_KERNEL(strlcpy)(char *dest, const char *src, size_t size)
{
	size_t ret = strlen(src);

	if (size) {
		size_t len = ret >= size ? size - 1 : ret;

		memcpy(dest, src, len);
		dest[len] = '\0';
	}
	return ret;
}

KC_WEAK ssize_t sized_strscpy(char *dest, const char *src, size_t count)
{
	size_t i;

	if (count == 0 || count > 0x7fffffff)
		return -E2BIG;
	for (i = 0; i < count - 1 && src[i]; i++)
		dest[i] = src[i];
	dest[i] = '\0';
	return src[i] ? -E2BIG : (ssize_t)i;
}

KC_WEAK char *strnchrnul(const char *s, size_t count, int c)
{
	while (count-- && *s && *s != (char)c)
		s++;
	return (char *)s;
}

KC_WEAK char *strnchr(const char *s, size_t count, int c)
{
	while (count--) {
		if (*s == (char)c)
			return (char *)s;
		if (*s++ == '\0')
			break;
	}
	return NULL;
}

KC_WEAK char *strnstr(const char *s1, const char *s2, size_t len)
{
	size_t l2 = strlen(s2);

	if (!l2)
		return (char *)s1;
	while (len >= l2) {
		len--;
		if (!memcmp(s1, s2, l2))
			return (char *)s1;
		s1++;
	}
	return NULL;
}

KC_WEAK void *memset16(uint16_t *s, uint16_t v, size_t count)
{
	uint16_t *xs = s;

	while (count--)
		*xs++ = v;
	return s;
}

KC_WEAK void *memset32(uint32_t *s, uint32_t v, size_t count)
{
	uint32_t *xs = s;

	while (count--)
		*xs++ = v;
	return s;
}

KC_WEAK void *memset64(unsigned long long *s, unsigned long long v, size_t count)
{
	unsigned long long *xs = s;

	while (count--)
		*xs++ = v;
	return s;
}

/* The first byte equal to c, or addr + size. */
KC_WEAK void *memscan(void *addr, int c, size_t size)
{
	unsigned char *p = addr;

	while (size) {
		if (*p == (unsigned char)c)
			return p;
		p++;
		size--;
	}
	return p;
}

KC_WEAK void *memchr_inv(const void *start, int c, size_t bytes)
{
	const unsigned char *p = start;

	for (; bytes; p++, bytes--)
		if (*p != (unsigned char)c)
			return (void *)p;
	return NULL;
}

/* The kernel's isspace(): also 0x85 and 0xa0 are not, but \t\n\v\f\r and ' ' are. */
static int kspace(unsigned char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r') || c == 0xa0;
}

KC_WEAK char *skip_spaces(const char *str)
{
	while (kspace((unsigned char)*str))
		++str;
	return (char *)str;
}

KC_WEAK char *strim(char *s)
{
	size_t size = strlen(s);
	char *end;

	if (!size)
		return s;
	end = s + size - 1;
	while (end >= s && kspace((unsigned char)*end))
		end--;
	*(end + 1) = '\0';
	return skip_spaces(s);
}

/* Equal, a trailing newline on either side aside. */
KC_WEAK bool sysfs_streq(const char *s1, const char *s2)
{
	while (*s1 && *s1 == *s2) {
		s1++;
		s2++;
	}
	if (*s1 == *s2)
		return true;
	if (!*s1 && *s2 == '\n' && !s2[1])
		return true;
	if (*s1 == '\n' && !s1[1] && !*s2)
		return true;
	return false;
}

/* The index of string in array[0..n) (n may be -1: up to a NULL entry), or -EINVAL. */
KC_WEAK int match_string(const char *const *array, size_t n, const char *string)
{
	for (size_t i = 0; i < n; i++) {
		if (!array[i])
			break;
		if (!strcmp(array[i], string))
			return (int)i;
	}
	return -EINVAL;
}

KC_WEAK int __sysfs_match_string(const char *const *array, size_t n, const char *str)
{
	for (size_t i = 0; i < n; i++) {
		if (!array[i])
			continue;
		if (sysfs_streq(array[i], str))
			return (int)i;
	}
	return -EINVAL;
}

KC_WEAK char *strreplace(char *str, char old, char new_)
{
	char *s = str;

	for (; *s; ++s)
		if (*s == old)
			*s = new_;
	return str;
}

KC_WEAK void memcpy_and_pad(void *dest, size_t dest_len, const void *src, size_t count, int pad)
{
	if (dest_len > count) {
		memcpy(dest, src, count);
		memset((char *)dest + count, pad, dest_len - count);
	} else {
		memcpy(dest, src, dest_len);
	}
}
