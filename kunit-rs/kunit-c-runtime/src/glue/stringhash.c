/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: fs/namei.c's name hashes, full_name_hash() and hashlen_string() (weak: the
 * kernel's file replaces them when linked). The byte-at-a-time form the kernel uses without
 * CONFIG_DCACHE_WORD_ACCESS, so the values are <linux/stringhash.h>'s: each byte folded in
 * by partial_name_hash(), the sum finished by end_name_hash(), hash_long(hash, 32).
 */
#include "glue.h"

static unsigned long kc_partial_name_hash(unsigned long c, unsigned long prevhash)
{
	return (prevhash + (c << 4) + (c >> 4)) * 11;
}

/* hash_long(hash, 32): the top 32 bits of the golden-ratio product of a long. */
static unsigned int kc_end_name_hash(unsigned long hash)
{
#if __SIZEOF_LONG__ == 8
	return (unsigned int)(hash * 0x61C8864680B583EBul >> 32);
#else
	return hash * 0x61C88647u;
#endif
}

KC_WEAK unsigned int full_name_hash(const void *salt, const char *name, unsigned int len)
{
	unsigned long hash = (unsigned long)salt;

	while (len--)
		hash = kc_partial_name_hash((unsigned char)*name++, hash);
	return kc_end_name_hash(hash);
}

/* The hash in the low 32 bits, the length in the high ones (hashlen_create()). */
KC_WEAK unsigned long long hashlen_string(const void *salt, const char *name)
{
	unsigned long hash = (unsigned long)salt;
	unsigned long len = 0;
	unsigned long c = (unsigned char)name[0];

	while (c) {
		len++;
		hash = kc_partial_name_hash(c, hash);
		c = (unsigned char)name[len];
	}
	return (unsigned long long)len << 32 | kc_end_name_hash(hash);
}
