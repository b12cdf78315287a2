// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of the headers a kernel tree's own headers reach for the lock and mask types
 * alone (<linux/spinlock_types.h> & co., which forward to kunit-c's full headers, so a
 * tree header embedding a spinlock gets the lock kunit-c's operations work on), the
 * kernel's mutex_init() expansion __mutex_init(), <linux/cpumask.h>'s cpumask_var_t
 * (CONFIG_CPUMASK_OFFSTACK=n), <linux/smp.h>'s call_single_data_t, <asm/cacheflush.h>, and
 * <asm/io.h>'s accessors over a buffer playing a register block, with <asm/page.h>'s pgprot_t;
 * and the small names tree headers use inline: ktime_add_safe() (hrtimer.h),
 * rcu_pointer_handoff() (dma-fence.h), DEFINE_CLASS()/CLASS() (file.h), and the allocating
 * XArray's flags (idr.h's IDA_INIT_FLAGS), kept without changing the array.
 */
#include <kunit/test.h>
/* The type headers first and alone: each must give the type it is named for. */
#include <linux/spinlock_types_raw.h>
#include <linux/spinlock_types.h>
#include <linux/rwlock_types.h>
#include <linux/lockdep_types.h>
#include <linux/mutex_types.h>
#include <linux/cpumask_types.h>
#include <linux/seqlock_types.h>
#include <linux/percpu-defs.h>
#include <asm/cacheflush.h>
#include <asm/io.h>
#include <asm/page.h>
#include <linux/cleanup.h>
#include <linux/cpumask.h>
#include <linux/ktime.h>
#include <linux/rcupdate.h>
#include <linux/lockdep.h>
#include <linux/mutex.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include <linux/xarray.h>

/* Defined through <linux/percpu-defs.h> alone: kunit-c's per-CPU copies. */
static DEFINE_PER_CPU(int, split_types_counter);

/* What a tree header embeds: the types only, used by kunit-c's operations below. */
struct split_types_holder {
	raw_spinlock_t raw;
	spinlock_t lock;
	rwlock_t rw;
	struct mutex mutex;
	seqcount_t seq;
	struct lock_class_key key;
	cpumask_t mask;
};

static void split_types_locks_work(struct kunit *test)
{
	static struct split_types_holder h;

	raw_spin_lock_init(&h.raw);
	spin_lock_init(&h.lock);
	rwlock_init(&h.rw);
	__mutex_init(&h.mutex, "split_types_holder.mutex", &h.key);
	seqcount_init(&h.seq);

	spin_lock(&h.lock);
	KUNIT_EXPECT_TRUE(test, spin_is_locked(&h.lock));
	lockdep_assert_held(&h.lock);
	spin_unlock(&h.lock);
	KUNIT_EXPECT_FALSE(test, spin_is_locked(&h.lock));

	KUNIT_EXPECT_FALSE(test, mutex_is_locked(&h.mutex));
	KUNIT_EXPECT_EQ(test, mutex_trylock(&h.mutex), 1);
	/* Taken: a second trylock fails until the holder unlocks. */
	KUNIT_EXPECT_EQ(test, mutex_trylock(&h.mutex), 0);
	mutex_unlock(&h.mutex);
	KUNIT_EXPECT_FALSE(test, mutex_is_locked(&h.mutex));

	/* __mutex_init() resets a held mutex's state, as the kernel's (re)initialisation does. */
	mutex_lock(&h.mutex);
	__mutex_init(&h.mutex, "again", &h.key);
	KUNIT_EXPECT_FALSE(test, mutex_is_locked(&h.mutex));

	write_lock(&h.rw);
	write_unlock(&h.rw);
	KUNIT_EXPECT_TRUE(test, read_trylock(&h.rw));
	read_unlock(&h.rw);
	KUNIT_EXPECT_EQ(test, read_seqcount_begin(&h.seq) & 1, 0U);
}

static void split_types_percpu_defs(struct kunit *test)
{
	int cpu;

	for_each_possible_cpu(cpu)
		*per_cpu_ptr(&split_types_counter, cpu) = cpu + 1;
	this_cpu_add(split_types_counter, 10);
	/* This CPU's copy took the add; every other kept its own value. */
	for_each_possible_cpu(cpu)
		KUNIT_EXPECT_EQ(test, per_cpu(split_types_counter, cpu),
				cpu + 1 + (cpu == (int)raw_smp_processor_id() ? 10 : 0));
}

