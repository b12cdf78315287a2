// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of <linux/percpu.h> and <linux/smp.h>: each CPU has its own copy, initialised
 * from DEFINE_PER_CPU()'s initialiser; alloc_percpu() copies start zeroed; inner pointers
 * map as the variable does; this_cpu_*() from several threads lose no update.
 */
/* Four CPUs, as a kunitconfig's CONFIG_NR_CPUS=4 gives (the default is one). */
#define CONFIG_NR_CPUS 4
#include <kunit/test.h>
/* The architecture's header first: it brings the same per-CPU model by itself. */
#include <asm/percpu.h>
#include <linux/atomic.h>
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/percpu.h>
#include <asm/percpu.h> /* what core headers include: the same operations */
#include <linux/smp.h>

struct pair {
	int a;
	long b;
};

static DEFINE_PER_CPU(int, counter) = 7;
static DEFINE_PER_CPU(struct pair, pairs);

static void percpu_copies_are_separate(struct kunit *test)
{
	unsigned int cpu;

	KUNIT_EXPECT_EQ(test, nr_cpu_ids, 4U);
	KUNIT_EXPECT_LT(test, smp_processor_id(), nr_cpu_ids);
	KUNIT_EXPECT_EQ(test, smp_processor_id(), smp_processor_id()); /* stable per thread */
	for_each_possible_cpu(cpu)
		KUNIT_EXPECT_EQ(test, per_cpu(counter, cpu), 7);
	for_each_possible_cpu(cpu)
		per_cpu(counter, cpu) = (int)cpu * 10;
	for_each_possible_cpu(cpu)
		KUNIT_EXPECT_EQ(test, per_cpu(counter, cpu), (int)cpu * 10);
	KUNIT_EXPECT_PTR_EQ(test, this_cpu_ptr(&counter), per_cpu_ptr(&counter, smp_processor_id()));
	this_cpu_write(counter, 3);
	this_cpu_add(counter, 4);
	KUNIT_EXPECT_EQ(test, this_cpu_read(counter), 7);
	KUNIT_EXPECT_EQ(test, this_cpu_inc_return(counter), 8);
	KUNIT_EXPECT_EQ(test, this_cpu_cmpxchg(counter, 8, 1), 8);
	KUNIT_EXPECT_EQ(test, this_cpu_cmpxchg(counter, 8, 2), 1); /* not 8: unchanged */
	KUNIT_EXPECT_EQ(test, *this_cpu_ptr(&counter), 1);
	/* An inner pointer maps as its variable does. */
	KUNIT_EXPECT_PTR_EQ(test, per_cpu_ptr(&pairs.b, 0), &per_cpu_ptr(&pairs, 0)->b);
}

static void alloc_percpu_starts_zeroed(struct kunit *test)
{
	struct pair __percpu *p = alloc_percpu(struct pair);
	unsigned int cpu;

	KUNIT_ASSERT_NOT_NULL(test, p);
	for_each_possible_cpu(cpu) {
		KUNIT_EXPECT_EQ(test, per_cpu_ptr(p, cpu)->a, 0);
		KUNIT_EXPECT_EQ(test, per_cpu_ptr(p, cpu)->b, 0);
		per_cpu_ptr(p, cpu)->a = (int)cpu + 1;
	}
	for_each_possible_cpu(cpu)
		KUNIT_EXPECT_EQ(test, per_cpu_ptr(p, cpu)->a, (int)cpu + 1);
	this_cpu_inc(p->b);
	KUNIT_EXPECT_EQ(test, per_cpu_ptr(p, smp_processor_id())->b, 1);
	free_percpu(p);
}

#define STRESS_ROUNDS 100000
static DEFINE_PER_CPU(unsigned long, hits);

/* Counts, says so in @data, then waits to be stopped (as kthreads do: see kthread.h). */
static int hit_many(void *data)
{
	int i;

	for (i = 0; i < STRESS_ROUNDS; i++)
		this_cpu_inc(hits);
	atomic_inc(data);
	while (!kthread_should_stop())
		msleep(1);
	return 0;
}

/* Two threads (both CPUs busy) count on their CPUs' copies: the sum over CPUs is exact. */
static void percpu_counts_survive_threads(struct kunit *test)
{
	atomic_t done = ATOMIC_INIT(0);
	struct task_struct *t1 = kthread_run(hit_many, &done, "hits-%d", 1);
	struct task_struct *t2 = kthread_run(hit_many, &done, "hits-%d", 2);
	unsigned long sum = 0;
	unsigned int cpu;

	KUNIT_ASSERT_FALSE(test, IS_ERR(t1));
	KUNIT_ASSERT_FALSE(test, IS_ERR(t2));
	while (atomic_read(&done) < 2)
		msleep(1);
	KUNIT_EXPECT_EQ(test, kthread_stop(t1), 0);
	KUNIT_EXPECT_EQ(test, kthread_stop(t2), 0);
	for_each_possible_cpu(cpu)
		sum += per_cpu(hits, cpu);
	KUNIT_EXPECT_EQ(test, sum, 2UL * STRESS_ROUNDS);
}

static struct kunit_case percpu_test_cases[] = {
	KUNIT_CASE(percpu_copies_are_separate),
	KUNIT_CASE(alloc_percpu_starts_zeroed),
	KUNIT_CASE(percpu_counts_survive_threads),
	{}
};

static struct kunit_suite percpu_test_suite = {
	.name = "kunit_c_percpu",
	.test_cases = percpu_test_cases,
};
kunit_test_suite(percpu_test_suite);
