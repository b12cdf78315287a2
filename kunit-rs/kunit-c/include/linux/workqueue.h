/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: workqueues with the kernel's semantics, on the glue's worker threads
 * (workqueue.c). A work item runs in process context on a worker of its workqueue
 * (in softirq context on a WQ_BH one, as system_bh_wq's), never twice at once; queueing a
 * pending item does nothing (false); an item may queue itself again and may free itself.
 * A workqueue runs up to max_active items at once, starting a worker when none is idle;
 * an ordered one runs one at a time in queueing order. flush_work() waits for the last
 * queueing of an item to finish, flush_workqueue() for everything queued before it;
 * cancel_work_sync() dequeues and waits for a running instance, and the item cannot be
 * queued meanwhile. Delayed work is a timer (<linux/timer.h>) that queues the item when it
 * expires; the item is pending from queue_delayed_work() on.
 */
#ifndef _LINUX_WORKQUEUE_H
#define _LINUX_WORKQUEUE_H

#include <linux/atomic.h>
#include <linux/bitops.h>
#include <linux/container_of.h>
#include <linux/jiffies.h>
#include <linux/list.h>
#include <linux/sprintf.h>
#include <linux/timer.h>
#include <linux/types.h>
#include <linux/workqueue_types.h>

struct workqueue_struct;

enum {
	WORK_STRUCT_PENDING_BIT = 0,
	WORK_STRUCT_INACTIVE_BIT,
	WORK_STRUCT_PWQ_BIT,
	WORK_STRUCT_LINKED_BIT,
	WORK_STRUCT_PENDING = 1 << WORK_STRUCT_PENDING_BIT,
	WORK_CPU_UNBOUND = 64, /* NR_CPUS's bound in the kernel; any CPU here */
};

/* alloc_workqueue()'s flags (the kernel's values). */
enum wq_flags {
	WQ_BH = 1 << 0,
	WQ_UNBOUND = 1 << 1,
	WQ_FREEZABLE = 1 << 2,
	WQ_MEM_RECLAIM = 1 << 3,
	WQ_HIGHPRI = 1 << 4,
	WQ_CPU_INTENSIVE = 1 << 5,
	WQ_SYSFS = 1 << 6,
	WQ_POWER_EFFICIENT = 1 << 7,
	WQ_PERCPU = 1 << 8,
	__WQ_DESTROYING = 1 << 15,
	__WQ_DRAINING = 1 << 16,
	__WQ_ORDERED = 1 << 17,
	__WQ_LEGACY = 1 << 18,
	__WQ_BH_ALLOWS = WQ_BH | WQ_HIGHPRI,
};

enum wq_consts {
	WQ_MAX_ACTIVE = 512,
	WQ_UNBOUND_MAX_ACTIVE = WQ_MAX_ACTIVE,
	WQ_DFL_ACTIVE = WQ_MAX_ACTIVE / 2,
	WQ_DFL_MIN_ACTIVE = 8,
};

struct delayed_work {
	struct work_struct work;
	struct timer_list timer;
	struct workqueue_struct *wq;
	int cpu;
};

/* The glue's copy of these layouts (timer_layout.h) asserts the same sizes. */
#if __SIZEOF_LONG__ == 8
_Static_assert(sizeof(struct work_struct) == 56, "kunit-c glue's struct kc_work");
_Static_assert(sizeof(struct delayed_work) == 152, "kunit-c glue's struct kc_delayed_work");
#endif

struct rcu_work;

/* The system's workqueues, made before main() (the glue). */
extern struct workqueue_struct *system_wq;
extern struct workqueue_struct *system_percpu_wq;
extern struct workqueue_struct *system_highpri_wq;
extern struct workqueue_struct *system_long_wq;
extern struct workqueue_struct *system_unbound_wq;
extern struct workqueue_struct *system_dfl_wq;
extern struct workqueue_struct *system_freezable_wq;
extern struct workqueue_struct *system_power_efficient_wq;
extern struct workqueue_struct *system_freezable_power_efficient_wq;
extern struct workqueue_struct *system_bh_wq;
extern struct workqueue_struct *system_bh_highpri_wq;

/* The glue (workqueue.c). */
struct workqueue_struct *__kunit_c_alloc_workqueue(const char *name, unsigned int flags,
						   int max_active);
void destroy_workqueue(struct workqueue_struct *wq);
bool queue_work_on(int cpu, struct workqueue_struct *wq, struct work_struct *work);
/* Queues @dwork at once (@delay 0) or arms its timer for jiffies @expires; @mod: as
 * mod_delayed_work(), a pending one is moved (true) instead of left alone (false). */
bool __kunit_c_queue_delayed_work(struct workqueue_struct *wq, struct delayed_work *dwork,
				  unsigned long delay, unsigned long expires, long long deadline,
				  bool mod);
bool flush_work(struct work_struct *work);
bool cancel_work(struct work_struct *work);
bool cancel_work_sync(struct work_struct *work);
bool flush_delayed_work(struct delayed_work *dwork);
bool cancel_delayed_work(struct delayed_work *dwork);
bool cancel_delayed_work_sync(struct delayed_work *dwork);
void __flush_workqueue(struct workqueue_struct *wq);
void drain_workqueue(struct workqueue_struct *wq);
bool workqueue_congested(int cpu, struct workqueue_struct *wq);
struct work_struct *current_work(void);
bool current_is_workqueue_rescuer(void);

#define alloc_workqueue(fmt, flags, max_active, ...) ({				\
	char __kc_name[24];							\
	snprintf(__kc_name, sizeof(__kc_name), fmt, ##__VA_ARGS__);		\
	__kunit_c_alloc_workqueue(__kc_name, (flags), (max_active));		\
})
#define alloc_ordered_workqueue(fmt, flags, ...)				\
	alloc_workqueue(fmt, __WQ_ORDERED | (flags), 1, ##__VA_ARGS__)
#define create_workqueue(name) alloc_workqueue("%s", __WQ_LEGACY | WQ_MEM_RECLAIM, 1, (name))
#define create_freezable_workqueue(name)					\
	alloc_workqueue("%s", __WQ_LEGACY | WQ_FREEZABLE | WQ_UNBOUND | WQ_MEM_RECLAIM, 1, (name))
#define create_singlethread_workqueue(name)					\
	alloc_ordered_workqueue("%s", __WQ_LEGACY | WQ_MEM_RECLAIM, (name))
#define flush_workqueue(wq) __flush_workqueue(wq)
#define flush_scheduled_work() __flush_workqueue(system_wq)

#define __WORK_INITIALIZER(n, f) {						\
	.data = ATOMIC_LONG_INIT(0),						\
	.entry = { &(n).entry, &(n).entry },					\
	.func = (f),								\
}
#define DECLARE_WORK(n, f) struct work_struct n = __WORK_INITIALIZER(n, f)

