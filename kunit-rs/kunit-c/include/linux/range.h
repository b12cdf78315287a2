/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: an inclusive range of 64-bit values (the kernel's <linux/range.h>). */
#if __has_include_next(<linux/range.h>)
/* The tree's own header, when the tree has one. */
#include_next <linux/range.h>
#elif !defined(_LINUX_RANGE_H)
#define _LINUX_RANGE_H

#include <linux/types.h>

struct range {
	u64 start;
	u64 end; /* inclusive */
};

static inline u64 range_len(const struct range *range)
{
	return range->end - range->start + 1;
}

/* Whether @r1 holds all of @r2. */
static inline bool range_contains(const struct range *r1, const struct range *r2)
{
	return r1->start <= r2->start && r1->end >= r2->end;
}

/* Whether @r1 and @r2 share a value. */
static inline bool range_overlaps(const struct range *r1, const struct range *r2)
{
	return r1->start <= r2->end && r1->end >= r2->start;
}

#define DEFINE_RANGE(_start, _end)		\
	(struct range) {			\
		.start = (_start),		\
		.end = (_end),			\
	}

#endif /* _LINUX_RANGE_H */
