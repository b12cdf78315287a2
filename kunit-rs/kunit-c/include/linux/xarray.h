/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the xarray, with the kernel's entry encoding (value entries, internal and error
 * entries) and the semantics of Documentation/core-api/xarray.rst for the normal API
 * (xa_load/xa_store/xa_insert/xa_erase/xa_find/xa_for_each/xa_destroy) and the read side of
 * the advanced API (XA_STATE, xas_load/xas_reload/xas_next/xas_find/xas_for_each/
 * xas_retry/xas_reset/xas_set). The glue keeps the entries in an index-sorted table under
 * the array's xa_lock; every call takes that lock, readers included (so a reader needs no
 * RCU grace period here). Multi-index entries, marks and xas_store() are not provided.
 */
#ifndef _LINUX_XARRAY_H
#define _LINUX_XARRAY_H

#include <linux/types.h>
#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/limits.h>
#include <linux/rcupdate.h>
/* As the kernel's: the allocation scopes (memalloc_nofs_save(), ...) come with it. */
#include <linux/sched/mm.h>
#include <linux/spinlock.h>

#define BITS_PER_XA_VALUE (BITS_PER_LONG - 1)

static inline void *xa_mk_value(unsigned long v)
{
	WARN_ON((long)v < 0);
	return (void *)((v << 1) | 1);
}
static inline unsigned long xa_to_value(const void *entry) { return (unsigned long)entry >> 1; }
static inline bool xa_is_value(const void *entry) { return (unsigned long)entry & 1; }
static inline void *xa_mk_internal(unsigned long v) { return (void *)((v << 2) | 2); }
static inline unsigned long xa_to_internal(const void *entry)
{
	return (unsigned long)entry >> 2;
}
static inline bool xa_is_internal(const void *entry) { return ((unsigned long)entry & 3) == 2; }

#define XA_ZERO_ENTRY xa_mk_internal(257)
#define XA_RETRY_ENTRY xa_mk_internal(256)
static inline bool xa_is_zero(const void *entry) { return entry == XA_ZERO_ENTRY; }
static inline bool xa_is_retry(const void *entry) { return entry == XA_RETRY_ENTRY; }
static inline bool xa_is_advanced(const void *entry)
{
	return xa_is_internal(entry) && entry <= XA_RETRY_ENTRY;
}
static inline bool xa_is_err(const void *entry)
{
	return unlikely(xa_is_internal(entry) && entry >= xa_mk_internal(-MAX_ERRNO));
}
static inline int xa_err(void *entry)
{
	return xa_is_err(entry) ? (int)((long)entry >> 2) : 0;
}
#define XA_ERROR(errno) ((struct xa_node *)(((unsigned long)(errno) << 2) | 2UL))

struct xa_node;
typedef unsigned int xa_mark_t;

struct xarray {
	spinlock_t xa_lock;
	gfp_t xa_flags;
	void *xa_head; /* kunit-c: the glue's table of entries */
};

#define XA_FLAGS_LOCK_IRQ 1U
#define XA_FLAGS_LOCK_BH 2U
/*
 * The allocating array's flags, with the kernel's values, so that a tree's <linux/idr.h>
 * (IDA_INIT_FLAGS) and DEFINE_XARRAY_ALLOC() compile. They are kept in xa_flags and change
 * nothing here: xa_alloc() and the marks are not provided, so code that allocates IDs fails
 * to build rather than getting IDs without the tracking.
 */
#define XA_FLAGS_TRACK_FREE 4U
#define XA_FLAGS_ZERO_BUSY 8U
#define XA_FLAGS_ALLOC_WRAPPED 16U
#define XA_FLAGS_ACCOUNT 32U
#define XA_FLAGS_MARK(mark) ((gfp_t)((1U << __GFP_BITS_SHIFT) << (unsigned int)(mark)))
#define XA_FREE_MARK 0U
#define XA_FLAGS_ALLOC (XA_FLAGS_TRACK_FREE | XA_FLAGS_MARK(XA_FREE_MARK))
#define XA_FLAGS_ALLOC1 (XA_FLAGS_TRACK_FREE | XA_FLAGS_ZERO_BUSY)
#define DEFINE_XARRAY_ALLOC(name) DEFINE_XARRAY_FLAGS(name, XA_FLAGS_ALLOC)
#define DEFINE_XARRAY_ALLOC1(name) DEFINE_XARRAY_FLAGS(name, XA_FLAGS_ALLOC1)

#define XARRAY_INIT(name, flags) { .xa_lock = __SPIN_LOCK_UNLOCKED(name.xa_lock), \
				   .xa_flags = (flags), .xa_head = NULL }
#define DEFINE_XARRAY_FLAGS(name, flags) struct xarray name = XARRAY_INIT(name, flags)
#define DEFINE_XARRAY(name) DEFINE_XARRAY_FLAGS(name, 0)

