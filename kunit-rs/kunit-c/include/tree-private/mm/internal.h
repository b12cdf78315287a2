/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: a stand-in for a tree's mm/internal.h, the memory manager's private header, whose
 * inline code needs a running kernel's mm. `kunit c` force-includes it before a tree file
 * that includes "../mm/internal.h" (lib/vsprintf.c does, for the three flag-name tables
 * below); it defines that header's include guard, so the tree's copy, still included
 * unmodified, reads as empty. The tables are kunit-c's glue's, built from the flags of
 * <linux/page-flags.h>, <linux/mm.h> (VM_*) and <linux/gfp_types.h> with the kernel's names.
 */
#ifndef __MM_INTERNAL_H
#define __MM_INTERNAL_H

#include <linux/fs.h>
#include <linux/mm.h>

#ifndef __KUNIT_C_TRACE_PRINT_FLAGS
#define __KUNIT_C_TRACE_PRINT_FLAGS
/* A flag mask and its name (<linux/tracepoint-defs.h>); a table ends with a NULL name. */
struct trace_print_flags {
	unsigned long mask;
	const char *name;
};
#endif

extern const struct trace_print_flags pageflag_names[];
extern const struct trace_print_flags vmaflag_names[];
extern const struct trace_print_flags gfpflag_names[];

#endif /* __MM_INTERNAL_H */
