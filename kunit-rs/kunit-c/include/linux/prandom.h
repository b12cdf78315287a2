/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the kernel's seedable pseudo-random generator (a combined Tausworthe
 * generator), defined by lib/random32.c; seeding is inline, with the kernel's arithmetic,
 * so a seed gives the kernel's sequence.
 */
#ifndef _LINUX_PRANDOM_H
#define _LINUX_PRANDOM_H

#include <linux/types.h>
#include <linux/random.h>

struct rnd_state {
	__u32 s1, s2, s3, s4;
};

u32 prandom_u32_state(struct rnd_state *state);
void prandom_bytes_state(struct rnd_state *state, void *buf, size_t nbytes);
/* Seeds each CPU's state of @pcpu_state from get_random_bytes(). */
void prandom_seed_full_state(struct rnd_state __percpu *pcpu_state);

/* Each component must be at least its minimum @m, or the generator degenerates. */
static inline u32 __seed(u32 x, u32 m)
{
	return x < m ? x + m : x;
}

static inline void prandom_seed_state(struct rnd_state *state, u64 seed)
{
	u32 mixed = (u32)(((seed >> 32) ^ (seed << 10) ^ seed) & 0xffffffffUL);

	state->s1 = __seed(mixed, 2U);
	state->s2 = __seed(mixed, 8U);
	state->s3 = __seed(mixed, 16U);
	state->s4 = __seed(mixed, 128U);
}

#endif /* _LINUX_PRANDOM_H */
