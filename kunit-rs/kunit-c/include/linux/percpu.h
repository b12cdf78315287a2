/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: per-CPU variables, one copy for each of nr_cpu_ids CPUs (see <linux/smp.h>).
 *
 * As in the kernel, a per-CPU variable's own address (&var, or what alloc_percpu()
 * returns) is a handle: per_cpu_ptr(), this_cpu_ptr() and the this_cpu_*() operations turn
 * it into the address of one CPU's copy. DEFINE_PER_CPU() places the variable in the
 * section kunit_c_percpu, which is its template: on first use kunit-c's glue gives every
 * CPU a copy of it, initialised from it. alloc_percpu() gives zeroed copies.
 *
 * The this_cpu_*() read-modify-writes are atomic (relaxed), not only interrupt-safe: two
 * threads may share a CPU here, where the kernel would have them preempt each other.
 * free_percpu() does not reuse the memory (a test's allocations are few).
 */
#ifndef __LINUX_PERCPU_H
#define __LINUX_PERCPU_H

#include <linux/compiler.h>
#include <linux/cpumask.h>
#include <linux/gfp_types.h>
#include <linux/init.h> /* as the kernel's brings it */
#include <linux/preempt.h>
#include <linux/smp.h>
#include <linux/types.h>

/* The template section's bounds in this object (the linker defines them when it is used). */
extern char __start_kunit_c_percpu[] __attribute__((weak, visibility("hidden")));
extern char __stop_kunit_c_percpu[] __attribute__((weak, visibility("hidden")));

void *__kunit_c_per_cpu_ptr(const void *ptr, unsigned int cpu, unsigned int nr_cpus,
			    const char *start, const char *stop);
void *__kunit_c_alloc_percpu(size_t size, size_t align, unsigned int nr_cpus);
void __kunit_c_free_percpu(void *ptr);

#define __kunit_c_percpu_attr __attribute__((section("kunit_c_percpu"), used))

#define DECLARE_PER_CPU(type, name) extern __typeof__(type) name __kunit_c_percpu_attr
#define DEFINE_PER_CPU(type, name) __typeof__(type) name __kunit_c_percpu_attr
#define DECLARE_PER_CPU_ALIGNED(type, name) DECLARE_PER_CPU(type, name)
#define DEFINE_PER_CPU_ALIGNED(type, name) DEFINE_PER_CPU(type, name) __attribute__((aligned(64)))
#define DEFINE_PER_CPU_SHARED_ALIGNED(type, name) DEFINE_PER_CPU_ALIGNED(type, name)
#define DECLARE_PER_CPU_SHARED_ALIGNED(type, name) DECLARE_PER_CPU(type, name)
#define DEFINE_PER_CPU_READ_MOSTLY(type, name) DEFINE_PER_CPU(type, name)
#define DECLARE_PER_CPU_READ_MOSTLY(type, name) DECLARE_PER_CPU(type, name)
#define EXPORT_PER_CPU_SYMBOL(var)
#define EXPORT_PER_CPU_SYMBOL_GPL(var)

#define per_cpu_ptr(ptr, cpu)							\
	((__typeof__(ptr))__kunit_c_per_cpu_ptr((const void *)(ptr), (cpu), nr_cpu_ids,	\
						__start_kunit_c_percpu,		\
						__stop_kunit_c_percpu))
#define per_cpu(var, cpu) (*per_cpu_ptr(&(var), (cpu)))
#define this_cpu_ptr(ptr) per_cpu_ptr((ptr), smp_processor_id())
#define raw_cpu_ptr(ptr) this_cpu_ptr(ptr)
#define get_cpu_ptr(ptr) ({ preempt_disable(); this_cpu_ptr(ptr); })
#define put_cpu_ptr(ptr) do { (void)(ptr); preempt_enable(); } while (0)
#define get_cpu_var(var) (*({ preempt_disable(); this_cpu_ptr(&(var)); }))
#define put_cpu_var(var) do { (void)&(var); preempt_enable(); } while (0)

#define this_cpu_read(pcp) __atomic_load_n(this_cpu_ptr(&(pcp)), __ATOMIC_RELAXED)
#define this_cpu_write(pcp, val) __atomic_store_n(this_cpu_ptr(&(pcp)), (val), __ATOMIC_RELAXED)
#define this_cpu_add(pcp, val) ((void)__atomic_add_fetch(this_cpu_ptr(&(pcp)), (val), __ATOMIC_RELAXED))
#define this_cpu_sub(pcp, val) ((void)__atomic_sub_fetch(this_cpu_ptr(&(pcp)), (val), __ATOMIC_RELAXED))
#define this_cpu_inc(pcp) this_cpu_add(pcp, 1)
#define this_cpu_dec(pcp) this_cpu_sub(pcp, 1)
#define this_cpu_and(pcp, val) ((void)__atomic_and_fetch(this_cpu_ptr(&(pcp)), (val), __ATOMIC_RELAXED))
#define this_cpu_or(pcp, val) ((void)__atomic_or_fetch(this_cpu_ptr(&(pcp)), (val), __ATOMIC_RELAXED))
#define this_cpu_add_return(pcp, val) __atomic_add_fetch(this_cpu_ptr(&(pcp)), (val), __ATOMIC_RELAXED)
#define this_cpu_sub_return(pcp, val) __atomic_sub_fetch(this_cpu_ptr(&(pcp)), (val), __ATOMIC_RELAXED)
#define this_cpu_inc_return(pcp) this_cpu_add_return(pcp, 1)
#define this_cpu_dec_return(pcp) this_cpu_sub_return(pcp, 1)
#define this_cpu_xchg(pcp, nval) __atomic_exchange_n(this_cpu_ptr(&(pcp)), (nval), __ATOMIC_RELAXED)
/* What the copy held; @nval was stored if that equals @oval. */
#define this_cpu_cmpxchg(pcp, oval, nval) ({					\
	__typeof__(pcp) __old = (oval);						\
	__atomic_compare_exchange_n(this_cpu_ptr(&(pcp)), &__old, (nval), 0,	\
				    __ATOMIC_RELAXED, __ATOMIC_RELAXED);	\
	__old;									\
})

