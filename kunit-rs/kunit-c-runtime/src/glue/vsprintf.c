/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: the kernel's vsnprintf() family. Standard conversions are handed to libc's
 * snprintf() one at a time (same output for what the kernel supports); %p and its kernel
 * extensions are formatted here as lib/vsprintf.c documents them (symbols: symbols.c)
 * (Documentation/core-api/printk-formats.rst). Known extensions kunit-c lacks print
 * "(%p<x> unsupported by kunit-c)" rather than a wrong value.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glue.h"

/* %p prints plain addresses when true (the kernel's no_hash_pointers boot option). */
KC_WEAK bool no_hash_pointers;

struct out {
	char *buf;
	size_t size;
	size_t len; /* what the whole output needs, written or not */
};

static void put(struct out *o, char c)
{
	if (o->len + 1 < o->size)
		o->buf[o->len] = c;
	o->len++;
}

static void puts_n(struct out *o, const char *s, size_t n)
{
	while (n--)
		put(o, *s++);
}

/* A string in a field of @width (negative: none), left-justified when @left. */
static void field(struct out *o, const char *s, size_t n, int width, bool left)
{
	size_t pad = width > 0 && (size_t)width > n ? (size_t)width - n : 0;

	if (!left)
		while (pad--)
			put(o, ' ');
	puts_n(o, s, n);
	if (left)
		while (pad--)
			put(o, ' ');
	(void)0;
}

struct spec {
	int width;	/* -1: none */
	int precision;	/* -1: none */
	bool left, zero;
};

static void str_field(struct out *o, const char *s, const struct spec *sp)
{
	size_t n = strlen(s);

	field(o, s, n, sp->width, sp->left);
}

/* The kernel's check: NULL prints "(null)", an address in the first page or an error pointer "(efault)". */
static bool bad_pointer(struct out *o, const void *p, const struct spec *sp)
{
	if (!p) {
		str_field(o, "(null)", sp);
		return true;
	}
	if ((unsigned long)p < KC_PAGE_SIZE || KC_IS_ERR_VALUE(p)) {
		str_field(o, "(efault)", sp);
		return true;
	}
	return false;
}

static void hex_digits(struct out *o, unsigned long long v, int digits, bool upper)
{
	static const char lo[] = "0123456789abcdef", up[] = "0123456789ABCDEF";
	const char *d = upper ? up : lo;

	for (int i = digits - 1; i >= 0; i--)
		put(o, d[(v >> (4 * i)) & 0xf]);
}

/* %px's form: 2 * sizeof(void *) zero-padded hex digits, or a space-padded field. */
static void pointer_string(struct out *o, const void *p, const struct spec *sp)
{
	char tmp[32];
	int n;

	if (sp->width < 0) {
		hex_digits(o, (uintptr_t)p, 2 * (int)sizeof(void *), false);
		return;
	}
	n = snprintf(tmp, sizeof(tmp), sp->zero ? "%0*lx" : (sp->left ? "%-*lx" : "%*lx"),
		     sp->width, (unsigned long)(uintptr_t)p);
	puts_n(o, tmp, (size_t)n);
}

/*
 * %p: a 32-bit hash of the address (fixed key: equal pointers print equally), zero-padded,
 * as the kernel prints hashed pointers; NULL and error pointers print as they are.
 */
static void default_pointer(struct out *o, const void *p, const struct spec *sp)
{
	unsigned long long h;

	if (no_hash_pointers || !p || KC_IS_ERR_VALUE(p)) {
		pointer_string(o, p, sp);
		return;
	}
	h = (unsigned long long)(uintptr_t)p ^ 0x6b756e69742d63ULL;
	h ^= h >> 30;
	h *= 0xbf58476d1ce4e5b9ULL;
	h ^= h >> 27;
	h *= 0x94d049bb133111ebULL;
	h ^= h >> 31;
	pointer_string(o, (const void *)(uintptr_t)(h & 0xffffffffULL), sp);
}

