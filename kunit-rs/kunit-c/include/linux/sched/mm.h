/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the allocation scopes of the kernel's <linux/sched/mm.h>. memalloc_noio_save()
 * and its kin mark the calling thread (the glue keeps one flags word per thread) until the
 * matching restore, and current_gfp_context() strips what the open scopes forbid, as the
 * kernel does. might_alloc() is might_sleep_if() on a blocking mask. kunit-c has no
 * address spaces, so mm_struct's reference counting (mmget/mmgrab & co.) is absent.
 */
#ifndef _LINUX_SCHED_MM_H
#define _LINUX_SCHED_MM_H

#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/sched.h>

/* The calling thread's scope flags (kunit-c's glue). */
unsigned int *__kunit_c_memalloc_flags(void);

/* The scope bits (private to kunit-c: save() returns them only for restore()). */
#define __KUNIT_C_MEMALLOC_NOFS 0x1u
#define __KUNIT_C_MEMALLOC_NOIO 0x2u
#define __KUNIT_C_MEMALLOC_NORECLAIM 0x4u
#define __KUNIT_C_MEMALLOC_PIN 0x8u

/* @flags as an allocation in the current scopes sees them. */
static inline gfp_t current_gfp_context(gfp_t flags)
{
	unsigned int scope = *__kunit_c_memalloc_flags();

	if (scope & __KUNIT_C_MEMALLOC_NOIO)
		flags &= ~(__GFP_IO | __GFP_FS);
	else if (scope & __KUNIT_C_MEMALLOC_NOFS)
		flags &= ~__GFP_FS;
	if (scope & __KUNIT_C_MEMALLOC_PIN)
		flags &= ~__GFP_MOVABLE;
	return flags;
}

static inline void might_alloc(gfp_t gfp_mask)
{
	(void)gfp_mask; /* might_sleep_if() may drop its condition */
	might_sleep_if(gfpflags_allow_blocking(gfp_mask));
}

static inline void fs_reclaim_acquire(gfp_t gfp_mask) { (void)gfp_mask; }
static inline void fs_reclaim_release(gfp_t gfp_mask) { (void)gfp_mask; }

/* Opens a scope: returns the bits it newly set, for the matching restore. */
static inline unsigned int __kunit_c_memalloc_save(unsigned int bits)
{
	unsigned int *scope = __kunit_c_memalloc_flags();
	unsigned int old = *scope & bits;

	*scope |= bits;
	return old ^ bits;
}

/* Closes the scope whose save() returned @set: clears only what it set. */
static inline void __kunit_c_memalloc_restore(unsigned int set)
{
	*__kunit_c_memalloc_flags() &= ~set;
}

static inline unsigned int memalloc_noio_save(void)
{
	return __kunit_c_memalloc_save(__KUNIT_C_MEMALLOC_NOIO);
}
static inline void memalloc_noio_restore(unsigned int flags) { __kunit_c_memalloc_restore(flags); }
static inline unsigned int memalloc_nofs_save(void)
{
	return __kunit_c_memalloc_save(__KUNIT_C_MEMALLOC_NOFS);
}
static inline void memalloc_nofs_restore(unsigned int flags) { __kunit_c_memalloc_restore(flags); }
static inline unsigned int memalloc_noreclaim_save(void)
{
	return __kunit_c_memalloc_save(__KUNIT_C_MEMALLOC_NORECLAIM);
}
static inline void memalloc_noreclaim_restore(unsigned int flags)
{
	__kunit_c_memalloc_restore(flags);
}
static inline unsigned int memalloc_pin_save(void)
{
	return __kunit_c_memalloc_save(__KUNIT_C_MEMALLOC_PIN);
}
static inline void memalloc_pin_restore(unsigned int flags) { __kunit_c_memalloc_restore(flags); }

#endif
