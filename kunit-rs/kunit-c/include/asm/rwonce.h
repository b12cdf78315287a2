/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: READ_ONCE()/WRITE_ONCE() (<linux/compiler.h>) and a word read that may pass a NUL. */
#ifndef __ASM_RWONCE_H
#define __ASM_RWONCE_H

#include <linux/compiler.h>

/*
 * One aligned word at addr (the bytes after a string's NUL in it are read too). As in the
 * kernel (__no_kasan_or_inline), not checked by AddressSanitizer: the aligned word cannot
 * fault, though its tail may lie past the object.
 */
#ifdef __SANITIZE_ADDRESS__
static __no_sanitize_address __maybe_unused
#else
static inline
#endif
unsigned long read_word_at_a_time(const void *addr)
{
	unsigned long w;

	__builtin_memcpy(&w, addr, sizeof(w));
	return w;
}

#endif /* __ASM_RWONCE_H */
