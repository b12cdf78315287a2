/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: NUMA node numbers. A test process is one node; NUMA_NO_NODE means "any". */
#ifndef _LINUX_NUMA_H
#define _LINUX_NUMA_H

#define NODES_SHIFT 0
#define MAX_NUMNODES (1 << NODES_SHIFT)
#define NUMA_NO_NODE (-1)

#endif /* _LINUX_NUMA_H */
