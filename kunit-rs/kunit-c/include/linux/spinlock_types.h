/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the kernel splits spinlock_t and raw_spinlock_t into this header so that other
 * headers can embed them without the operations. kunit-c keeps types and operations in
 * <linux/spinlock.h>; this header forwards there, so a kernel tree's own headers that include
 * it get kunit-c's types rather than the tree's second, conflicting definition.
 */
#ifndef __LINUX_SPINLOCK_TYPES_H
#define __LINUX_SPINLOCK_TYPES_H
#include <linux/spinlock.h>
#endif
