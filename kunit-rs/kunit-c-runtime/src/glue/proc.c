/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: /proc entries, as kernel code registers them (the tree's
 * <linux/proc_fs.h>). There is no /proc to read here: an entry is kept, by parent and
 * name, with its seq_operations and data, and a second entry of the same name under the
 * same parent is refused (NULL, with the kernel's warning), until remove_proc_entry()
 * or proc_remove() takes the first away.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "glue.h"

int _printk(const char *fmt, ...);

struct proc_dir_entry {
	struct proc_dir_entry *next;
	struct proc_dir_entry *parent;
	char *name;
	unsigned short mode;
	const void *seq_ops;
	unsigned int state_size;
	void *data;
};

static pthread_mutex_t proc_lock = PTHREAD_MUTEX_INITIALIZER;
static struct proc_dir_entry *entries;

static struct proc_dir_entry **find(const char *name, struct proc_dir_entry *parent)
{
	struct proc_dir_entry **p;

	for (p = &entries; *p; p = &(*p)->next)
		if ((*p)->parent == parent && !strcmp((*p)->name, name))
			break;
	return p;
}

struct proc_dir_entry *proc_create_seq_private(const char *name, unsigned short mode,
					       struct proc_dir_entry *parent, const void *ops,
					       unsigned int state_size, void *data)
{
	struct proc_dir_entry *e = NULL;

	pthread_mutex_lock(&proc_lock);
	if (*find(name, parent)) {
		pthread_mutex_unlock(&proc_lock);
		_printk("\0014proc_dir_entry '%s/%s' already registered\n",
			parent ? parent->name : "", name);
		return NULL;
	}
	e = calloc(1, sizeof(*e));
	if (e && !(e->name = strdup(name))) {
		free(e);
		e = NULL;
	}
	if (e) {
		e->parent = parent;
		e->mode = mode;
		e->seq_ops = ops;
		e->state_size = state_size;
		e->data = data;
		e->next = entries;
		entries = e;
	}
	pthread_mutex_unlock(&proc_lock);
	return e;
}

static void unlink_entry(struct proc_dir_entry **p)
{
	struct proc_dir_entry *e = *p;

	*p = e->next;
	free(e->name);
	free(e);
}

void remove_proc_entry(const char *name, struct proc_dir_entry *parent)
{
	struct proc_dir_entry **p;
	bool found;

	pthread_mutex_lock(&proc_lock);
	p = find(name, parent);
	found = *p != NULL;
	if (found)
		unlink_entry(p);
	pthread_mutex_unlock(&proc_lock);
	if (!found)
		_printk("\0014name '%s'\n", name);
}

void proc_remove(struct proc_dir_entry *de)
{
	if (de)
		remove_proc_entry(de->name, de->parent);
}
