/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: CPU masks, bitmaps of NR_CPUS bits with the kernel's API. A test process is
 * modelled as the machine KUnit's default (UML, CONFIG_SMP=n) configuration gives: NR_CPUS
 * is CONFIG_NR_CPUS, 1 unless a kunitconfig sets it, and every CPU below it is possible,
 * present and online.
 */
#ifndef __LINUX_CPUMASK_H
#define __LINUX_CPUMASK_H

#include <stdbool.h>
#include <linux/args.h>
#include <linux/bitmap.h>
#include <linux/bitops.h>
#include <linux/kconfig.h>
#include <linux/types.h>

#ifdef CONFIG_NR_CPUS
#define NR_CPUS CONFIG_NR_CPUS
#else
#define NR_CPUS 1
#endif

typedef struct cpumask {
	DECLARE_BITMAP(bits, NR_CPUS);
} cpumask_t;

#define nr_cpu_ids ((unsigned int)NR_CPUS)
#define nr_cpumask_bits nr_cpu_ids
#define cpumask_bits(maskp) ((maskp)->bits)
#define cpumask_size() bitmap_size(NR_CPUS)
#define to_cpumask(bitmap) ((struct cpumask *)(bitmap))

/* Every CPU there is: the possible, present, online and active masks. */
static const struct cpumask __kunit_c_cpu_all = {
	.bits = { [0 ... BITS_TO_LONGS(NR_CPUS) - 1] = ~0UL },
};
#define cpu_possible_mask (&__kunit_c_cpu_all)
#define cpu_present_mask (&__kunit_c_cpu_all)
#define cpu_online_mask (&__kunit_c_cpu_all)
#define cpu_active_mask (&__kunit_c_cpu_all)
#define cpu_all_mask (&__kunit_c_cpu_all)

static inline unsigned int cpumask_first(const struct cpumask *srcp)
{
	return find_first_bit(cpumask_bits(srcp), nr_cpumask_bits);
}

static inline unsigned int cpumask_first_zero(const struct cpumask *srcp)
{
	return find_first_zero_bit(cpumask_bits(srcp), nr_cpumask_bits);
}

static inline unsigned int cpumask_first_and(const struct cpumask *a, const struct cpumask *b)
{
	return find_first_and_bit(cpumask_bits(a), cpumask_bits(b), nr_cpumask_bits);
}

/* nr_cpumask_bits when the mask is empty. */
static inline unsigned int cpumask_last(const struct cpumask *srcp)
{
	return find_last_bit(cpumask_bits(srcp), nr_cpumask_bits);
}

/* The next CPU after @n (-1 starts the search at 0). */
static inline unsigned int cpumask_next(int n, const struct cpumask *srcp)
{
	return find_next_bit(cpumask_bits(srcp), nr_cpumask_bits, n + 1);
}

static inline unsigned int cpumask_next_zero(int n, const struct cpumask *srcp)
{
	return find_next_zero_bit(cpumask_bits(srcp), nr_cpumask_bits, n + 1);
}

static inline unsigned int cpumask_next_and(int n, const struct cpumask *a,
					    const struct cpumask *b)
{
	return find_next_and_bit(cpumask_bits(a), cpumask_bits(b), nr_cpumask_bits, n + 1);
}

static inline unsigned int cpumask_nth(unsigned int cpu, const struct cpumask *srcp)
{
	return find_nth_bit(cpumask_bits(srcp), nr_cpumask_bits, cpu);
}

/* The @cpu'th CPU (from 0) set in both masks; >= nr_cpu_ids when there are fewer. */
static inline unsigned int cpumask_nth_and(unsigned int cpu, const struct cpumask *srcp1,
					   const struct cpumask *srcp2)
{
	return find_nth_and_bit(cpumask_bits(srcp1), cpumask_bits(srcp2), nr_cpumask_bits, cpu);
}

/* The next CPU after @n in both masks, wrapping around; nr_cpu_ids when there is none. */
static inline unsigned int cpumask_next_and_wrap(int n, const struct cpumask *src1p,
						 const struct cpumask *src2p)
{
	return find_next_and_bit_wrap(cpumask_bits(src1p), cpumask_bits(src2p),
				      nr_cpumask_bits, n + 1);
}

