/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: libc's string functions plus the kernel's strscpy(). */
#ifndef _LINUX_STRING_H
#define _LINUX_STRING_H

#include <string.h>
#include <sys/types.h>
#include <linux/err.h>

/* Copies at most size-1 bytes and NUL-terminates; -E2BIG when truncated. */
static inline ssize_t strscpy(char *dst, const char *src, size_t size)
{
	size_t i;

	if (size == 0)
		return -E2BIG;
	for (i = 0; i < size - 1 && src[i]; i++)
		dst[i] = src[i];
	dst[i] = '\0';
	return src[i] ? -E2BIG : (ssize_t)i;
}

static inline void memzero_explicit(void *s, size_t count)
{
	memset(s, 0, count);
	__asm__ __volatile__("" : : "r"(s) : "memory");
}

#endif /* _LINUX_STRING_H */
