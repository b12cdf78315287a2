/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: mm/debug.c's flag-name tables, which %pGp, %pGv and %pGg print by
 * (lib/vsprintf.c reads them through mm/internal.h; kunit-c's stand-in for it declares
 * them). The values repeat kunit-c's headers' (<linux/page-flags.h>'s bit order,
 * <linux/mm.h>'s VM_*, <linux/gfp_types.h>'s GFP_*), which suite kunit_c_mmflags checks;
 * the names and their order are the kernel's (include/trace/events/mmflags.h): a composite
 * GFP mask is listed before its parts, so it is printed whole.
 */
#include "glue.h"

struct kc_trace_print_flags {
	unsigned long mask;
	const char *name;
};

/* <linux/page-flags.h>'s bit numbers. */
enum {
	KC_PG_locked, KC_PG_writeback, KC_PG_referenced, KC_PG_uptodate, KC_PG_dirty,
	KC_PG_lru, KC_PG_head, KC_PG_waiters, KC_PG_active, KC_PG_workingset,
	KC_PG_owner_priv_1, KC_PG_owner_2, KC_PG_arch_1, KC_PG_reserved, KC_PG_private,
	KC_PG_private_2, KC_PG_reclaim, KC_PG_swapbacked, KC_PG_unevictable, KC_PG_mlocked,
};

#define PAGEFLAG(name) { 1UL << KC_PG_##name, #name }

const struct kc_trace_print_flags pageflag_names[] = {
	PAGEFLAG(locked),
	PAGEFLAG(waiters),
	PAGEFLAG(referenced),
	PAGEFLAG(uptodate),
	PAGEFLAG(dirty),
	PAGEFLAG(lru),
	PAGEFLAG(active),
	PAGEFLAG(workingset),
	PAGEFLAG(owner_priv_1),
	PAGEFLAG(owner_2),
	PAGEFLAG(arch_1),
	PAGEFLAG(reserved),
	PAGEFLAG(private),
	PAGEFLAG(private_2),
	PAGEFLAG(writeback),
	PAGEFLAG(head),
	PAGEFLAG(reclaim),
	PAGEFLAG(swapbacked),
	PAGEFLAG(unevictable),
	PAGEFLAG(mlocked),
	{ 0, NULL },
};

const struct kc_trace_print_flags vmaflag_names[] = {
	{ 0x00000001UL, "read" },
	{ 0x00000002UL, "write" },
	{ 0x00000004UL, "exec" },
	{ 0x00000008UL, "shared" },
	{ 0x00000010UL, "mayread" },
	{ 0x00000020UL, "maywrite" },
	{ 0x00000040UL, "mayexec" },
	{ 0x00000080UL, "mayshare" },
	{ 0x00000100UL, "growsdown" },
	{ 0x00000400UL, "pfnmap" },
	{ 0x00002000UL, "locked" },
	{ 0x00004000UL, "io" },
	{ 0x00008000UL, "seqread" },
	{ 0x00010000UL, "randread" },
	{ 0x00020000UL, "dontcopy" },
	{ 0x00040000UL, "dontexpand" },
	{ 0x00080000UL, "lockonfault" },
	{ 0x00100000UL, "account" },
	{ 0x00200000UL, "noreserve" },
	{ 0x00400000UL, "hugetlb" },
	{ 0x00800000UL, "sync" },
	{ 0x02000000UL, "wipeonfork" },
	{ 0x04000000UL, "dontdump" },
	{ 0x10000000UL, "mixedmap" },
	{ 0x20000000UL, "hugepage" },
	{ 0x40000000UL, "nohugepage" },
	{ 0x80000000UL, "mergeable" },
	{ 0, NULL },
};

/* <linux/gfp_types.h>'s bits. */
#define DMA 0x01UL
#define HIGHMEM 0x02UL
#define DMA32 0x04UL
#define MOVABLE 0x08UL
#define RECLAIMABLE 0x10UL
#define HIGH 0x20UL
#define IO 0x40UL
#define FS 0x80UL
#define ZERO 0x100UL
#define DIRECT_RECLAIM 0x400UL
#define KSWAPD_RECLAIM 0x800UL
#define WRITE 0x1000UL
#define NOWARN 0x2000UL
#define RETRY_MAYFAIL 0x4000UL
#define NOFAIL 0x8000UL
#define NORETRY 0x10000UL
#define MEMALLOC 0x20000UL
#define COMP 0x40000UL
#define NOMEMALLOC 0x80000UL
#define HARDWALL 0x100000UL
#define THISNODE 0x200000UL
#define ACCOUNT 0x400000UL
#define RECLAIM (DIRECT_RECLAIM | KSWAPD_RECLAIM)
#define KERNEL (RECLAIM | IO | FS)
#define USER (RECLAIM | IO | FS | HARDWALL)
#define HIGHUSER_MOVABLE (USER | HIGHMEM | MOVABLE)
#define TRANSHUGE_LIGHT ((HIGHUSER_MOVABLE | COMP | NOMEMALLOC | NOWARN) & ~RECLAIM)

const struct kc_trace_print_flags gfpflag_names[] = {
	{ TRANSHUGE_LIGHT | DIRECT_RECLAIM, "GFP_TRANSHUGE" },
	{ TRANSHUGE_LIGHT, "GFP_TRANSHUGE_LIGHT" },
	{ HIGHUSER_MOVABLE, "GFP_HIGHUSER_MOVABLE" },
	{ USER | HIGHMEM, "GFP_HIGHUSER" },
	{ USER, "GFP_USER" },
	{ KERNEL | ACCOUNT, "GFP_KERNEL_ACCOUNT" },
	{ KERNEL, "GFP_KERNEL" },
	{ RECLAIM | IO, "GFP_NOFS" },
	{ HIGH | KSWAPD_RECLAIM, "GFP_ATOMIC" },
	{ RECLAIM, "GFP_NOIO" },
	{ KSWAPD_RECLAIM | NOWARN, "GFP_NOWAIT" },
	{ DMA, "GFP_DMA" },
	{ HIGHMEM, "__GFP_HIGHMEM" },
	{ DMA32, "GFP_DMA32" },
	{ HIGH, "__GFP_HIGH" },
	{ IO, "__GFP_IO" },
	{ FS, "__GFP_FS" },
	{ NOWARN, "__GFP_NOWARN" },
	{ RETRY_MAYFAIL, "__GFP_RETRY_MAYFAIL" },
	{ NOFAIL, "__GFP_NOFAIL" },
	{ NORETRY, "__GFP_NORETRY" },
	{ COMP, "__GFP_COMP" },
	{ ZERO, "__GFP_ZERO" },
	{ NOMEMALLOC, "__GFP_NOMEMALLOC" },
	{ MEMALLOC, "__GFP_MEMALLOC" },
	{ HARDWALL, "__GFP_HARDWALL" },
	{ THISNODE, "__GFP_THISNODE" },
	{ RECLAIMABLE, "__GFP_RECLAIMABLE" },
	{ MOVABLE, "__GFP_MOVABLE" },
	{ ACCOUNT, "__GFP_ACCOUNT" },
	{ WRITE, "__GFP_WRITE" },
	{ RECLAIM, "__GFP_RECLAIM" },
	{ DIRECT_RECLAIM, "__GFP_DIRECT_RECLAIM" },
	{ KSWAPD_RECLAIM, "__GFP_KSWAPD_RECLAIM" },
	{ 0, NULL },
};
