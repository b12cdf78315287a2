/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: CPU and NUMA topology: one node (see <linux/numa.h>) holding every CPU of
 * <linux/cpumask.h>, so a search "nearest to a node" is a search over the online CPUs.
 */
#ifndef _LINUX_TOPOLOGY_H
#define _LINUX_TOPOLOGY_H

#include <linux/cpumask.h>
#include <linux/numa.h>
#include <linux/percpu.h>
#include <linux/smp.h>

#define numa_node_id() 0
#define cpu_to_node(cpu) ((void)(cpu), 0)
#define cpumask_of_node(node) ((void)(node), cpu_online_mask)

/* The @cpu'th CPU of @cpus that is online, nearest @node first (all are at one distance). */
static inline int sched_numa_find_nth_cpu(const struct cpumask *cpus, int cpu, int node)
{
	(void)node;
	return (int)cpumask_nth_and((unsigned int)cpu, cpus, cpu_online_mask);
}

#endif /* _LINUX_TOPOLOGY_H */
