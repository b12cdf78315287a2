/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: <linux/xarray.h>'s normal API over an index-sorted table of (index, entry)
 * pairs (binary search), kept in xa_head. Every call holds the array's xa_lock (the byte
 * of kunit-c's spinlock_t, taken here as a plain test-and-set lock), so loads never see a
 * table being grown. Internal entries (the kernel's xa_is_internal()) cannot be stored.
 */
#include <errno.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "glue.h"

/* <linux/xarray.h>'s struct xarray: spinlock_t (one byte), gfp_t, the head. */
struct kc_xarray {
	unsigned char lock;
	kc_gfp_t flags;
	void *head;
};

struct kc_slot {
	unsigned long index;
	void *entry;
};

struct kc_table {
	size_t n, cap;
	struct kc_slot slot[];
};

#define XA_ERROR(err) ((void *)(((unsigned long)(long)(err) << 2) | 2UL))
#define IS_INTERNAL(e) (((uintptr_t)(e) & 3) == 2)

static void lock(struct kc_xarray *xa)
{
	while (__atomic_test_and_set(&xa->lock, __ATOMIC_ACQUIRE))
		sched_yield();
}

static void unlock(struct kc_xarray *xa)
{
	__atomic_clear(&xa->lock, __ATOMIC_RELEASE);
}

/* The first slot whose index is >= @index (n if none). */
static size_t lower_bound(const struct kc_table *t, unsigned long index)
{
	size_t lo = 0, hi = t ? t->n : 0;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (t->slot[mid].index < index)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static bool found(const struct kc_table *t, size_t at, unsigned long index)
{
	return t && at < t->n && t->slot[at].index == index;
}

void *xa_load(struct kc_xarray *xa, unsigned long index)
{
	struct kc_table *t;
	void *entry = NULL;
	size_t at;

	lock(xa);
	t = xa->head;
	at = lower_bound(t, index);
	if (found(t, at, index))
		entry = t->slot[at].entry;
	unlock(xa);
	return entry;
}

/* Under the lock: the old entry, or an error entry. @insert: fail with -EBUSY if taken. */
static void *store_locked(struct kc_xarray *xa, unsigned long index, void *entry, bool insert)
{
	struct kc_table *t = xa->head;
	size_t at = lower_bound(t, index);
	void *old;

	if (found(t, at, index)) {
		old = t->slot[at].entry;
		if (insert)
			return XA_ERROR(-EBUSY);
		if (entry) {
			t->slot[at].entry = entry;
		} else {
			memmove(&t->slot[at], &t->slot[at + 1], (t->n - at - 1) * sizeof(t->slot[0]));
			t->n--;
		}
		return old;
	}
	if (!entry)
		return NULL;
	if (!t || t->n == t->cap) {
		size_t cap = t ? t->cap * 2 : 8;
		struct kc_table *grown = realloc(t, sizeof(*t) + cap * sizeof(t->slot[0]));

		if (!grown)
			return XA_ERROR(-ENOMEM);
		if (!t)
			grown->n = 0;
		grown->cap = cap;
		xa->head = t = grown;
	}
	memmove(&t->slot[at + 1], &t->slot[at], (t->n - at) * sizeof(t->slot[0]));
	t->slot[at] = (struct kc_slot){ index, entry };
	t->n++;
	return NULL;
}

void *xa_store(struct kc_xarray *xa, unsigned long index, void *entry, kc_gfp_t gfp)
{
	void *old;

	(void)gfp;
	/* The kernel: WARN_ON_ONCE(xa_is_advanced(entry)); only error entries are refused here. */
	if (IS_INTERNAL(entry))
		return XA_ERROR(-EINVAL);
	lock(xa);
	old = store_locked(xa, index, entry, false);
	unlock(xa);
	return old;
}

void *xa_erase(struct kc_xarray *xa, unsigned long index)
{
	void *old;

	lock(xa);
	old = store_locked(xa, index, NULL, false);
	unlock(xa);
	return old;
}

int xa_insert(struct kc_xarray *xa, unsigned long index, void *entry, kc_gfp_t gfp)
{
	void *r;

	(void)gfp;
	if (IS_INTERNAL(entry))
		return -EINVAL;
	lock(xa);
	r = entry ? store_locked(xa, index, entry, true) : NULL;
	unlock(xa);
	return IS_INTERNAL(r) ? (int)((long)r >> 2) : 0;
}

void xa_destroy(struct kc_xarray *xa)
{
	lock(xa);
	free(xa->head);
	xa->head = NULL;
	unlock(xa);
}

bool xa_empty(const struct kc_xarray *xa)
{
	const struct kc_table *t = __atomic_load_n(&xa->head, __ATOMIC_ACQUIRE);

	return !t || t->n == 0;
}

static void *find(struct kc_xarray *xa, unsigned long *indexp, unsigned long max, bool after)
{
	unsigned long start = *indexp;
	struct kc_table *t;
	void *entry = NULL;
	size_t at;

	if (after) {
		if (start == (unsigned long)-1)
			return NULL;
		start++;
	}
	if (start > max)
		return NULL;
	lock(xa);
	t = xa->head;
	at = lower_bound(t, start);
	if (t && at < t->n && t->slot[at].index <= max) {
		*indexp = t->slot[at].index;
		entry = t->slot[at].entry;
	}
	unlock(xa);
	return entry;
}

void *xa_find(struct kc_xarray *xa, unsigned long *indexp, unsigned long max, unsigned int filter)
{
	(void)filter;
	return find(xa, indexp, max, false);
}

void *xa_find_after(struct kc_xarray *xa, unsigned long *indexp, unsigned long max,
		    unsigned int filter)
{
	(void)filter;
	return find(xa, indexp, max, true);
}
