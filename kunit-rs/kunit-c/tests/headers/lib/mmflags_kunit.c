// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of <linux/page-flags.h>, <linux/page-flags-layout.h>, <linux/mm.h>'s VM_* and
 * <linux/gfp_types.h>'s composite masks, with the glue's flag-name tables that kunit-c's
 * stand-in for a tree's mm/internal.h declares (what %pGp, %pGv and %pGg print by): the
 * tables name the headers' values, in the kernel's order.
 */
#include <kunit/test.h>
#include <linux/gfp.h>
#include <linux/mm.h>
#include <linux/page-flags-layout.h>
#include <linux/page-flags.h>
#include <linux/string.h>
#include <tree-private/mm/internal.h>

/* The mask @name has in @table, or 0 when it is not there. */
static unsigned long mask_of(const struct trace_print_flags *table, const char *name)
{
	for (; table->name; table++)
		if (!strcmp(table->name, name))
			return table->mask;
	return 0;
}

static void mmflags_page_flags_match_the_enum(struct kunit *test)
{
	size_t n = 0;

	KUNIT_EXPECT_EQ(test, mask_of(pageflag_names, "locked"), 1UL << PG_locked);
	KUNIT_EXPECT_EQ(test, mask_of(pageflag_names, "uptodate"), 1UL << PG_uptodate);
	KUNIT_EXPECT_EQ(test, mask_of(pageflag_names, "dirty"), 1UL << PG_dirty);
	KUNIT_EXPECT_EQ(test, mask_of(pageflag_names, "lru"), 1UL << PG_lru);
	KUNIT_EXPECT_EQ(test, mask_of(pageflag_names, "head"), 1UL << PG_head);
	KUNIT_EXPECT_EQ(test, mask_of(pageflag_names, "active"), 1UL << PG_active);
	KUNIT_EXPECT_EQ(test, mask_of(pageflag_names, "writeback"), 1UL << PG_writeback);
	KUNIT_EXPECT_EQ(test, mask_of(pageflag_names, "swapbacked"), 1UL << PG_swapbacked);
	KUNIT_EXPECT_EQ(test, mask_of(pageflag_names, "mlocked"), 1UL << PG_mlocked);
	/* One name per flag, every flag inside the flags area. */
	for (const struct trace_print_flags *t = pageflag_names; t->name; t++) {
		KUNIT_EXPECT_EQ_MSG(test, t->mask & ~PAGEFLAGS_MASK, 0UL, "%s", t->name);
		n++;
	}
	KUNIT_EXPECT_EQ(test, n, (size_t)NR_PAGEFLAGS);
	/* mm/debug.c's order: locked, waiters, referenced, uptodate, ... */
	KUNIT_EXPECT_STREQ(test, pageflag_names[0].name, "locked");
	KUNIT_EXPECT_STREQ(test, pageflag_names[1].name, "waiters");
	KUNIT_EXPECT_STREQ(test, pageflag_names[3].name, "uptodate");
}

static void mmflags_layout_fields_do_not_overlap(struct kunit *test)
{
	unsigned long zones = ZONES_MASK << ZONES_PGSHIFT;
	unsigned long nodes = NODES_MASK << NODES_PGSHIFT;

	/* The fields sit above the flags, from the top bit down. */
	KUNIT_EXPECT_EQ(test, zones & PAGEFLAGS_MASK, 0UL);
	KUNIT_EXPECT_EQ(test, zones & nodes, 0UL);
	KUNIT_EXPECT_EQ(test, ZONES_MASK, 3UL);
	KUNIT_EXPECT_EQ(test, ZONES_PGSHIFT, (int)(BITS_PER_LONG - NODES_WIDTH - ZONES_WIDTH));
	/* A field of width 0 has shift 0 and mask 0, so it reads as 0 from any flags. */
	KUNIT_EXPECT_EQ(test, SECTIONS_PGSHIFT, 0);
	KUNIT_EXPECT_EQ(test, SECTIONS_MASK, 0UL);
	KUNIT_EXPECT_EQ(test, LAST_CPUPID_MASK, 0UL);
	KUNIT_EXPECT_EQ(test, KASAN_TAG_MASK, 0UL);
}

