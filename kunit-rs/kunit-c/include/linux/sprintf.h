/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the kernel's formatted output (lib/vsprintf.c's interface), implemented by
 * kunit-c's glue with the kernel's semantics: scnprintf() returns what was written, and the
 * %p extensions print as the kernel prints them (see docs/src/c-suites.md): %pe, %pS/%ps,
 * %*ph[CDN], %pU[bBlL], %pM[RF], %pI4/%pi4/%pI6/%pI6c, %pa[pd], %px, %pK, %pV, %*pb[l], and %p
 * hashed (no_hash_pointers prints plain addresses).
 */
#ifndef _LINUX_KERNEL_SPRINTF_H_
#define _LINUX_KERNEL_SPRINTF_H_

#include <linux/compiler.h>
#include <linux/stdarg.h>
#include <linux/types.h>

int num_to_str(char *buf, int size, unsigned long long num, unsigned int width);

int sprintf(char *buf, const char *fmt, ...) __kunit_c_kernel(sprintf) __printf(2, 3);
int vsprintf(char *buf, const char *fmt, va_list args) __kunit_c_kernel(vsprintf) __printf(2, 0);
int snprintf(char *buf, size_t size, const char *fmt, ...) __kunit_c_kernel(snprintf) __printf(3, 4);
int vsnprintf(char *buf, size_t size, const char *fmt, va_list args) __kunit_c_kernel(vsnprintf) __printf(3, 0);
int scnprintf(char *buf, size_t size, const char *fmt, ...) __printf(3, 4);
int vscnprintf(char *buf, size_t size, const char *fmt, va_list args) __printf(3, 0);
char *kasprintf(gfp_t gfp, const char *fmt, ...) __printf(2, 3) __malloc;
char *kvasprintf(gfp_t gfp, const char *fmt, va_list args) __printf(2, 0) __malloc;
const char *kvasprintf_const(gfp_t gfp, const char *fmt, va_list args) __printf(2, 0);

int sscanf(const char *buf, const char *fmt, ...) __kunit_c_kernel(sscanf) __scanf(2, 3);
int vsscanf(const char *buf, const char *fmt, va_list args) __kunit_c_kernel(vsscanf) __scanf(2, 0);

/* Rust's formatting of %pA, in a kernel built with CONFIG_RUST (never here). */
char *rust_fmt_argument(char *buf, char *end, const void *ptr);

/* %p prints plain addresses when true (the kernel's no_hash_pointers boot option). */
extern bool no_hash_pointers;

/* A format and its arguments, printed by %pV. */
struct va_format {
	const char *fmt;
	va_list *va;
};

#endif /* _LINUX_KERNEL_SPRINTF_H_ */
