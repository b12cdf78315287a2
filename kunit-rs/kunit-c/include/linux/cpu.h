/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: CPU hotplug's view: the CPUs of <linux/cpumask.h>, none of which comes or goes. */
#ifndef _LINUX_CPU_H_
#define _LINUX_CPU_H_

#include <linux/cpumask.h>

#define cpus_read_lock() do { } while (0)
#define cpus_read_unlock() do { } while (0)
#define cpu_hotplug_disable() do { } while (0)
#define cpu_hotplug_enable() do { } while (0)

#endif /* _LINUX_CPU_H_ */