/* %pS: "name+0xoff/0xsize", %ps: "name"; an address no symbol covers: "0x<address>". */
static void symbol(struct out *o, const void *p, char kind, const struct spec *sp)
{
	const char *name;
	unsigned long offset, size;
	char tmp[512];

	if (p && kunit_c_symbol(p, &name, &offset, &size)) {
		if (kind == 's' || kind == 'f')
			snprintf(tmp, sizeof(tmp), "%s", name);
		else
			snprintf(tmp, sizeof(tmp), "%s+0x%lx/0x%lx", name, offset, size);
	} else {
		snprintf(tmp, sizeof(tmp), "0x%lx", (unsigned long)(uintptr_t)p);
	}
	str_field(o, tmp, sp);
}

static void err_ptr(struct out *o, const void *p, const struct spec *sp)
{
	int err = (int)(long)p;
	const char *name = kunit_c_errname(err);
	char tmp[16];

	if (name) {
		str_field(o, name, sp);
		return;
	}
	snprintf(tmp, sizeof(tmp), "%d", err);
	str_field(o, tmp, sp);
}

/* %*ph[CDN]: up to 64 bytes as hex pairs, separated by ' ' (C ':', D '-', N nothing). */
static void hex_string(struct out *o, const unsigned char *p, char sep_kind, const struct spec *sp)
{
	char sep = sep_kind == 'C' ? ':' : sep_kind == 'D' ? '-' : sep_kind == 'N' ? 0 : ' ';
	int len = sp->width < 0 ? 1 : sp->width > 64 ? 64 : sp->width;

	if (sp->width == 0)
		return;
	if (bad_pointer(o, p, sp))
		return;
	for (int i = 0; i < len; i++) {
		if (i && sep)
			put(o, sep);
		hex_digits(o, p[i], 2, false);
	}
}

/* %pU[bBlL]: b (default) big-endian, l little-endian (GUID) order; B/L uppercase. */
static void uuid_string(struct out *o, const unsigned char *p, char kind, const struct spec *sp)
{
	static const unsigned char be[16] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };
	static const unsigned char le[16] = { 3, 2, 1, 0, 5, 4, 7, 6, 8, 9, 10, 11, 12, 13, 14, 15 };
	const unsigned char *index = (kind == 'l' || kind == 'L') ? le : be;
	bool upper = kind == 'B' || kind == 'L';
	char tmp[40];
	struct out t = { tmp, sizeof(tmp), 0 };

	if (bad_pointer(o, p, sp))
		return;
	for (int i = 0; i < 16; i++) {
		hex_digits(&t, p[index[i]], 2, upper);
		if (i == 3 || i == 5 || i == 7 || i == 9)
			put(&t, '-');
	}
	tmp[t.len] = 0;
	str_field(o, tmp, sp);
}

/* %pM ':'-separated, %pMF '-'-separated, %pMR reversed, %pm without separators. */
static void mac_string(struct out *o, const unsigned char *p, char kind, const char *ext,
		       const struct spec *sp)
{
	char sep = kind == 'm' ? 0 : ':';
	bool reversed = false;
	char tmp[20];
	struct out t = { tmp, sizeof(tmp), 0 };

	for (; *ext && isalnum((unsigned char)*ext); ext++) {
		if (*ext == 'F')
			sep = '-';
		else if (*ext == 'R')
			reversed = true;
	}
	if (bad_pointer(o, p, sp))
		return;
	for (int i = 0; i < 6; i++) {
		if (i && sep)
			put(&t, sep);
		hex_digits(&t, p[reversed ? 5 - i : i], 2, false);
	}
	tmp[t.len] = 0;
	str_field(o, tmp, sp);
}

/* %pI4 (network order; 'h' host and 'l' little-endian read the word reversed here). */
static void ip4_string(struct out *o, const unsigned char *p, bool leading_zeros, char order,
		       const struct spec *sp)
{
	const bool reversed = order == 'h' || order == 'l';
	char tmp[20];

	if (bad_pointer(o, p, sp))
		return;
	snprintf(tmp, sizeof(tmp), leading_zeros ? "%03u.%03u.%03u.%03u" : "%u.%u.%u.%u",
		 p[reversed ? 3 : 0], p[reversed ? 2 : 1], p[reversed ? 1 : 2], p[reversed ? 0 : 3]);
	str_field(o, tmp, sp);
}