static inline void xa_init_flags(struct xarray *xa, gfp_t flags)
{
	spin_lock_init(&xa->xa_lock);
	xa->xa_flags = flags;
	xa->xa_head = NULL;
}
static inline void xa_init(struct xarray *xa) { xa_init_flags(xa, 0); }

void *xa_load(struct xarray *xa, unsigned long index);
/* The old entry, or an error entry (-ENOMEM; -EINVAL for an internal entry). */
void *xa_store(struct xarray *xa, unsigned long index, void *entry, gfp_t gfp);
void *xa_erase(struct xarray *xa, unsigned long index);
/* 0, -EBUSY if @index holds an entry, -ENOMEM, or -EINVAL. */
int xa_insert(struct xarray *xa, unsigned long index, void *entry, gfp_t gfp);
/* Frees the xarray's own memory (never the entries); the array is then empty. */
void xa_destroy(struct xarray *xa);
/* The first entry at an index in [*@indexp, @max], with *@indexp set to it; else NULL. */
void *xa_find(struct xarray *xa, unsigned long *indexp, unsigned long max, xa_mark_t filter);
/* As xa_find(), strictly after *@indexp. */
void *xa_find_after(struct xarray *xa, unsigned long *indexp, unsigned long max,
		    xa_mark_t filter);
bool xa_empty(const struct xarray *xa);

#define XA_PRESENT 8U
#define xa_for_each_range(xa, index, entry, start, last)                  \
	for (index = (start), entry = xa_find(xa, &index, last, XA_PRESENT); \
	     entry; entry = xa_find_after(xa, &index, last, XA_PRESENT))
#define xa_for_each_start(xa, index, entry, start) \
	xa_for_each_range(xa, index, entry, start, ULONG_MAX)
#define xa_for_each(xa, index, entry) xa_for_each_start(xa, index, entry, 0)

/* The advanced API's cursor: xa_node is XAS_RESTART until the cursor has been walked. */
struct xa_state {
	struct xarray *xa;
	unsigned long xa_index;
	struct xa_node *xa_node;
};

#define XAS_BOUNDS ((struct xa_node *)1UL)
#define XAS_RESTART ((struct xa_node *)3UL)
#define __XA_STATE(array, index) { .xa = (array), .xa_index = (index), .xa_node = XAS_RESTART }
#define XA_STATE(name, array, index) struct xa_state name = __XA_STATE(array, index)

static inline void xas_reset(struct xa_state *xas) { xas->xa_node = XAS_RESTART; }
static inline void xas_set(struct xa_state *xas, unsigned long index)
{
	xas->xa_index = index;
	xas->xa_node = XAS_RESTART;
}
static inline void *xas_load(struct xa_state *xas)
{
	xas->xa_node = NULL;
	return xa_load(xas->xa, xas->xa_index);
}
static inline void *xas_reload(struct xa_state *xas) { return xa_load(xas->xa, xas->xa_index); }
/* Moves to the next index and returns its entry (NULL if none). */
static inline void *xas_next(struct xa_state *xas)
{
	if (xas->xa_node != XAS_RESTART)
		xas->xa_index++;
	return xas_load(xas);
}
/* A zero or retry entry (never stored by this xarray): the walk restarts. */
static inline bool xas_retry(struct xa_state *xas, const void *entry)
{
	if (xa_is_zero(entry))
		return true;
	if (!xa_is_retry(entry))
		return false;
	xas_reset(xas);
	return true;
}
/*
 * Not walked yet: the first entry at or after xa_index; walked: the first after it. Up to
 * @max; NULL past it (xa_index then past @max, as the kernel's XAS_BOUNDS).
 */
static inline void *xas_find(struct xa_state *xas, unsigned long max)
{
	unsigned long index = xas->xa_index;
	void *entry;

	if (xas->xa_node == XAS_RESTART)
		entry = xa_find(xas->xa, &index, max, XA_PRESENT);
	else if (index == ULONG_MAX || index >= max)
		entry = NULL;
	else
		entry = xa_find_after(xas->xa, &index, max, XA_PRESENT);
	if (!entry) {
		xas->xa_node = XAS_BOUNDS;
		if (xas->xa_index < max)
			xas->xa_index = max + (max != ULONG_MAX);
		return NULL;
	}
	xas->xa_index = index;
	xas->xa_node = NULL;
	return entry;
}
#define xas_next_entry(xas, max) xas_find(xas, max)
#define xas_for_each(xas, entry, max) \
	for (entry = xas_find(xas, max); entry; entry = xas_next_entry(xas, max))

#define xa_lock(xa) spin_lock(&(xa)->xa_lock)
#define xa_unlock(xa) spin_unlock(&(xa)->xa_lock)

#endif /* _LINUX_XARRAY_H */
