/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: sequence counters and sequential locks (Documentation/locking/seqlock.rst). A
 * writer makes the count odd while it writes; a reader samples an even count, reads, and
 * retries when the count moved. seqlock_t adds a spinlock that serialises the writers.
 */
#ifndef __LINUX_SEQLOCK_H
#define __LINUX_SEQLOCK_H

#include <linux/compiler.h>
#include <linux/processor.h>
#include <linux/spinlock.h>
#include <asm-generic/barrier.h>

typedef struct seqcount {
	unsigned int sequence;
} seqcount_t;

#define SEQCNT_ZERO(name) { .sequence = 0 }
#define seqcount_init(s) __atomic_store_n(&(s)->sequence, 0, __ATOMIC_RELEASE)
/* The lock-associated variants (seqcount_spinlock_t, ...) are plain counters here. */
typedef seqcount_t seqcount_raw_spinlock_t;
typedef seqcount_t seqcount_spinlock_t;
typedef seqcount_t seqcount_rwlock_t;
typedef seqcount_t seqcount_mutex_t;
#define seqcount_raw_spinlock_init(s, lock) seqcount_init(s)
#define seqcount_spinlock_init(s, lock) seqcount_init(s)
#define seqcount_rwlock_init(s, lock) seqcount_init(s)
#define seqcount_mutex_init(s, lock) seqcount_init(s)

/* An even count, once no write is in progress. */
static inline unsigned int read_seqcount_begin(const seqcount_t *s)
{
	unsigned int seq;

	while ((seq = __atomic_load_n(&s->sequence, __ATOMIC_ACQUIRE)) & 1)
		cpu_relax();
	return seq;
}

/* The count as it is, odd or not (the reader checks). */
static inline unsigned int raw_read_seqcount(const seqcount_t *s)
{
	return __atomic_load_n(&s->sequence, __ATOMIC_ACQUIRE);
}

/* True when a write began or ended since @start: what was read must be read again. */
static inline int read_seqcount_retry(const seqcount_t *s, unsigned int start)
{
	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	return __atomic_load_n(&s->sequence, __ATOMIC_RELAXED) != start;
}

static inline void write_seqcount_begin(seqcount_t *s)
{
	__atomic_store_n(&s->sequence, s->sequence + 1, __ATOMIC_RELAXED);
	__atomic_thread_fence(__ATOMIC_RELEASE); /* odd before the data changes */
}

static inline void write_seqcount_end(seqcount_t *s)
{
	__atomic_store_n(&s->sequence, s->sequence + 1, __ATOMIC_RELEASE);
}

/* Makes every reader that began before it retry. */
static inline void write_seqcount_invalidate(seqcount_t *s)
{
	__atomic_store_n(&s->sequence, s->sequence + 2, __ATOMIC_RELEASE);
}

#define raw_read_seqcount_begin(s) read_seqcount_begin(s)
#define raw_seqcount_begin(s) (raw_read_seqcount(s) & ~1u)
#define read_seqcount_begin_nested(s) read_seqcount_begin(s)
#define raw_write_seqcount_begin(s) write_seqcount_begin(s)
#define raw_write_seqcount_end(s) write_seqcount_end(s)
#define __read_seqcount_retry(s, start) read_seqcount_retry(s, start)

typedef struct {
	seqcount_t seqcount;
	spinlock_t lock;
} seqlock_t;

#define __SEQLOCK_UNLOCKED(name) { SEQCNT_ZERO(name), __SPIN_LOCK_UNLOCKED(name) }
#define DEFINE_SEQLOCK(name) seqlock_t name = __SEQLOCK_UNLOCKED(name)

static inline void seqlock_init(seqlock_t *sl)
{
	seqcount_init(&sl->seqcount);
	spin_lock_init(&sl->lock);
}

static inline unsigned int read_seqbegin(const seqlock_t *sl)
{
	return read_seqcount_begin(&sl->seqcount);
}

static inline unsigned int read_seqretry(const seqlock_t *sl, unsigned int start)
{
	return read_seqcount_retry(&sl->seqcount, start);
}

static inline void write_seqlock(seqlock_t *sl)
{
	spin_lock(&sl->lock);
	write_seqcount_begin(&sl->seqcount);
}

static inline void write_sequnlock(seqlock_t *sl)
{
	write_seqcount_end(&sl->seqcount);
	spin_unlock(&sl->lock);
}

#define write_seqlock_irqsave(sl, flags)					\
	do { spin_lock_irqsave(&(sl)->lock, flags); write_seqcount_begin(&(sl)->seqcount); } while (0)
#define write_sequnlock_irqrestore(sl, flags)					\
	do { write_seqcount_end(&(sl)->seqcount); spin_unlock_irqrestore(&(sl)->lock, flags); } while (0)
#define write_seqlock_irq(sl)							\
	do { spin_lock_irq(&(sl)->lock); write_seqcount_begin(&(sl)->seqcount); } while (0)
#define write_sequnlock_irq(sl)							\
	do { write_seqcount_end(&(sl)->seqcount); spin_unlock_irq(&(sl)->lock); } while (0)
#define write_seqlock_bh(sl) write_seqlock(sl)
#define write_sequnlock_bh(sl) write_sequnlock(sl)

/* A locked reader: excludes writers (and other locked readers), as the kernel's does. */
#define read_seqlock_excl(sl) spin_lock(&(sl)->lock)
#define read_sequnlock_excl(sl) spin_unlock(&(sl)->lock)

#endif /* __LINUX_SEQLOCK_H */