/*
 * cpumask_next_wrap() changed between kernel eras: up to 6.14 lib/cpumask.c defines
 * (n, mask, start, wrap); since then it is (n, mask), inline. The argument count picks:
 * the four-argument name is what an older lib/cpumask.c defines, since this macro renames
 * its definition too.
 */
unsigned int __kunit_c_cpumask_next_wrap4(int n, const struct cpumask *mask, int start,
					  bool wrap);
static inline unsigned int __kunit_c_cpumask_next_wrap2(int n, const struct cpumask *mask)
{
	return find_next_bit_wrap(cpumask_bits(mask), nr_cpumask_bits, n + 1);
}
#define cpumask_next_wrap(...)							\
	CONCATENATE(__kunit_c_cpumask_next_wrap, COUNT_ARGS(__VA_ARGS__))(__VA_ARGS__)

/* Defined by lib/cpumask.c, which the kernel always links. */
unsigned int cpumask_local_spread(unsigned int i, int node);
unsigned int cpumask_any_and_distribute(const struct cpumask *src1p,
					const struct cpumask *src2p);
unsigned int cpumask_any_distribute(const struct cpumask *srcp);

#define for_each_cpu(cpu, mask) for_each_set_bit(cpu, cpumask_bits(mask), nr_cpumask_bits)
#define for_each_cpu_wrap(cpu, mask, start)					\
	for_each_set_bit_wrap(cpu, cpumask_bits(mask), nr_cpumask_bits, start)
#define for_each_cpu_and(cpu, mask1, mask2)					\
	for_each_and_bit(cpu, cpumask_bits(mask1), cpumask_bits(mask2), nr_cpumask_bits)
#define for_each_cpu_andnot(cpu, mask1, mask2)					\
	for_each_andnot_bit(cpu, cpumask_bits(mask1), cpumask_bits(mask2), nr_cpumask_bits)
#define for_each_cpu_or(cpu, mask1, mask2)					\
	for_each_or_bit(cpu, cpumask_bits(mask1), cpumask_bits(mask2), nr_cpumask_bits)
#define for_each_cpu_not(cpu, mask)						\
	for_each_clear_bit(cpu, cpumask_bits(mask), nr_cpumask_bits)

#define for_each_possible_cpu(cpu) for_each_cpu((cpu), cpu_possible_mask)
#define for_each_online_cpu(cpu) for_each_cpu((cpu), cpu_online_mask)
#define for_each_present_cpu(cpu) for_each_cpu((cpu), cpu_present_mask)

static inline void cpumask_set_cpu(unsigned int cpu, struct cpumask *dstp)
{
	set_bit(cpu, cpumask_bits(dstp));
}

static inline void cpumask_clear_cpu(int cpu, struct cpumask *dstp)
{
	clear_bit(cpu, cpumask_bits(dstp));
}

static inline bool cpumask_test_cpu(int cpu, const struct cpumask *cpumask)
{
	return test_bit(cpu, cpumask_bits(cpumask));
}

static inline bool cpumask_test_and_set_cpu(int cpu, struct cpumask *cpumask)
{
	return test_and_set_bit(cpu, cpumask_bits(cpumask));
}

static inline void cpumask_setall(struct cpumask *dstp)
{
	bitmap_fill(cpumask_bits(dstp), nr_cpumask_bits);
}

static inline void cpumask_clear(struct cpumask *dstp)
{
	bitmap_zero(cpumask_bits(dstp), nr_cpumask_bits);
}

static inline bool cpumask_and(struct cpumask *dstp, const struct cpumask *src1p,
			       const struct cpumask *src2p)
{
	return bitmap_and(cpumask_bits(dstp), cpumask_bits(src1p), cpumask_bits(src2p),
			  nr_cpumask_bits);
}

static inline void cpumask_or(struct cpumask *dstp, const struct cpumask *src1p,
			      const struct cpumask *src2p)
{
	bitmap_or(cpumask_bits(dstp), cpumask_bits(src1p), cpumask_bits(src2p), nr_cpumask_bits);
}

static inline void cpumask_xor(struct cpumask *dstp, const struct cpumask *src1p,
			       const struct cpumask *src2p)
{
	bitmap_xor(cpumask_bits(dstp), cpumask_bits(src1p), cpumask_bits(src2p), nr_cpumask_bits);
}

