/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: the IDA (<linux/idr.h>'s ID allocator, whose header the tree supplies) over
 * its XArray: an allocated ID is a present entry. The kernel's lib/idr.c needs the XArray's
 * advanced API, which kunit-c does not have; these are weak, so that file replaces them
 * where it compiles.
 */
#include <errno.h>
#include <limits.h>

#include "glue.h"

struct kc_xarray;
/* struct ida: its XArray first. */
struct kc_ida;

void *xa_load(struct kc_xarray *xa, unsigned long index);
void *xa_erase(struct kc_xarray *xa, unsigned long index);
int xa_insert(struct kc_xarray *xa, unsigned long index, void *entry, kc_gfp_t gfp);
void xa_destroy(struct kc_xarray *xa);
void __kunit_c_warn(const char *file, int line, const char *fmt, ...);
void __kunit_c_bug(const char *file, int line);

/* What an allocated ID holds: a value entry (xa_mk_value(0)). */
#define ALLOCATED ((void *)1UL)

/* The lowest free ID in [min, max]: -ENOSPC when all are taken, -ENOMEM. */
KC_WEAK int ida_alloc_range(struct kc_ida *ida, unsigned int min, unsigned int max, kc_gfp_t gfp)
{
	struct kc_xarray *xa = (struct kc_xarray *)ida;
	unsigned long id = min;

	if ((int)min < 0)
		return -ENOSPC;
	if ((int)max < 0)
		max = INT_MAX;
	while (id <= max) {
		int err;

		if (xa_load(xa, id)) {
			id++;
			continue;
		}
		err = xa_insert(xa, id, ALLOCATED, gfp);
		if (!err)
			return (int)id;
		if (err != -EBUSY)
			return err;
		/* -EBUSY: taken between the look and the insert; look again. */
	}
	return -ENOSPC;
}

KC_WEAK void ida_free(struct kc_ida *ida, unsigned int id)
{
	struct kc_xarray *xa = (struct kc_xarray *)ida;

	if ((int)id < 0)
		__kunit_c_bug(__FILE__, __LINE__);
	if (xa_erase(xa, id) != ALLOCATED)
		__kunit_c_warn(__FILE__, __LINE__, "ida_free called for id=%d which is not allocated.\n",
			       (int)id);
}

KC_WEAK void ida_destroy(struct kc_ida *ida)
{
	xa_destroy((struct kc_xarray *)ida);
}
