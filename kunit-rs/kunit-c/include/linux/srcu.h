/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: sleepable RCU. Each srcu_struct is its own domain: a reader counts itself in one
 * of two counters, the one the domain's index names when it enters, and may sleep;
 * synchronize_srcu() flips the index and waits until the counter readers entered under the
 * old index drains, twice (one flip for each counter), so every reader that entered before
 * it began has left. All accesses are sequentially consistent, which is what the kernel's
 * barriers give. A reader of one domain may call synchronize_srcu() on another. No
 * call_srcu(): callbacks are not modelled, so a file that uses them fails to build.
 */
#ifndef _LINUX_SRCU_H
#define _LINUX_SRCU_H

#include <stdbool.h>
#include <linux/compiler.h>
#include <linux/delay.h>
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>

struct srcu_struct {
	unsigned long idx;
	long count[2];
	/* One grace period at a time: a second waits for the first. */
	struct mutex gp_mutex;
};

/*
 * The kernel's tree SRCU keeps grace-period state in a separate srcu_usage, which
 * <linux/notifier.h> embeds and names to __SRCU_STRUCT_INIT(); here it holds nothing.
 */
struct srcu_usage {
	int __unused_state;
};

#define __SRCU_STRUCT_INIT(name, ...)                                                          \
	{ .idx = 0, .count = { 0, 0 }, .gp_mutex = __MUTEX_INITIALIZER(name.gp_mutex) }
#define DEFINE_SRCU(name) struct srcu_struct name = __SRCU_STRUCT_INIT(name)
#define DEFINE_STATIC_SRCU(name) static struct srcu_struct name = __SRCU_STRUCT_INIT(name)

static inline int init_srcu_struct(struct srcu_struct *ssp)
{
	*ssp = (struct srcu_struct){ 0 };
	mutex_init(&ssp->gp_mutex);
	return 0;
}

/* The kernel warns when readers are still inside at cleanup: so does this. */
static inline void cleanup_srcu_struct(struct srcu_struct *ssp)
{
	WARN_ON(__atomic_load_n(&ssp->count[0], __ATOMIC_SEQ_CST) ||
		__atomic_load_n(&ssp->count[1], __ATOMIC_SEQ_CST));
}

static inline int srcu_read_lock(struct srcu_struct *ssp)
{
	int idx = (int)(__atomic_load_n(&ssp->idx, __ATOMIC_SEQ_CST) & 1);

	__atomic_fetch_add(&ssp->count[idx], 1, __ATOMIC_SEQ_CST);
	return idx;
}

static inline void srcu_read_unlock(struct srcu_struct *ssp, int idx)
{
	WARN_ON_ONCE(idx & ~1);
	__atomic_fetch_sub(&ssp->count[idx & 1], 1, __ATOMIC_SEQ_CST);
}

#define srcu_read_lock_nmisafe srcu_read_lock
#define srcu_read_unlock_nmisafe srcu_read_unlock
#define srcu_read_lock_lite srcu_read_lock
#define srcu_read_unlock_lite srcu_read_unlock

/* Whether any reader of the domain is inside (the kernel answers for the caller; a superset). */
static inline bool srcu_read_lock_held(const struct srcu_struct *ssp)
{
	return __atomic_load_n(&ssp->count[0], __ATOMIC_SEQ_CST) ||
	       __atomic_load_n(&ssp->count[1], __ATOMIC_SEQ_CST);
}

#define srcu_dereference_check(p, ssp, c) READ_ONCE(p)
#define srcu_dereference(p, ssp) READ_ONCE(p)
#define srcu_dereference_notrace(p, ssp) READ_ONCE(p)

static inline void __kunit_c_srcu_flip_and_wait(struct srcu_struct *ssp)
{
	unsigned long old = __atomic_fetch_add(&ssp->idx, 1, __ATOMIC_SEQ_CST) & 1;

	/* Readers may sleep for long: wait without holding the CPU. */
	while (__atomic_load_n(&ssp->count[old], __ATOMIC_SEQ_CST))
		usleep_range(10, 20);
}

static inline void synchronize_srcu(struct srcu_struct *ssp)
{
	might_sleep();
	mutex_lock(&ssp->gp_mutex);
	__kunit_c_srcu_flip_and_wait(ssp);
	__kunit_c_srcu_flip_and_wait(ssp);
	mutex_unlock(&ssp->gp_mutex);
}
#define synchronize_srcu_expedited synchronize_srcu

#endif /* _LINUX_SRCU_H */