static inline void __kunit_c_init_work(struct work_struct *work, work_func_t func)
{
	*work = (struct work_struct){ .data = ATOMIC_LONG_INIT(0), .func = func };
	INIT_LIST_HEAD(&work->entry);
}
#define INIT_WORK(_work, _func) __kunit_c_init_work((_work), (_func))
#define INIT_WORK_ONSTACK(_work, _func) INIT_WORK(_work, _func)
#define INIT_WORK_ONSTACK_KEY(_work, _func, _key) INIT_WORK(_work, _func)
#define __INIT_WORK(_work, _func, _onstack) INIT_WORK(_work, _func)
#define PREPARE_WORK(_work, _func) ((_work)->func = (_func))
static inline void destroy_work_on_stack(struct work_struct *work) { (void)work; }
static inline void destroy_delayed_work_on_stack(struct delayed_work *work) { (void)work; }

#define __DELAYED_WORK_INITIALIZER(n, f, tflags) {				\
	.work = __WORK_INITIALIZER((n).work, (f)),				\
	.timer = __TIMER_INITIALIZER(delayed_work_timer_fn, (tflags) | TIMER_IRQSAFE), \
}
#define DECLARE_DELAYED_WORK(n, f) struct delayed_work n = __DELAYED_WORK_INITIALIZER(n, f, 0)
#define DECLARE_DEFERRABLE_WORK(n, f)						\
	struct delayed_work n = __DELAYED_WORK_INITIALIZER(n, f, TIMER_DEFERRABLE)

