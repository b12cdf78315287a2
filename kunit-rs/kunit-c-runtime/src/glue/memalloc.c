/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c glue: the per-thread allocation scopes of <linux/sched/mm.h>. */
#include "glue.h"

/* One word per thread, shared by every file (a header's static would be one per file). */
unsigned int *__kunit_c_memalloc_flags(void)
{
	static __thread unsigned int flags;

	return &flags;
}