/* %pI6 eight 4-digit groups, %pi6 32 digits, %pI6c RFC 5952 compressed. */
static void ip6_string(struct out *o, const unsigned char *p, char kind, bool compressed,
		       const struct spec *sp)
{
	char tmp[48];
	struct out t = { tmp, sizeof(tmp), 0 };
	unsigned int g[8];
	int best = -1, best_len = 0;

	if (bad_pointer(o, p, sp))
		return;
	for (int i = 0; i < 8; i++)
		g[i] = (unsigned int)p[2 * i] << 8 | p[2 * i + 1];
	if (kind == 'i') {
		for (int i = 0; i < 16; i++)
			hex_digits(&t, p[i], 2, false);
	} else if (!compressed) {
		for (int i = 0; i < 8; i++) {
			if (i)
				put(&t, ':');
			hex_digits(&t, g[i], 4, false);
		}
	} else if (!g[0] && !g[1] && !g[2] && !g[3] && !g[4] && g[5] == 0xffff) {
		/* IPv4-mapped: the last 32 bits as a dotted quad. */
		char v4[24];

		snprintf(v4, sizeof(v4), "::ffff:%u.%u.%u.%u", p[12], p[13], p[14], p[15]);
		puts_n(&t, v4, strlen(v4));
	} else {
		for (int i = 0; i < 8;) {
			int j = i;

			while (j < 8 && g[j] == 0)
				j++;
			if (j - i > best_len) {
				best = i;
				best_len = j - i;
			}
			i = j > i ? j : i + 1;
		}
		if (best_len < 2)
			best = -1;
		for (int i = 0; i < 8; i++) {
			char h[8];

			if (i == best) {
				puts_n(&t, "::", 2);
				i += best_len - 1;
				continue;
			}
			if (i && !(best >= 0 && i == best + best_len))
				put(&t, ':');
			snprintf(h, sizeof(h), "%x", g[i]);
			puts_n(&t, h, strlen(h));
		}
	}
	tmp[t.len < sizeof(tmp) ? t.len : sizeof(tmp) - 1] = 0;
	str_field(o, tmp, sp);
}

/* %pa[p]: a phys_addr_t, %pad a dma_addr_t, by reference: "0x" and 16 digits. */
static void address_val(struct out *o, const void *p, const struct spec *sp)
{
	unsigned long long v;
	char tmp[24];

	if (bad_pointer(o, p, sp))
		return;
	memcpy(&v, p, sizeof(v));
	snprintf(tmp, sizeof(tmp), "0x%016llx", v);
	str_field(o, tmp, sp);
}

/* %*pb: a bitmap of width bits in hex, 32-bit chunks most significant first, ','-separated. */
static void bitmap_string(struct out *o, const unsigned long *bitmap, int nr_bits, const struct spec *sp)
{
	const int chunk = 32, bpl = (int)(8 * sizeof(long));
	int chunksz;
	bool first = true;

	if (nr_bits <= 0 || bad_pointer(o, bitmap, sp))
		return;
	chunksz = nr_bits & (chunk - 1);
	if (!chunksz)
		chunksz = chunk;
	for (int i = (nr_bits + chunk - 1) / chunk * chunk - chunk; i >= 0; i -= chunk) {
		unsigned long long mask = (1ULL << chunksz) - 1;
		unsigned long long val = (bitmap[i / bpl] >> (i % bpl)) & mask;

		if (!first)
			put(o, ',');
		first = false;
		hex_digits(o, val, (chunksz + 3) / 4, false);
		chunksz = chunk;
	}
}

static bool test_bit_at(const unsigned long *bitmap, int bit)
{
	const int bpl = (int)(8 * sizeof(long));

	return (bitmap[bit / bpl] >> (bit % bpl)) & 1;
}

