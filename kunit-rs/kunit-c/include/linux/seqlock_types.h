/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the kernel splits seqcount_t, the seqcount_LOCKNAME_t types and seqlock_t into this
 * header so that other headers can embed them without the operations. kunit-c keeps types and
 * operations in <linux/seqlock.h>; this header forwards there, so a kernel tree's own headers
 * that include it get kunit-c's types rather than the tree's second, conflicting definition.
 */
#ifndef __LINUX_SEQLOCK_TYPES_H
#define __LINUX_SEQLOCK_TYPES_H
#include <linux/seqlock.h>
#endif
