/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the kernel's <linux/stddef.h>: NULL, offsetof and size_t from the compiler's own
 * <stddef.h> (never libc's), plus the kernel's structure helpers.
 */
#ifndef _LINUX_STDDEF_H
#define _LINUX_STDDEF_H

#include <stddef.h>
#include <stdbool.h>

#undef NULL
#define NULL ((void *)0)

/* The size of a member of TYPE. */
#define sizeof_field(TYPE, MEMBER) sizeof((((TYPE *)0)->MEMBER))

/* The offset just past MEMBER of TYPE. */
#define offsetofend(TYPE, MEMBER) (offsetof(TYPE, MEMBER) + sizeof_field(TYPE, MEMBER))

/*
 * A group of members reachable both one by one and as one named struct (for memcpy and
 * sizeof), laid out once.
 */
#define __struct_group(TAG, NAME, ATTRS, MEMBERS...)				\
	union {									\
		struct { MEMBERS } ATTRS;					\
		struct TAG { MEMBERS } ATTRS NAME;				\
	} ATTRS
#define struct_group(NAME, MEMBERS...) __struct_group(/* no tag */, NAME, /* no attrs */, MEMBERS)
#define struct_group_attr(NAME, ATTRS, MEMBERS...) __struct_group(/* no tag */, NAME, ATTRS, MEMBERS)
#define struct_group_tagged(TAG, NAME, MEMBERS...) __struct_group(TAG, NAME, /* no attrs */, MEMBERS)

/* A flexible array member where C forbids one alone (in a union, or as the only member). */
#define __DECLARE_FLEX_ARRAY(TYPE, NAME)					\
	struct {								\
		struct { } __empty_##NAME;					\
		TYPE NAME[];							\
	}
#define DECLARE_FLEX_ARRAY(TYPE, NAME) __DECLARE_FLEX_ARRAY(TYPE, NAME)

#endif /* _LINUX_STDDEF_H */