/* %*pbl: the set bits as ranges, "0-3,5,7-9". */
static void bitmap_list_string(struct out *o, const unsigned long *bitmap, int nr_bits,
			       const struct spec *sp)
{
	bool first = true;
	char tmp[32];

	if (nr_bits <= 0 || bad_pointer(o, bitmap, sp))
		return;
	for (int i = 0; i < nr_bits; i++) {
		int start = i;

		if (!test_bit_at(bitmap, i))
			continue;
		while (i + 1 < nr_bits && test_bit_at(bitmap, i + 1))
			i++;
		if (!first)
			put(o, ',');
		first = false;
		if (start == i)
			snprintf(tmp, sizeof(tmp), "%d", start);
		else
			snprintf(tmp, sizeof(tmp), "%d-%d", start, i);
		puts_n(o, tmp, strlen(tmp));
	}
}

static void format(struct out *o, const char *fmt, va_list ap);

static void unsupported(struct out *o, char c, const struct spec *sp)
{
	char tmp[48];

	snprintf(tmp, sizeof(tmp), "(%%p%c unsupported by kunit-c)", c);
	str_field(o, tmp, sp);
}

/* One %p conversion; @ext is what follows the 'p'. */
static void pointer(struct out *o, const char *ext, const void *p, const struct spec *sp)
{
	switch (*ext) {
	case 'S': case 's': case 'F': case 'f': case 'B':
		symbol(o, p, *ext, sp);
		return;
	case 'e':
		if (!KC_IS_ERR_VALUE(p)) {
			default_pointer(o, p, sp);
			return;
		}
		err_ptr(o, p, sp);
		return;
	case 'h':
		hex_string(o, p, ext[1], sp);
		return;
	case 'U':
		uuid_string(o, p, ext[1], sp);
		return;
	case 'M': case 'm':
		mac_string(o, p, *ext, ext + 1, sp);
		return;
	case 'I': case 'i':
		if (ext[1] == '4')
			ip4_string(o, p, *ext == 'i', ext[2], sp);
		else if (ext[1] == '6')
			ip6_string(o, p, *ext, ext[2] == 'c', sp);
		else
			unsupported(o, *ext, sp);
		return;
	case 'a':
		address_val(o, p, sp);
		return;
	case 'x':
		pointer_string(o, p, sp);
		return;
	case 'K':
		default_pointer(o, p, sp);
		return;
	case 'b':
		if (ext[1] == 'l')
			bitmap_list_string(o, p, sp->width, sp);
		else
			bitmap_string(o, p, sp->width, sp);
		return;
	case 'V': {
		const struct { const char *fmt; va_list *va; } *vaf = p;
		va_list va;

		if (bad_pointer(o, p, sp))
			return;
		va_copy(va, *vaf->va);
		format(o, vaf->fmt, va);
		va_end(va);
		return;
	}
	case 'A': case 'C': case 'D': case 'd': case 'E': case 'G': case 'g': case 'k':
	case 'N': case 'O': case 'R': case 'r': case 't': case '4':
		unsupported(o, *ext, sp);
		return;
	default:
		default_pointer(o, p, sp);
	}
}

/* The output of libc's snprintf for one conversion (@conv a complete "%...x" spec). */
#define LIBC_ONE(o, conv, value)						\
	do {									\
		char __tmp[256];						\
		int __n = snprintf(__tmp, sizeof(__tmp), conv, value);		\
		if (__n < 0)							\
			break;							\
		if ((size_t)__n < sizeof(__tmp)) {				\
			puts_n(o, __tmp, (size_t)__n);				\
		} else {							\
			char *__big = malloc((size_t)__n + 1);			\
			if (!__big)						\
				break;						\
			snprintf(__big, (size_t)__n + 1, conv, value);		\
			puts_n(o, __big, (size_t)__n);				\
			free(__big);						\
		}								\
	} while (0)

