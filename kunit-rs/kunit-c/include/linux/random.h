/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: random numbers from kunit-c's glue: a xorshift64* generator per thread (not for
 * cryptography), deterministic: every thread starts from the seed in KUNIT_C_RANDOM_SEED
 * (decimal or 0x hex) or from a fixed one, so a run repeats exactly. The kernel's draws
 * differ on every boot; tests that need that must not rely on it here either.
 */
#ifndef _LINUX_RANDOM_H
#define _LINUX_RANDOM_H

#include <linux/types.h>
#include <linux/kernel.h>

void get_random_bytes(void *buf, size_t len);

/* The generator is ready from the start: crng_ready() holds, and @nb's callback runs now. */
struct notifier_block;
static inline bool crng_ready(void) { return true; }
int execute_with_initialized_rng(struct notifier_block *nb);
u8 get_random_u8(void);
u16 get_random_u16(void);
u32 get_random_u32(void);
u64 get_random_u64(void);
static inline unsigned long get_random_long(void) { return (unsigned long)get_random_u64(); }
static inline int get_random_int(void) { return (int)get_random_u32(); }

/* A value in [0, ceil) (0 for ceil 0), without modulo bias. */
u32 __get_random_u32_below(u32 ceil);
static inline u32 get_random_u32_below(u32 ceil) { return __get_random_u32_below(ceil); }
/* A value in [floor, U32_MAX]. */
static inline u32 get_random_u32_above(u32 floor) { return floor + 1 + get_random_u32_below(U32_MAX - floor); }
/* A value in [floor, ceil]. */
static inline u32 get_random_u32_inclusive(u32 floor, u32 ceil)
{
	return floor + get_random_u32_below(ceil - floor + 1);
}

/* The generator needs no entropy to be ready: never waits, never fails. */
static inline int get_random_bytes_wait(void *buf, size_t nbytes)
{
	get_random_bytes(buf, nbytes);
	return 0;
}

#define prandom_u32_max(ceil) get_random_u32_below(ceil)
static inline void prandom_bytes(void *buf, size_t nbytes) { get_random_bytes(buf, nbytes); }

/* As the kernel's <linux/random.h> (up to 6.x) still brings it, for its older users. */
#include <linux/prandom.h>

#endif /* _LINUX_RANDOM_H */
