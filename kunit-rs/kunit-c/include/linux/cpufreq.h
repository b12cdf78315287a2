/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: CPU frequency scaling does not exist in a test process (the host's governor
 * sets the frequency). The policy type is here for headers that only name it (the power
 * trace events); code that drives cpufreq does not compile against it.
 */
#ifndef _LINUX_CPUFREQ_H
#define _LINUX_CPUFREQ_H

#include <linux/types.h>

struct cpufreq_policy;

#endif /* _LINUX_CPUFREQ_H */