static void format(struct out *o, const char *fmt, va_list ap)
{
	while (*fmt) {
		char conv[64], *c = conv;
		struct spec sp = { -1, -1, false, false };
		char len[3] = "";

		if (*fmt != '%') {
			put(o, *fmt++);
			continue;
		}
		*c++ = *fmt++;
		if (*fmt == '%') {
			put(o, '%');
			fmt++;
			continue;
		}
		while (*fmt && strchr("-+ #0", *fmt)) {
			if (*fmt == '-')
				sp.left = true;
			if (*fmt == '0')
				sp.zero = true;
			if (c < conv + 8)
				*c++ = *fmt;
			fmt++;
		}
		if (*fmt == '*') {
			sp.width = va_arg(ap, int);
			if (sp.width < 0) {
				sp.left = true;
				*c++ = '-';
				sp.width = -sp.width;
			}
			fmt++;
		} else if (isdigit((unsigned char)*fmt)) {
			sp.width = 0;
			while (isdigit((unsigned char)*fmt))
				sp.width = sp.width * 10 + (*fmt++ - '0');
		}
		if (sp.width >= 0)
			c += snprintf(c, 16, "%d", sp.width);
		if (*fmt == '.') {
			fmt++;
			if (*fmt == '*') {
				sp.precision = va_arg(ap, int);
				fmt++;
			} else {
				sp.precision = 0;
				while (isdigit((unsigned char)*fmt))
					sp.precision = sp.precision * 10 + (*fmt++ - '0');
			}
			if (sp.precision < 0)
				sp.precision = -1;
			if (sp.precision >= 0)
				c += snprintf(c, 16, ".%d", sp.precision);
		}
		if (*fmt == 'h' || *fmt == 'l' || *fmt == 'z' || *fmt == 'Z' || *fmt == 't' ||
		    *fmt == 'L' || *fmt == 'j') {
			len[0] = *fmt == 'Z' ? 'z' : *fmt;
			fmt++;
			if ((len[0] == 'h' && *fmt == 'h') || (len[0] == 'l' && *fmt == 'l')) {
				len[1] = *fmt;
				fmt++;
			}
			if (len[0] == 'L')
				len[0] = 'l', len[1] = 'l'; /* the kernel's %Ld is long long */
		}
		if (!*fmt)
			break;
		if (*fmt == 'p') {
			const void *p = va_arg(ap, void *);

			fmt++;
			pointer(o, fmt, p, &sp);
			while (isalnum((unsigned char)*fmt))
				fmt++;
			continue;
		}
		if (*fmt == 's') {
			const char *s = va_arg(ap, const char *);

			fmt++;
			if (!s || (unsigned long)s < KC_PAGE_SIZE || KC_IS_ERR_VALUE(s))
				s = s ? "(efault)" : "(null)";
			*c++ = 's';
			*c = 0;
			LIBC_ONE(o, conv, s);
			continue;
		}
		if (*fmt == 'c') {
			int ch = va_arg(ap, int);

			fmt++;
			*c++ = 'c';
			*c = 0;
			{
				char one = (char)ch;

				field(o, &one, 1, sp.width, sp.left);
			}
			continue;
		}
		if (*fmt == 'n') { /* not supported by the kernel: ignored, as it does */
			(void)va_arg(ap, void *);
			fmt++;
			continue;
		}
		if (!strchr("diouxX", *fmt)) {
			/* An unknown conversion: the kernel stops formatting here. */
			break;
		}
		for (const char *l = len; *l; l++)
			*c++ = *l;
		*c++ = *fmt;
		*c = 0;
		{
			bool is_signed = *fmt == 'd' || *fmt == 'i';

			fmt++;
			if (!strcmp(len, "ll") || !strcmp(len, "j")) {
				if (is_signed)
					LIBC_ONE(o, conv, va_arg(ap, long long));
				else
					LIBC_ONE(o, conv, va_arg(ap, unsigned long long));
			} else if (!strcmp(len, "l") || !strcmp(len, "z") || !strcmp(len, "t")) {
				if (is_signed)
					LIBC_ONE(o, conv, va_arg(ap, long));
				else
					LIBC_ONE(o, conv, va_arg(ap, unsigned long));
			} else {
				if (is_signed)
					LIBC_ONE(o, conv, va_arg(ap, int));
				else
					LIBC_ONE(o, conv, va_arg(ap, unsigned int));
			}
		}
	}
}