static inline bool cpumask_andnot(struct cpumask *dstp, const struct cpumask *src1p,
				  const struct cpumask *src2p)
{
	return bitmap_andnot(cpumask_bits(dstp), cpumask_bits(src1p), cpumask_bits(src2p),
			     nr_cpumask_bits);
}

static inline void cpumask_complement(struct cpumask *dstp, const struct cpumask *srcp)
{
	bitmap_complement(cpumask_bits(dstp), cpumask_bits(srcp), nr_cpumask_bits);
}

static inline bool cpumask_equal(const struct cpumask *src1p, const struct cpumask *src2p)
{
	return bitmap_equal(cpumask_bits(src1p), cpumask_bits(src2p), nr_cpumask_bits);
}

static inline bool cpumask_intersects(const struct cpumask *src1p, const struct cpumask *src2p)
{
	return bitmap_intersects(cpumask_bits(src1p), cpumask_bits(src2p), nr_cpumask_bits);
}

static inline bool cpumask_subset(const struct cpumask *src1p, const struct cpumask *src2p)
{
	return bitmap_subset(cpumask_bits(src1p), cpumask_bits(src2p), nr_cpumask_bits);
}

static inline bool cpumask_empty(const struct cpumask *srcp)
{
	return bitmap_empty(cpumask_bits(srcp), nr_cpumask_bits);
}

static inline bool cpumask_full(const struct cpumask *srcp)
{
	return bitmap_full(cpumask_bits(srcp), nr_cpumask_bits);
}

static inline unsigned int cpumask_weight(const struct cpumask *srcp)
{
	return bitmap_weight(cpumask_bits(srcp), nr_cpumask_bits);
}

static inline unsigned int cpumask_weight_and(const struct cpumask *srcp1,
					      const struct cpumask *srcp2)
{
	return bitmap_weight_and(cpumask_bits(srcp1), cpumask_bits(srcp2), nr_cpumask_bits);
}

static inline void cpumask_copy(struct cpumask *dstp, const struct cpumask *srcp)
{
	bitmap_copy(cpumask_bits(dstp), cpumask_bits(srcp), nr_cpumask_bits);
}

#define num_possible_cpus() cpumask_weight(cpu_possible_mask)
#define num_present_cpus() cpumask_weight(cpu_present_mask)
#define num_online_cpus() cpumask_weight(cpu_online_mask)
#define num_active_cpus() cpumask_weight(cpu_active_mask)
#define cpu_online(cpu) cpumask_test_cpu((cpu), cpu_online_mask)
#define cpu_possible(cpu) cpumask_test_cpu((cpu), cpu_possible_mask)
#define cpu_present(cpu) cpumask_test_cpu((cpu), cpu_present_mask)

/*
 * cpumask_var_t as a kernel without CONFIG_CPUMASK_OFFSTACK has it: a one-element array, so
 * the mask lives where the variable does. Allocating one cannot fail and only clears it for
 * the zalloc forms; freeing does nothing.
 */
typedef struct cpumask cpumask_var_t[1];

#define this_cpu_cpumask_var_ptr(x) this_cpu_ptr(x)
#define __cpumask_var_read_mostly

static inline bool alloc_cpumask_var(cpumask_var_t *mask, gfp_t flags)
{
	(void)mask;
	(void)flags;
	return true;
}

static inline bool alloc_cpumask_var_node(cpumask_var_t *mask, gfp_t flags, int node)
{
	(void)node;
	return alloc_cpumask_var(mask, flags);
}

static inline bool zalloc_cpumask_var(cpumask_var_t *mask, gfp_t flags)
{
	(void)flags;
	cpumask_clear(*mask);
	return true;
}

static inline bool zalloc_cpumask_var_node(cpumask_var_t *mask, gfp_t flags, int node)
{
	(void)node;
	return zalloc_cpumask_var(mask, flags);
}

static inline void alloc_bootmem_cpumask_var(cpumask_var_t *mask) { (void)mask; }
static inline void free_cpumask_var(cpumask_var_t mask) { (void)mask; }
static inline void free_bootmem_cpumask_var(cpumask_var_t mask) { (void)mask; }
static inline bool cpumask_available(cpumask_var_t mask) { (void)mask; return true; }

#endif /* __LINUX_CPUMASK_H */