static void mmflags_vma_names_match_vm_flags(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, mask_of(vmaflag_names, "read"), VM_READ);
	KUNIT_EXPECT_EQ(test, mask_of(vmaflag_names, "write"), VM_WRITE);
	KUNIT_EXPECT_EQ(test, mask_of(vmaflag_names, "exec"), VM_EXEC);
	KUNIT_EXPECT_EQ(test, mask_of(vmaflag_names, "shared"), VM_SHARED);
	KUNIT_EXPECT_EQ(test, mask_of(vmaflag_names, "mayread"), VM_MAYREAD);
	KUNIT_EXPECT_EQ(test, mask_of(vmaflag_names, "maywrite"), VM_MAYWRITE);
	KUNIT_EXPECT_EQ(test, mask_of(vmaflag_names, "mayexec"), VM_MAYEXEC);
	KUNIT_EXPECT_EQ(test, mask_of(vmaflag_names, "locked"), VM_LOCKED);
	KUNIT_EXPECT_EQ(test, mask_of(vmaflag_names, "io"), VM_IO);
	KUNIT_EXPECT_EQ(test, mask_of(vmaflag_names, "hugetlb"), VM_HUGETLB);
	KUNIT_EXPECT_EQ(test, mask_of(vmaflag_names, "mergeable"), VM_MERGEABLE);
}

static void mmflags_gfp_composites_come_first(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, mask_of(gfpflag_names, "GFP_TRANSHUGE"), (unsigned long)GFP_TRANSHUGE);
	KUNIT_EXPECT_EQ(test, mask_of(gfpflag_names, "GFP_TRANSHUGE_LIGHT"),
			(unsigned long)GFP_TRANSHUGE_LIGHT);
	KUNIT_EXPECT_EQ(test, mask_of(gfpflag_names, "GFP_KERNEL"), (unsigned long)GFP_KERNEL);
	KUNIT_EXPECT_EQ(test, mask_of(gfpflag_names, "GFP_ATOMIC"), (unsigned long)GFP_ATOMIC);
	KUNIT_EXPECT_EQ(test, mask_of(gfpflag_names, "GFP_NOWAIT"), (unsigned long)GFP_NOWAIT);
	KUNIT_EXPECT_EQ(test, mask_of(gfpflag_names, "GFP_DMA"), (unsigned long)GFP_DMA);
	KUNIT_EXPECT_EQ(test, mask_of(gfpflag_names, "__GFP_HIGH"), (unsigned long)__GFP_HIGH);
	KUNIT_EXPECT_EQ(test, mask_of(gfpflag_names, "__GFP_ZERO"), (unsigned long)__GFP_ZERO);
	KUNIT_EXPECT_EQ(test, mask_of(gfpflag_names, "__GFP_RECLAIM"), (unsigned long)__GFP_RECLAIM);
	/* A whole mask is printed before its parts: GFP_TRANSHUGE leads, the bits follow. */
	KUNIT_EXPECT_STREQ(test, gfpflag_names[0].name, "GFP_TRANSHUGE");
	KUNIT_EXPECT_EQ(test, GFP_TRANSHUGE & __GFP_KSWAPD_RECLAIM, 0U);
	KUNIT_EXPECT_NE(test, GFP_TRANSHUGE & __GFP_DIRECT_RECLAIM, 0U);
	/* Every named mask is inside the flag bits. */
	for (const struct trace_print_flags *t = gfpflag_names; t->name; t++)
		KUNIT_EXPECT_EQ_MSG(test, t->mask & ~(unsigned long)__GFP_BITS_MASK, 0UL, "%s",
				    t->name);
}

static struct kunit_case mmflags_cases[] = {
	KUNIT_CASE(mmflags_page_flags_match_the_enum),
	KUNIT_CASE(mmflags_layout_fields_do_not_overlap),
	KUNIT_CASE(mmflags_vma_names_match_vm_flags),
	KUNIT_CASE(mmflags_gfp_composites_come_first),
	{}
};

static struct kunit_suite mmflags_suite = {
	.name = "kunit_c_mmflags",
	.test_cases = mmflags_cases,
};
kunit_test_suite(mmflags_suite);