static void split_types_cpumask_var(struct kunit *test)
{
	cpumask_var_t mask;

	/* Not off-stack: the mask is the variable itself, and sized for NR_CPUS. */
	KUNIT_EXPECT_EQ(test, sizeof(mask), sizeof(struct cpumask));
	__builtin_memset(mask, 0xff, sizeof(mask));
	KUNIT_ASSERT_TRUE(test, alloc_cpumask_var(&mask, GFP_KERNEL));
	/* alloc_ leaves the contents alone; zalloc_ clears them. */
	KUNIT_EXPECT_TRUE(test, cpumask_test_cpu(0, mask));
	KUNIT_ASSERT_TRUE(test, zalloc_cpumask_var_node(&mask, GFP_KERNEL, NUMA_NO_NODE));
	KUNIT_EXPECT_TRUE(test, cpumask_empty(mask));
	KUNIT_EXPECT_TRUE(test, cpumask_available(mask));
	cpumask_copy(mask, cpu_possible_mask);
	KUNIT_EXPECT_TRUE(test, cpumask_equal(mask, cpu_possible_mask));
	KUNIT_EXPECT_EQ(test, cpumask_weight(mask), nr_cpu_ids);
	free_cpumask_var(mask);
}

static int split_types_calls;

static void split_types_call(void *info)
{
	split_types_calls += *(int *)info;
}

static void split_types_csd(struct kunit *test)
{
	int two = 2;
	call_single_data_t csd = CSD_INIT(split_types_call, &two);
	call_single_data_t other;

	KUNIT_EXPECT_TRUE(test, csd.func == split_types_call);
	KUNIT_EXPECT_PTR_EQ(test, csd.info, (void *)&two);
	INIT_CSD(&other, split_types_call, &two);
	split_types_calls = 0;
	other.func(other.info);
	KUNIT_EXPECT_EQ(test, split_types_calls, 2);
}

static void split_types_cacheflush(struct kunit *test)
{
	char src[32] = "copied to a user page", dst[32] = { 0 };

	/* Coherent caches: the flushes change nothing, and the page copies are copies. */
	flush_cache_all();
	flush_dcache_page(NULL);
	flush_icache_range((unsigned long)src, (unsigned long)src + sizeof(src));
	KUNIT_EXPECT_EQ(test, ARCH_IMPLEMENTS_FLUSH_DCACHE_PAGE, 0);
	copy_to_user_page(NULL, NULL, 0UL, dst, src, sizeof(src));
	KUNIT_EXPECT_STREQ(test, dst, "copied to a user page");
	__builtin_memset(src, 0, sizeof(src));
	copy_from_user_page(NULL, NULL, 0UL, src, dst, 7);
	KUNIT_EXPECT_STREQ(test, src, "copied ");
}

static void split_types_mmio(struct kunit *test)
{
	u8 regs[16] = { 0 };
	void __iomem *base = regs;
	pgprot_t prot = __pgprot(0x63UL);

	/* write*() stores little-endian whatever the CPU's order; read*() loads it back. */
	writel(0x11223344U, base);
	KUNIT_EXPECT_EQ(test, regs[0], 0x44);
	KUNIT_EXPECT_EQ(test, regs[3], 0x11);
	KUNIT_EXPECT_EQ(test, readl(base), 0x11223344U);
	iowrite16be(0xabcd, base + 4);
	KUNIT_EXPECT_EQ(test, regs[4], 0xab);
	KUNIT_EXPECT_EQ(test, ioread16be(base + 4), 0xabcd);
	writeq_relaxed(0x0102030405060708ULL, base + 8);
	KUNIT_EXPECT_EQ(test, regs[8], 0x08);
	KUNIT_EXPECT_EQ(test, readq(base + 8), 0x0102030405060708ULL);
	memset_io(base, 0x5a, 4);
	KUNIT_EXPECT_EQ(test, readb(base + 3), 0x5a);
	KUNIT_EXPECT_PTR_EQ(test, phys_to_virt(virt_to_phys(regs)), (void *)regs);
	/* No physical memory to map. */
	KUNIT_EXPECT_NULL(test, ioremap(0xfee00000ULL, PAGE_SIZE));
	KUNIT_EXPECT_EQ(test, pgprot_val(prot), 0x63UL);
}