#define __this_cpu_read(pcp) this_cpu_read(pcp)
#define __this_cpu_write(pcp, val) this_cpu_write(pcp, val)
#define __this_cpu_add(pcp, val) this_cpu_add(pcp, val)
#define __this_cpu_sub(pcp, val) this_cpu_sub(pcp, val)
#define __this_cpu_inc(pcp) this_cpu_inc(pcp)
#define __this_cpu_dec(pcp) this_cpu_dec(pcp)
#define __this_cpu_add_return(pcp, val) this_cpu_add_return(pcp, val)
#define __this_cpu_inc_return(pcp) this_cpu_inc_return(pcp)
#define raw_cpu_read(pcp) this_cpu_read(pcp)
#define raw_cpu_write(pcp, val) this_cpu_write(pcp, val)
#define raw_cpu_add(pcp, val) this_cpu_add(pcp, val)
#define raw_cpu_inc(pcp) this_cpu_inc(pcp)
#define raw_cpu_dec(pcp) this_cpu_dec(pcp)

#define __alloc_percpu(size, align) __kunit_c_alloc_percpu((size), (align), nr_cpu_ids)
#define __alloc_percpu_gfp(size, align, gfp) ((void)(gfp), __alloc_percpu((size), (align)))
#define alloc_percpu(type)							\
	((__typeof__(type) __percpu *)__alloc_percpu(sizeof(type), __alignof__(type)))
#define alloc_percpu_gfp(type, gfp) ((void)(gfp), alloc_percpu(type))
#define free_percpu(ptr) __kunit_c_free_percpu((void *)(ptr))

#endif /* __LINUX_PERCPU_H */
