/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: random numbers from a per-thread xorshift generator (not for cryptography). */
#ifndef _LINUX_RANDOM_H
#define _LINUX_RANDOM_H

#include <linux/types.h>

static inline u64 __kunit_c_random_next(void)
{
	static __thread u64 state = 0x9e3779b97f4a7c15ull;

	state ^= state << 13;
	state ^= state >> 7;
	state ^= state << 17;
	return state;
}

static inline void get_random_bytes(void *buf, size_t len)
{
	u8 *p = (u8 *)buf;

	while (len--)
		*p++ = (u8)__kunit_c_random_next();
}
/* The generator needs no entropy to be ready: never waits, never fails. */
static inline int get_random_bytes_wait(void *buf, size_t len)
{
	get_random_bytes(buf, len);
	return 0;
}
static inline u32 get_random_u32(void) { return (u32)__kunit_c_random_next(); }
static inline u64 get_random_u64(void) { return __kunit_c_random_next(); }
static inline u8 get_random_u8(void) { return (u8)__kunit_c_random_next(); }
static inline u16 get_random_u16(void) { return (u16)__kunit_c_random_next(); }
/* A value in [0, ceil). */
static inline u32 get_random_u32_below(u32 ceil) { return ceil ? get_random_u32() % ceil : 0; }
static inline u32 get_random_u32_inclusive(u32 lo, u32 hi)
{
	return lo + get_random_u32_below(hi - lo + 1);
}

#endif /* _LINUX_RANDOM_H */
