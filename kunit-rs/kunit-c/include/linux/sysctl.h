/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: sysctl tables (the kernel's <linux/sysctl.h>): the table layout, SYSCTL_* and the
 * declarations of the proc handlers and register_sysctl(). Their code is kernel/sysctl.c's
 * and fs/proc/proc_sysctl.c's, which kernel/sysctl-test.c tests: kunit-c does not stand in
 * for it, so a file that calls them links the tree's files or is skipped naming them.
 */
#ifndef _LINUX_SYSCTL_H
#define _LINUX_SYSCTL_H

#include <linux/array_size.h>
#include <linux/atomic.h>
#include <linux/types.h>
#include <linux/wait.h>

struct ctl_table;
struct ctl_table_header;

/* Indices as the kernel's: code and tests compare against these addresses. */
#define SYSCTL_ZERO			((void *)&sysctl_vals[0])
#define SYSCTL_ONE			((void *)&sysctl_vals[1])
#define SYSCTL_TWO			((void *)&sysctl_vals[2])
#define SYSCTL_THREE			((void *)&sysctl_vals[3])
#define SYSCTL_FOUR			((void *)&sysctl_vals[4])
#define SYSCTL_ONE_HUNDRED		((void *)&sysctl_vals[5])
#define SYSCTL_TWO_HUNDRED		((void *)&sysctl_vals[6])
#define SYSCTL_ONE_THOUSAND		((void *)&sysctl_vals[7])
#define SYSCTL_THREE_THOUSAND		((void *)&sysctl_vals[8])
#define SYSCTL_INT_MAX			((void *)&sysctl_vals[9])
#define SYSCTL_MAXOLDUID		((void *)&sysctl_vals[10])
#define SYSCTL_NEG_ONE			((void *)&sysctl_vals[11])

extern const int sysctl_vals[];

#define SYSCTL_LONG_ZERO	((void *)&sysctl_long_vals[0])
#define SYSCTL_LONG_ONE		((void *)&sysctl_long_vals[1])
#define SYSCTL_LONG_MAX		((void *)&sysctl_long_vals[2])

extern const unsigned long sysctl_long_vals[];

typedef int proc_handler(const struct ctl_table *ctl, int write, void *buffer,
			 size_t *lenp, loff_t *ppos);

/*
 * The handlers. @buffer is kernel memory (the kernel copies from and to user space before
 * and after); @lenp is its length in, the bytes used out; @ppos the file position.
 */
int proc_dostring(const struct ctl_table *, int, void *, size_t *, loff_t *);
int proc_dobool(const struct ctl_table *table, int write, void *buffer,
		size_t *lenp, loff_t *ppos);
int proc_dointvec(const struct ctl_table *, int, void *, size_t *, loff_t *);
int proc_douintvec(const struct ctl_table *, int, void *, size_t *, loff_t *);
int proc_dointvec_minmax(const struct ctl_table *, int, void *, size_t *, loff_t *);
int proc_douintvec_minmax(const struct ctl_table *table, int write, void *buffer,
			  size_t *lenp, loff_t *ppos);
int proc_dou8vec_minmax(const struct ctl_table *table, int write, void *buffer,
			size_t *lenp, loff_t *ppos);
int proc_doulongvec_minmax(const struct ctl_table *, int, void *, size_t *, loff_t *);
int do_proc_douintvec(const struct ctl_table *table, int write,
		      void *buffer, size_t *lenp, loff_t *ppos,
		      int (*conv)(unsigned long *lvalp, unsigned int *valp,
				  int write, void *data),
		      void *data);

/* Poll support: the event counter a sysctl's readers poll. */
struct ctl_table_poll {
	atomic_t event;
	wait_queue_head_t wait;
};

static inline void *proc_sys_poll_event(struct ctl_table_poll *poll)
{
	return (void *)(unsigned long)atomic_read(&poll->event);
}

#define __CTL_TABLE_POLL_INITIALIZER(name) {				\
	.event = ATOMIC_INIT(0),					\
	.wait = __WAIT_QUEUE_HEAD_INITIALIZER(name.wait) }

#define DEFINE_CTL_TABLE_POLL(name)					\
	struct ctl_table_poll name = __CTL_TABLE_POLL_INITIALIZER(name)

struct ctl_table {
	const char *procname;		/* the file's name under its folder */
	void *data;
	int maxlen;
	umode_t mode;
	proc_handler *proc_handler;
	struct ctl_table_poll *poll;
	void *extra1;
	void *extra2;
};

/*
 * A registration, as kernel code reads it: the table, its size and the table as passed
 * (which callers free after unregistering).
 */
struct ctl_table_header {
	struct ctl_table *ctl_table;
	int ctl_table_size;
	const struct ctl_table *ctl_table_arg;
};

#define register_sysctl(path, table)	\
	register_sysctl_sz(path, table, ARRAY_SIZE(table))

#ifdef CONFIG_SYSCTL

struct ctl_table_header *register_sysctl_sz(const char *path, struct ctl_table *table,
					    size_t table_size);
void unregister_sysctl_table(struct ctl_table_header *table);

void __register_sysctl_init(const char *path, struct ctl_table *table,
			    const char *table_name, size_t table_size);
#define register_sysctl_init(path, table)	\
	__register_sysctl_init(path, table, #table, ARRAY_SIZE(table))
struct ctl_table_header *register_sysctl_mount_point(const char *path);

#else /* CONFIG_SYSCTL */

/* Without sysctl, as the kernel's: nothing is registered. */
static inline void register_sysctl_init(const char *path, struct ctl_table *table)
{
	(void)path;
	(void)table;
}

static inline struct ctl_table_header *register_sysctl_mount_point(const char *path)
{
	(void)path;
	return NULL;
}

static inline struct ctl_table_header *register_sysctl_sz(const char *path,
							  struct ctl_table *table,
							  size_t table_size)
{
	(void)path;
	(void)table;
	(void)table_size;
	return NULL;
}

static inline void unregister_sysctl_table(struct ctl_table_header *table)
{
	(void)table;
}

#endif /* CONFIG_SYSCTL */

#endif /* _LINUX_SYSCTL_H */