KC_WEAK int KC_KERNEL(vsnprintf)(char *buf, size_t size, const char *fmt, va_list args)
{
	struct out o = { buf, size, 0 };
	va_list ap;

	if (size > 0x7fffffff)
		return 0;
	va_copy(ap, args);
	format(&o, fmt, ap);
	va_end(ap);
	if (size)
		buf[o.len < size ? o.len : size - 1] = '\0';
	return (int)o.len;
}

KC_WEAK int KC_KERNEL(snprintf)(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = KC_KERNEL(vsnprintf)(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

KC_WEAK int KC_KERNEL(vsprintf)(char *buf, const char *fmt, va_list args)
{
	return KC_KERNEL(vsnprintf)(buf, 0x7fffffff, fmt, args);
}

KC_WEAK int KC_KERNEL(sprintf)(char *buf, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = KC_KERNEL(vsnprintf)(buf, 0x7fffffff, fmt, ap);
	va_end(ap);
	return n;
}

/* What was written into buf (not counting the NUL), never more than size - 1. */
KC_WEAK int vscnprintf(char *buf, size_t size, const char *fmt, va_list args)
{
	int n = KC_KERNEL(vsnprintf)(buf, size, fmt, args);

	if ((size_t)n < size)
		return n;
	return size ? (int)size - 1 : 0;
}

KC_WEAK int scnprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vscnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

KC_WEAK char *kvasprintf(kc_gfp_t gfp, const char *fmt, va_list args)
{
	va_list ap;
	int n;
	char *p;

	va_copy(ap, args);
	n = KC_KERNEL(vsnprintf)(NULL, 0, fmt, ap);
	va_end(ap);
	p = __kmalloc_noprof((size_t)n + 1, gfp);
	if (!p)
		return NULL;
	KC_KERNEL(vsnprintf)(p, (size_t)n + 1, fmt, args);
	return p;
}

KC_WEAK const char *kvasprintf_const(kc_gfp_t gfp, const char *fmt, va_list args)
{
	return kvasprintf(gfp, fmt, args);
}

KC_WEAK char *kasprintf(kc_gfp_t gfp, const char *fmt, ...)
{
	va_list ap;
	char *p;

	va_start(ap, fmt);
	p = kvasprintf(gfp, fmt, ap);
	va_end(ap);
	return p;
}

KC_WEAK int KC_KERNEL(vsscanf)(const char *buf, const char *fmt, va_list args)
{
	return vsscanf(buf, fmt, args);
}

KC_WEAK int KC_KERNEL(sscanf)(const char *buf, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsscanf(buf, fmt, ap);
	va_end(ap);
	return n;
}

/* The decimal digits of num, right-aligned in width with '0's (width 0: as many as needed). */
KC_WEAK int num_to_str(char *buf, int size, unsigned long long num, unsigned int width)
{
	char tmp[32];
	int n = snprintf(tmp, sizeof(tmp), "%0*llu", (int)width, num);

	if (n > size)
		return 0;
	memcpy(buf, tmp, (size_t)n);
	return n;
}

/* Malloc'd by libc (Rust frees it with free()), formatted by the kernel's rules. */
char *__kunit_c_vformat(const char *fmt, va_list ap)
{
	va_list ap2;
	char *s;
	int n;

	if (!fmt)
		return NULL;
	va_copy(ap2, ap);
	n = KC_KERNEL(vsnprintf)(NULL, 0, fmt, ap2);
	va_end(ap2);
	s = malloc((size_t)n + 1);
	if (s)
		KC_KERNEL(vsnprintf)(s, (size_t)n + 1, fmt, ap);
	return s;
}
