/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: a network device's feature bits (the kernel's <linux/netdev_features.h>), for a
 * tree that has none of its own: the 64-bit type %pNF prints. No devices exist here.
 */
#if __has_include_next(<linux/netdev_features.h>)
/* The tree's own header, when the tree has one. */
#include_next <linux/netdev_features.h>
#elif !defined(_LINUX_NETDEV_FEATURES_H)
#define _LINUX_NETDEV_FEATURES_H

#include <linux/types.h>

typedef u64 netdev_features_t;

#endif /* _LINUX_NETDEV_FEATURES_H */