static inline void __kunit_c_init_delayed_work(struct delayed_work *dwork, work_func_t func,
					       unsigned int tflags)
{
	INIT_WORK(&dwork->work, func);
	timer_setup(&dwork->timer, delayed_work_timer_fn, tflags | TIMER_IRQSAFE);
	dwork->wq = NULL;
	dwork->cpu = 0;
}
#define INIT_DELAYED_WORK(_work, _func) __kunit_c_init_delayed_work((_work), (_func), 0)
#define INIT_DELAYED_WORK_ONSTACK(_work, _func) INIT_DELAYED_WORK(_work, _func)
#define INIT_DEFERRABLE_WORK(_work, _func)					\
	__kunit_c_init_delayed_work((_work), (_func), TIMER_DEFERRABLE)
#define INIT_DEFERRABLE_WORK_ONSTACK(_work, _func) INIT_DEFERRABLE_WORK(_work, _func)

static inline struct delayed_work *to_delayed_work(struct work_struct *work)
{
	return container_of(work, struct delayed_work, work);
}

#define work_data_bits(work) ((unsigned long *)(&(work)->data.counter))
#define work_pending(work) test_bit(WORK_STRUCT_PENDING_BIT, work_data_bits(work))
#define delayed_work_pending(w) work_pending(&(w)->work)

static inline bool queue_work(struct workqueue_struct *wq, struct work_struct *work)
{
	return queue_work_on(WORK_CPU_UNBOUND, wq, work);
}
static inline bool __kunit_c_delayed(struct workqueue_struct *wq, struct delayed_work *dwork,
				     unsigned long delay, bool mod)
{
	unsigned long expires = jiffies + delay;

	return __kunit_c_queue_delayed_work(wq, dwork, delay, expires,
					    __kunit_c_jiffies_deadline(HZ, INITIAL_JIFFIES, expires),
					    mod);
}
static inline bool queue_delayed_work_on(int cpu, struct workqueue_struct *wq,
					 struct delayed_work *dwork, unsigned long delay)
{
	(void)cpu;
	return __kunit_c_delayed(wq, dwork, delay, false);
}
static inline bool mod_delayed_work_on(int cpu, struct workqueue_struct *wq,
				       struct delayed_work *dwork, unsigned long delay)
{
	(void)cpu;
	return __kunit_c_delayed(wq, dwork, delay, true);
}
static inline bool queue_delayed_work(struct workqueue_struct *wq, struct delayed_work *dwork,
				      unsigned long delay)
{
	return queue_delayed_work_on(WORK_CPU_UNBOUND, wq, dwork, delay);
}
static inline bool mod_delayed_work(struct workqueue_struct *wq, struct delayed_work *dwork,
				    unsigned long delay)
{
	return mod_delayed_work_on(WORK_CPU_UNBOUND, wq, dwork, delay);
}
static inline bool schedule_work_on(int cpu, struct work_struct *work)
{
	return queue_work_on(cpu, system_wq, work);
}
static inline bool schedule_work(struct work_struct *work)
{
	return queue_work(system_wq, work);
}
static inline bool schedule_delayed_work_on(int cpu, struct delayed_work *dwork,
					    unsigned long delay)
{
	return queue_delayed_work_on(cpu, system_wq, dwork, delay);
}
static inline bool schedule_delayed_work(struct delayed_work *dwork, unsigned long delay)
{
	return queue_delayed_work(system_wq, dwork, delay);
}
static inline bool enable_and_queue_work(struct workqueue_struct *wq, struct work_struct *work)
{
	return queue_work(wq, work);
}

#endif /* _LINUX_WORKQUEUE_H */
