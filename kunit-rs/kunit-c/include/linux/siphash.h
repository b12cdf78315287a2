/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: SipHash-2-4 (64-bit) and HalfSipHash-1-3 (32-bit), defined by the kernel's
 * lib/siphash.c; the round and constants here are the algorithms' own, which that file
 * uses.
 */
#ifndef _LINUX_SIPHASH_H
#define _LINUX_SIPHASH_H

#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/kconfig.h>

#define SIPHASH_ALIGNMENT __alignof__(u64)
typedef struct {
	u64 key[2];
} siphash_key_t;

#define siphash_aligned_key_t siphash_key_t __aligned(16)

static inline bool siphash_key_is_zero(const siphash_key_t *key)
{
	return !(key->key[0] | key->key[1]);
}

u64 __siphash_aligned(const void *data, size_t len, const siphash_key_t *key);
u64 __siphash_unaligned(const void *data, size_t len, const siphash_key_t *key);
u64 siphash_1u64(const u64 a, const siphash_key_t *key);
u64 siphash_2u64(const u64 a, const u64 b, const siphash_key_t *key);
u64 siphash_3u64(const u64 a, const u64 b, const u64 c, const siphash_key_t *key);
u64 siphash_4u64(const u64 a, const u64 b, const u64 c, const u64 d, const siphash_key_t *key);
u64 siphash_1u32(const u32 a, const siphash_key_t *key);
u64 siphash_3u32(const u32 a, const u32 b, const u32 c, const siphash_key_t *key);

/* Two (four) u32 words hash as one (two) little-endian u64. */
static inline u64 siphash_2u32(const u32 a, const u32 b, const siphash_key_t *key)
{
	return siphash_1u64((u64)b << 32 | a, key);
}

static inline u64 siphash_4u32(const u32 a, const u32 b, const u32 c, const u32 d,
			       const siphash_key_t *key)
{
	return siphash_2u64((u64)b << 32 | a, (u64)d << 32 | c, key);
}

/* The aligned code exists only where unaligned loads are slow, as in lib/siphash.c. */
static inline u64 siphash(const void *data, size_t len, const siphash_key_t *key)
{
#ifndef CONFIG_HAVE_EFFICIENT_UNALIGNED_ACCESS
	if (IS_ALIGNED((unsigned long)data, SIPHASH_ALIGNMENT))
		return __siphash_aligned(data, len, key);
#endif
	return __siphash_unaligned(data, len, key);
}

#define HSIPHASH_ALIGNMENT __alignof__(unsigned long)
typedef struct {
	unsigned long key[2];
} hsiphash_key_t;

u32 __hsiphash_aligned(const void *data, size_t len, const hsiphash_key_t *key);
u32 __hsiphash_unaligned(const void *data, size_t len, const hsiphash_key_t *key);
u32 hsiphash_1u32(const u32 a, const hsiphash_key_t *key);
u32 hsiphash_2u32(const u32 a, const u32 b, const hsiphash_key_t *key);
u32 hsiphash_3u32(const u32 a, const u32 b, const u32 c, const hsiphash_key_t *key);
u32 hsiphash_4u32(const u32 a, const u32 b, const u32 c, const u32 d,
		  const hsiphash_key_t *key);

static inline u32 hsiphash(const void *data, size_t len, const hsiphash_key_t *key)
{
#ifndef CONFIG_HAVE_EFFICIENT_UNALIGNED_ACCESS
	if (IS_ALIGNED((unsigned long)data, HSIPHASH_ALIGNMENT))
		return __hsiphash_aligned(data, len, key);
#endif
	return __hsiphash_unaligned(data, len, key);
}

/* One SipRound on the state (v0, v1, v2, v3): add, rotate, xor. */
#define SIPHASH_PERMUTATION(a, b, c, d) (					\
	(a) += (b), (b) = rol64((b), 13), (b) ^= (a), (a) = rol64((a), 32),	\
	(c) += (d), (d) = rol64((d), 16), (d) ^= (c),				\
	(a) += (d), (d) = rol64((d), 21), (d) ^= (a),				\
	(c) += (b), (b) = rol64((b), 17), (b) ^= (c), (c) = rol64((c), 32))

/* "somepseudorandomlygeneratedbytes", the SipHash initialisation constants. */
#define SIPHASH_CONST_0 0x736f6d6570736575ULL
#define SIPHASH_CONST_1 0x646f72616e646f6dULL
#define SIPHASH_CONST_2 0x6c7967656e657261ULL
#define SIPHASH_CONST_3 0x7465646279746573ULL

/* HalfSipHash's round on 32-bit words, and its constants. */
#define HSIPHASH_PERMUTATION(a, b, c, d) (					\
	(a) += (b), (b) = rol32((b), 5), (b) ^= (a), (a) = rol32((a), 16),	\
	(c) += (d), (d) = rol32((d), 8), (d) ^= (c),				\
	(a) += (d), (d) = rol32((d), 7), (d) ^= (a),				\
	(c) += (b), (b) = rol32((b), 13), (b) ^= (c), (c) = rol32((c), 16))

#define HSIPHASH_CONST_0 0U
#define HSIPHASH_CONST_1 0U
#define HSIPHASH_CONST_2 0x6c796765U
#define HSIPHASH_CONST_3 0x74656462U

#endif /* _LINUX_SIPHASH_H */
