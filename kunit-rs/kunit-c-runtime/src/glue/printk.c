/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: printk() to stderr (the KTAP document is on stdout), one write per message,
 * the level prefix stripped; BUG(), WARN() and panic() reports.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "glue.h"

char *__kunit_c_vformat(const char *fmt, va_list ap);

static void write_all(const char *s, size_t n)
{
	while (n) {
		ssize_t w = write(2, s, n);

		if (w <= 0)
			return;
		s += w;
		n -= (size_t)w;
	}
}

/* Skips KERN_SOH + level pairs ("\0016", "\001c", ...). */
static const char *skip_levels(const char *s)
{
	while (s[0] == '\001' && s[1] && ((s[1] >= '0' && s[1] <= '7') || s[1] == 'c'))
		s += 2;
	return s;
}

KC_WEAK int vprintk(const char *fmt, va_list args)
{
	char *s = __kunit_c_vformat(fmt, args);
	const char *text;
	size_t n;

	if (!s)
		return 0;
	text = skip_levels(s);
	n = strlen(text);
	write_all(text, n);
	free(s);
	return (int)n;
}

KC_WEAK int _printk(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vprintk(fmt, ap);
	va_end(ap);
	return n;
}

void __kunit_c_bug(const char *file, int line)
{
	fprintf(stderr, "kernel BUG at %s:%d!\n", file, line);
	fflush(stderr);
	abort();
}

/*
 * How many WARN()s this thread reported: what kunit-c's own tests of a warning read (per
 * thread, so tests running in parallel do not see each other's).
 */
static __thread unsigned long kc_warnings;

unsigned long __kunit_c_warn_count(void)
{
	return kc_warnings;
}

void __kunit_c_warn(const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	kc_warnings++;
	fprintf(stderr, "------------[ cut here ]------------\nWARNING: at %s:%d\n", file, line);
	if (fmt) {
		va_start(ap, fmt);
		vprintk(fmt, ap);
		va_end(ap);
	}
	fflush(stderr);
}

KC_WEAK void panic(const char *fmt, ...)
{
	va_list ap;

	fputs("Kernel panic - not syncing: ", stderr);
	fflush(stderr);
	va_start(ap, fmt);
	vprintk(fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

/* lib/hexdump.c's interface (weak: the kernel's file replaces it when linked). */
KC_WEAK const char hex_asc[] = "0123456789abcdef";
KC_WEAK const char hex_asc_upper[] = "0123456789ABCDEF";

KC_WEAK int hex_to_bin(unsigned char ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	return -1;
}

KC_WEAK int hex2bin(unsigned char *dst, const char *src, size_t count)
{
	while (count--) {
		int hi = hex_to_bin((unsigned char)*src++), lo;

		if (hi < 0)
			return -22; /* -EINVAL */
		lo = hex_to_bin((unsigned char)*src++);
		if (lo < 0)
			return -22;
		*dst++ = (unsigned char)(hi << 4 | lo);
	}
	return 0;
}

KC_WEAK char *bin2hex(char *dst, const void *src, size_t count)
{
	const unsigned char *p = src;

	while (count--) {
		*dst++ = hex_asc[*p >> 4];
		*dst++ = hex_asc[*p++ & 0xf];
	}
	return dst;
}

/*
 * One line of a hex dump: groups of groupsize bytes (1, 2, 4 or 8; little-endian values for
 * groups above 1), then the printable ASCII if asked. Returns the length it needs.
 */
KC_WEAK int hex_dump_to_buffer(const void *buf, size_t len, int rowsize, int groupsize,
			       char *linebuf, size_t linebuflen, bool ascii)
{
	const unsigned char *ptr = buf;
	char tmp[512];
	size_t n = 0;
	int ngroups;

	if (rowsize != 16 && rowsize != 32)
		rowsize = 16;
	if (len > (size_t)rowsize)
		len = (size_t)rowsize;
	if (groupsize != 1 && groupsize != 2 && groupsize != 4 && groupsize != 8)
		groupsize = 1;
	if (len % (size_t)groupsize)
		groupsize = 1;
	ngroups = (int)(len / (size_t)groupsize);
	for (int j = 0; j < ngroups; j++) {
		unsigned long long v = 0;

		for (int b = groupsize - 1; b >= 0; b--)
			v = v << 8 | ptr[j * groupsize + b];
		n += (size_t)snprintf(tmp + n, sizeof(tmp) - n, "%s%0*llx", j ? " " : "",
				      2 * groupsize, v);
	}
	if (ascii && len) {
		int pad = rowsize * 2 + rowsize / groupsize + 1 - (int)n;

		while (pad-- > 0 && n < sizeof(tmp) - 1)
			tmp[n++] = ' ';
		for (size_t j = 0; j < len && n < sizeof(tmp) - 1; j++)
			tmp[n++] = (ptr[j] >= 0x20 && ptr[j] < 0x7f) ? (char)ptr[j] : '.';
	}
	tmp[n] = 0;
	if (linebuflen) {
		size_t c = n < linebuflen - 1 ? n : linebuflen - 1;

		memcpy(linebuf, tmp, c);
		linebuf[c] = 0;
	}
	return (int)n;
}

KC_WEAK void print_hex_dump(const char *level, const char *prefix_str, int prefix_type,
			    int rowsize, int groupsize, const void *buf, size_t len, bool ascii)
{
	const unsigned char *ptr = buf;
	char line[512];

	(void)level;
	if (rowsize != 16 && rowsize != 32)
		rowsize = 16;
	for (size_t i = 0; i < len; i += (size_t)rowsize) {
		size_t linelen = len - i < (size_t)rowsize ? len - i : (size_t)rowsize;

		hex_dump_to_buffer(ptr + i, linelen, rowsize, groupsize, line, sizeof(line), ascii);
		if (prefix_type == 1)
			_printk("%s%p: %s\n", prefix_str, (const void *)(ptr + i), line);
		else if (prefix_type == 2)
			_printk("%s%.8zx: %s\n", prefix_str, i, line);
		else
			_printk("%s%s\n", prefix_str, line);
	}
}
