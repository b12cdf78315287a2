/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: I/O and memory resources (the kernel's <linux/ioport.h>): struct resource, its
 * IORESOURCE_* flag bits with the kernel's values (they are printed by %pR and compared by
 * tests) and the size and type helpers. No resource tree: kernel/resource.c's
 * request_resource() and friends are not declared.
 */
#if __has_include_next(<linux/ioport.h>)
/* The tree's own header, when the tree has one. */
#include_next <linux/ioport.h>
#elif !defined(_LINUX_IOPORT_H)
#define _LINUX_IOPORT_H

#include <linux/bits.h>
#include <linux/compiler.h>
#include <linux/range.h>
#include <linux/types.h>

struct resource {
	resource_size_t start;
	resource_size_t end; /* inclusive */
	const char *name;
	unsigned long flags;
	unsigned long desc;
	struct resource *parent, *sibling, *child;
};

#define IORESOURCE_BITS		0x000000ff	/* bus-specific bits */

#define IORESOURCE_TYPE_BITS	0x00001f00	/* the type: */
#define IORESOURCE_IO		0x00000100
#define IORESOURCE_MEM		0x00000200
#define IORESOURCE_REG		0x00000300
#define IORESOURCE_IRQ		0x00000400
#define IORESOURCE_DMA		0x00000800
#define IORESOURCE_BUS		0x00001000

#define IORESOURCE_PREFETCH	0x00002000
#define IORESOURCE_READONLY	0x00004000
#define IORESOURCE_CACHEABLE	0x00008000
#define IORESOURCE_RANGELENGTH	0x00010000
#define IORESOURCE_SHADOWABLE	0x00020000

#define IORESOURCE_SIZEALIGN	0x00040000
#define IORESOURCE_STARTALIGN	0x00080000

#define IORESOURCE_MEM_64	0x00100000
#define IORESOURCE_WINDOW	0x00200000
#define IORESOURCE_MUXED	0x00400000

#define IORESOURCE_EXT_TYPE_BITS 0x01000000
#define IORESOURCE_SYSRAM	0x01000000

#define IORESOURCE_EXCLUSIVE	0x08000000
#define IORESOURCE_DISABLED	0x10000000
#define IORESOURCE_UNSET	0x20000000
#define IORESOURCE_AUTO		0x40000000
#define IORESOURCE_BUSY		0x80000000

static inline resource_size_t resource_size(const struct resource *res)
{
	return res->end - res->start + 1;
}

static inline unsigned long resource_type(const struct resource *res)
{
	return res->flags & IORESOURCE_TYPE_BITS;
}

static inline unsigned long resource_ext_type(const struct resource *res)
{
	return res->flags & IORESOURCE_EXT_TYPE_BITS;
}

/* Whether @r1 holds all of @r2 (both of one type). */
static inline bool resource_contains(const struct resource *r1, const struct resource *r2)
{
	if (resource_type(r1) != resource_type(r2))
		return false;
	if (r1->flags & IORESOURCE_UNSET || r2->flags & IORESOURCE_UNSET)
		return false;
	return r1->start <= r2->start && r1->end >= r2->end;
}

#endif /* _LINUX_IOPORT_H */
