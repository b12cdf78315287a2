/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: which CPU this thread runs on, in <linux/cpumask.h>'s model of nr_cpu_ids CPUs
 * (CONFIG_NR_CPUS, 1 unless a kunitconfig sets it). Each thread is given a CPU the first
 * time it asks, round-robin over the CPUs, and keeps it: a test's threads then spread
 * over the CPUs as the kernel's would. The answer is stable for the thread, so the
 * kernel's rule (only meaningful with preemption off) is met trivially.
 */
#ifndef _LINUX_SMP_H
#define _LINUX_SMP_H

#include <linux/cpumask.h>
#include <linux/preempt.h>

unsigned int __kunit_c_smp_processor_id(unsigned int nr_cpus);

#define raw_smp_processor_id() __kunit_c_smp_processor_id(nr_cpu_ids)
#define smp_processor_id() raw_smp_processor_id()
#define get_cpu() ({ preempt_disable(); smp_processor_id(); })
#define put_cpu() preempt_enable()

typedef void (*smp_call_func_t)(void *info);
typedef bool (*smp_cond_func_t)(int cpu, void *info);

/*
 * A cross-CPU call's record, which the kernel embeds in hrtimer bases and request
 * structures: the function and its argument. kunit-c sends no inter-processor interrupts,
 * so nothing here queues one; the record only has the kernel's layout names.
 */
struct __call_single_data {
	smp_call_func_t func;
	void *info;
};
typedef struct __call_single_data call_single_data_t;

#define CSD_INIT(_func, _info) { .func = (_func), .info = (_info) }
#define INIT_CSD(_csd, _func, _info)                                                          \
	do {                                                                                  \
		*(_csd) = (struct __call_single_data)CSD_INIT(_func, _info);                  \
	} while (0)

#endif /* _LINUX_SMP_H */
