/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: the kernel's poison values, written into unlinked list entries. */
#ifndef _LINUX_POISON_H
#define _LINUX_POISON_H

/* Non-NULL and unmapped, so a use after list_del() faults. */
#define POISON_POINTER_DELTA 0
#define LIST_POISON1 ((void *)0x100 + POISON_POINTER_DELTA)
#define LIST_POISON2 ((void *)0x122 + POISON_POINTER_DELTA)

#define TIMER_ENTRY_STATIC ((void *)0x300 + POISON_POINTER_DELTA)
#define PAGE_POISON 0xaa
#define POISON_INUSE 0x5a
#define POISON_FREE 0x6b
#define POISON_END 0xa5
#define POISON_FREE_INITMEM 0xcc

#endif /* _LINUX_POISON_H */
