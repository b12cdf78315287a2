/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: CONFIG_FORTIFY_SOURCE's run-time report (lib/string_helpers.c's
 * __fortify_report() and __fortify_panic(), weak: the kernel's file replaces them when
 * linked). The reason code is <linux/fortify-string.h>'s: the function in bits 7..1 (in
 * the order of enum fortify_func), 1 for a write in bit 0.
 */
#include "glue.h"

void __kunit_c_warn(const char *file, int line, const char *fmt, ...);
void __kunit_c_bug(const char *file, int line) __attribute__((noreturn));

static const char *const kc_fortify_names[] = {
	"strncpy", "strnlen", "strlen", "strscpy", "strlcat", "strcat",
	"strncat", "memset", "memcpy", "memmove", "memscan", "memcmp",
	"memchr", "memchr_inv", "kmemdup", "strcpy", "UNKNOWN",
};

#define KC_FORTIFY_UNKNOWN (sizeof(kc_fortify_names) / sizeof(kc_fortify_names[0]) - 1)

KC_WEAK void __fortify_report(const unsigned char reason, const size_t avail, const size_t size)
{
	size_t func = (reason >> 1) & 0x7f;

	if (func > KC_FORTIFY_UNKNOWN)
		func = KC_FORTIFY_UNKNOWN;
	__kunit_c_warn(__FILE__, __LINE__, "%s: detected buffer overflow: %zu byte %s of buffer size %zu\n",
		       kc_fortify_names[func], size, reason & 1 ? "write" : "read", avail);
}

KC_WEAK void __fortify_panic(const unsigned char reason, const size_t avail, const size_t size)
{
	__fortify_report(reason, avail, size);
	__kunit_c_bug(__FILE__, __LINE__);
}