static void split_types_ktime_add_safe(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, ktime_add_safe(ms_to_ktime(1), 5), (ktime_t)1000005);
	/* An overflowing sum saturates: ktime_set(KTIME_SEC_MAX, 0), which is KTIME_MAX. */
	KUNIT_EXPECT_EQ(test, ktime_add_safe(KTIME_MAX - 1, 2), KTIME_MAX);
	KUNIT_EXPECT_EQ(test, ktime_add_safe(KTIME_MAX, KTIME_MAX), KTIME_MAX);
	KUNIT_EXPECT_EQ(test, ktime_add_safe(-5, 3), KTIME_MAX);
	KUNIT_EXPECT_EQ(test, ktime_add_safe(KTIME_MAX - 2, 2), KTIME_MAX);
	KUNIT_EXPECT_EQ(test, ktime_add_safe(KTIME_MAX - 3, 2), KTIME_MAX - 1);
	/* Low-resolution timers tick once a jiffy. */
	KUNIT_EXPECT_EQ(test, (u64)KTIME_LOW_RES, (u64)(NSEC_PER_SEC + HZ / 2) / HZ);
	/* HZ divides a second (100, 250, 1000): HZ ticks make one. */
	KUNIT_EXPECT_EQ(test, (u64)LOW_RES_NSEC * HZ, (u64)NSEC_PER_SEC);
}

static int split_types_class_exits;

struct split_types_fd {
	int fd;
};

DEFINE_CLASS(split_types_fd, struct split_types_fd, split_types_class_exits += _T.fd,
	     ((struct split_types_fd){ .fd = fd * 10 }), int fd)

static void split_types_class(struct kunit *test)
{
	int *shared = kunit_kzalloc(test, sizeof(*shared), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, shared);
	KUNIT_EXPECT_PTR_EQ(test, rcu_pointer_handoff(shared), shared);
	split_types_class_exits = 0;
	{
		CLASS(split_types_fd, f)(4);

		/* The constructor ran with the arguments; the destructor has not yet. */
		KUNIT_EXPECT_EQ(test, f.fd, 40);
		KUNIT_EXPECT_EQ(test, split_types_class_exits, 0);
	}
	/* Leaving the scope ran the destructor on the variable's value. */
	KUNIT_EXPECT_EQ(test, split_types_class_exits, 40);
}

static DEFINE_XARRAY_ALLOC(split_types_ids);

static void split_types_xa_alloc_flags(struct kunit *test)
{
	struct xarray xa;
	int value = 3;

	/* The kernel's values: the free mark sits just above the GFP bits. */
	KUNIT_EXPECT_EQ(test, XA_FLAGS_ALLOC, XA_FLAGS_TRACK_FREE | (1U << __GFP_BITS_SHIFT));
	KUNIT_EXPECT_EQ(test, XA_FLAGS_ALLOC1, 12U);
	xa_init_flags(&xa, XA_FLAGS_LOCK_IRQ | XA_FLAGS_ALLOC);
	KUNIT_EXPECT_EQ(test, xa.xa_flags, XA_FLAGS_LOCK_IRQ | XA_FLAGS_ALLOC);
	/* Such an array stores and loads as any other. */
	KUNIT_EXPECT_NULL(test, xa_store(&xa, 5, &value, GFP_KERNEL));
	KUNIT_EXPECT_PTR_EQ(test, xa_load(&xa, 5), (void *)&value);
	xa_destroy(&xa);
	KUNIT_EXPECT_EQ(test, split_types_ids.xa_flags, XA_FLAGS_ALLOC);
	KUNIT_EXPECT_NULL(test, xa_load(&split_types_ids, 0));
}

static struct kunit_case split_types_test_cases[] = {
	KUNIT_CASE(split_types_xa_alloc_flags),
	KUNIT_CASE(split_types_ktime_add_safe),
	KUNIT_CASE(split_types_class),
	KUNIT_CASE(split_types_mmio),
	KUNIT_CASE(split_types_locks_work),
	KUNIT_CASE(split_types_percpu_defs),
	KUNIT_CASE(split_types_cpumask_var),
	KUNIT_CASE(split_types_csd),
	KUNIT_CASE(split_types_cacheflush),
	{}
};

static struct kunit_suite split_types_test_suite = {
	.name = "kunit_c_split_types",
	.test_cases = split_types_test_cases,
};
kunit_test_suite(split_types_test_suite);
