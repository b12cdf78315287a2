/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: sysfs as a record (include/linux/sysfs.h). Each kobject in sysfs has a
 * directory that records its entries by name (files, binary files, links, a named group's
 * subdirectory and that group's files as "group/file"); a directory's place is its
 * parent's. Names clash as in the kernel: -EEXIST with its warning. One lock guards it all.
 */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glue.h"
#include "kobject_layout.h"

int _printk(const char *fmt, ...);
#define printk _printk
void __kunit_c_warn(const char *file, int line, const char *fmt, ...);

#define KC_WARN(fmt, ...) __kunit_c_warn(__FILE__, __LINE__, fmt, ##__VA_ARGS__)

enum kind { FILE_ENTRY, BIN_ENTRY, LINK_ENTRY, GROUP_DIR };

struct entry {
	struct entry *next;
	char *name;
	enum kind kind;
	struct kobject *target; /* a link's */
};

struct kc_sysfs_dir {
	struct kc_sysfs_dir *next; /* every directory */
	struct kobject *kobj;
	struct kc_sysfs_dir *parent; /* NULL: the root */
	struct entry *entries;
};

static pthread_mutex_t sysfs_lock = PTHREAD_MUTEX_INITIALIZER;
static struct kc_sysfs_dir *dirs;

static struct kc_sysfs_dir *new_dir(struct kobject *kobj, struct kc_sysfs_dir *parent);

/*
 * @kobj's directory; the statically added top-level kobjects (kernel_kobj, ...) get theirs
 * when first used. NULL when it is not in sysfs.
 */
static struct kc_sysfs_dir *dir_of(struct kobject *kobj)
{
	if (!kobj->sd && kobj->state_in_sysfs && !kobj->ktype) {
		struct kc_sysfs_dir *parent = kobj->parent ? dir_of(kobj->parent) : NULL;

		kobj->sd = new_dir(kobj, parent);
	}
	return kobj->sd;
}

static struct kc_sysfs_dir *new_dir(struct kobject *kobj, struct kc_sysfs_dir *parent)
{
	struct kc_sysfs_dir *d = calloc(1, sizeof(*d));

	if (!d)
		return NULL;
	d->kobj = kobj;
	d->parent = parent;
	d->next = dirs;
	dirs = d;
	return d;
}

static struct entry *find(struct kc_sysfs_dir *d, const char *name)
{
	for (struct entry *e = d->entries; e; e = e->next)
		if (!strcmp(e->name, name))
			return e;
	return NULL;
}

/* Is @name taken in @parent (NULL: the root), by an entry or a kobject's directory? */
static bool taken(struct kc_sysfs_dir *parent, const char *name, const struct kobject *except)
{
	if (parent && find(parent, name))
		return true;
	for (struct kc_sysfs_dir *d = dirs; d; d = d->next)
		if (d->parent == parent && d->kobj != except && d->kobj->name &&
		    !strcmp(d->kobj->name, name))
			return true;
	return false;
}

static void duplicate(struct kc_sysfs_dir *parent, const char *name)
{
	char *path = parent ? kc_kobject_path(parent->kobj) : NULL;

	/* The kernel's warning (without its stack dump). */
	printk("\0013sysfs: cannot create duplicate filename '%s/%s'\n", path ? path : "", name);
	free(path);
}

int sysfs_create_dir_ns(struct kobject *kobj, const void *ns)
{
	struct kc_sysfs_dir *parent = NULL, *d;
	int err = 0;

	(void)ns;
	if (!kobj)
		return -EINVAL;
	pthread_mutex_lock(&sysfs_lock);
	if (kobj->parent) {
		parent = dir_of(kobj->parent);
		if (!parent)
			err = -ENOENT;
	}
	if (!err && taken(parent, kobj->name, kobj)) {
		duplicate(parent, kobj->name);
		err = -EEXIST;
	}
	if (!err) {
		d = new_dir(kobj, parent);
		if (d)
			kobj->sd = d;
		else
			err = -ENOMEM;
	}
	pthread_mutex_unlock(&sysfs_lock);
	return err;
}

static void free_entries(struct kc_sysfs_dir *d)
{
	while (d->entries) {
		struct entry *e = d->entries;

		d->entries = e->next;
		free(e->name);
		free(e);
	}
}

void sysfs_remove_dir(struct kobject *kobj)
{
	struct kc_sysfs_dir *d;

	pthread_mutex_lock(&sysfs_lock);
	d = kobj->sd;
	kobj->sd = NULL;
	if (d) {
		for (struct kc_sysfs_dir **p = &dirs; *p; p = &(*p)->next) {
			if (*p == d) {
				*p = d->next;
				break;
			}
		}
		/* The kernel removes the subtree: what was below has no directory any more. */
		for (struct kc_sysfs_dir *c = dirs; c; c = c->next)
			if (c->parent == d)
				c->parent = NULL;
		free_entries(d);
		free(d);
	}
	pthread_mutex_unlock(&sysfs_lock);
}

int kc_sysfs_rename_dir(struct kobject *kobj, const char *new_name)
{
	int err = 0;

	pthread_mutex_lock(&sysfs_lock);
	if (kobj->sd && taken(kobj->sd->parent, new_name, kobj)) {
		duplicate(kobj->sd->parent, new_name);
		err = -EEXIST;
	}
	pthread_mutex_unlock(&sysfs_lock);
	return err;
}

int kc_sysfs_move_dir(struct kobject *kobj, struct kobject *new_parent)
{
	struct kc_sysfs_dir *p = NULL;
	int err = 0;

	pthread_mutex_lock(&sysfs_lock);
	if (new_parent && !(p = dir_of(new_parent)))
		err = -ENOENT;
	else if (kobj->sd && taken(p, kobj->name, kobj)) {
		duplicate(p, kobj->name);
		err = -EEXIST;
	} else if (kobj->sd) {
		kobj->sd->parent = p;
	}
	pthread_mutex_unlock(&sysfs_lock);
	return err;
}

/* Records @name in @d; -EEXIST (with the warning unless @quiet) if taken. Locked. */
static int add_entry(struct kc_sysfs_dir *d, const char *name, enum kind kind,
		     struct kobject *target, bool quiet)
{
	struct entry *e;

	if (taken(d, name, NULL)) {
		if (!quiet)
			duplicate(d, name);
		return -EEXIST;
	}
	e = calloc(1, sizeof(*e));
	if (!e || !(e->name = strdup(name))) {
		free(e);
		return -ENOMEM;
	}
	e->kind = kind;
	e->target = target;
	e->next = d->entries;
	d->entries = e;
	return 0;
}

/* Removes @name from @d; false if it was not there. Locked. */
static bool remove_entry(struct kc_sysfs_dir *d, const char *name)
{
	for (struct entry **p = &d->entries; *p; p = &(*p)->next) {
		struct entry *e = *p;

		if (!strcmp(e->name, name)) {
			*p = e->next;
			free(e->name);
			free(e);
			return true;
		}
	}
	return false;
}

/* "group/name", or @name for the kobject's own directory; malloc()ed. */
static char *in_group(const char *group, const char *name)
{
	size_t n = (group ? strlen(group) + 1 : 0) + strlen(name) + 1;
	char *s = malloc(n);

	if (s)
		snprintf(s, n, "%s%s%s", group ? group : "", group ? "/" : "", name);
	return s;
}

static int add_in(struct kobject *kobj, const char *group, const char *name, enum kind kind)
{
	struct kc_sysfs_dir *d;
	char *full;
	int err;

	if (!kobj || !name)
		return -EINVAL;
	pthread_mutex_lock(&sysfs_lock);
	d = dir_of(kobj);
	if (!d) {
		pthread_mutex_unlock(&sysfs_lock);
		return -ENOENT;
	}
	if (group && !find(d, group)) {
		pthread_mutex_unlock(&sysfs_lock);
		return -ENOENT;
	}
	full = in_group(group, name);
	err = full ? add_entry(d, full, kind, NULL, false) : -ENOMEM;
	pthread_mutex_unlock(&sysfs_lock);
	free(full);
	return err;
}

static void remove_in(struct kobject *kobj, const char *group, const char *name)
{
	char *full = in_group(group, name);

	pthread_mutex_lock(&sysfs_lock);
	if (full && kobj && kobj->sd)
		remove_entry(kobj->sd, full);
	pthread_mutex_unlock(&sysfs_lock);
	free(full);
}

int sysfs_create_file_ns(struct kobject *kobj, const struct attribute *attr, const void *ns)
{
	(void)ns;
	if (!kobj || !kobj->sd || !attr) {
		KC_WARN(NULL);
		return -EINVAL;
	}
	return add_in(kobj, NULL, attr->name, FILE_ENTRY);
}

int sysfs_create_files(struct kobject *kobj, const struct attribute *const *ptr)
{
	int err = 0;

	for (int i = 0; ptr[i] && !err; i++)
		err = sysfs_create_file_ns(kobj, ptr[i], NULL);
	if (err)
		for (int i = 0; ptr[i]; i++)
			remove_in(kobj, NULL, ptr[i]->name);
	return err;
}

int sysfs_chmod_file(struct kobject *kobj, const struct attribute *attr, unsigned short mode)
{
	int ret;

	(void)mode;
	pthread_mutex_lock(&sysfs_lock);
	ret = kobj->sd && find(kobj->sd, attr->name) ? 0 : -ENOENT;
	pthread_mutex_unlock(&sysfs_lock);
	return ret;
}

void sysfs_remove_file_ns(struct kobject *kobj, const struct attribute *attr, const void *ns)
{
	(void)ns;
	remove_in(kobj, NULL, attr->name);
}

bool sysfs_remove_file_self(struct kobject *kobj, const struct attribute *attr)
{
	bool removed = false;

	pthread_mutex_lock(&sysfs_lock);
	if (kobj->sd)
		removed = remove_entry(kobj->sd, attr->name);
	pthread_mutex_unlock(&sysfs_lock);
	return removed;
}

void sysfs_remove_files(struct kobject *kobj, const struct attribute *const *ptr)
{
	for (int i = 0; ptr[i]; i++)
		remove_in(kobj, NULL, ptr[i]->name);
}

int sysfs_create_bin_file(struct kobject *kobj, const struct attribute *attr)
{
	if (!kobj || !kobj->sd || !attr) {
		KC_WARN(NULL);
		return -EINVAL;
	}
	return add_in(kobj, NULL, attr->name, BIN_ENTRY);
}

void sysfs_remove_bin_file(struct kobject *kobj, const struct attribute *attr)
{
	remove_in(kobj, NULL, attr->name);
}

static int create_link(struct kobject *kobj, struct kobject *target, const char *name,
		       bool quiet)
{
	struct kc_sysfs_dir *d = NULL;
	int err;

	if (!target || !name)
		return -EINVAL;
	pthread_mutex_lock(&sysfs_lock);
	if (kobj && !(d = dir_of(kobj))) {
		pthread_mutex_unlock(&sysfs_lock);
		return -EFAULT;
	}
	if (!dir_of(target)) {
		pthread_mutex_unlock(&sysfs_lock);
		return -ENOENT;
	}
	if (!d) {
		/* Links at the root: kunit-c records none there. */
		pthread_mutex_unlock(&sysfs_lock);
		return 0;
	}
	err = add_entry(d, name, LINK_ENTRY, target, quiet);
	pthread_mutex_unlock(&sysfs_lock);
	return err;
}

int sysfs_create_link(struct kobject *kobj, struct kobject *target, const char *name)
{
	return create_link(kobj, target, name, false);
}

int sysfs_create_link_nowarn(struct kobject *kobj, struct kobject *target, const char *name)
{
	return create_link(kobj, target, name, true);
}

void sysfs_remove_link(struct kobject *kobj, const char *name)
{
	if (kobj)
		remove_in(kobj, NULL, name);
}

void sysfs_delete_link(struct kobject *kobj, struct kobject *targ, const char *name)
{
	(void)targ;
	sysfs_remove_link(kobj, name);
}

int sysfs_rename_link_ns(struct kobject *kobj, struct kobject *targ, const char *old,
			 const char *new, const void *new_ns)
{
	struct entry *e;
	char *n;
	int err = 0;

	(void)new_ns;
	pthread_mutex_lock(&sysfs_lock);
	if (!kobj || !kobj->sd || !(e = find(kobj->sd, old)) || e->kind != LINK_ENTRY ||
	    e->target != targ)
		err = -ENOENT;
	else if (strcmp(old, new) && taken(kobj->sd, new, NULL))
		err = -EEXIST;
	else if (!(n = strdup(new)))
		err = -ENOMEM;
	else {
		free(e->name);
		e->name = n;
	}
	pthread_mutex_unlock(&sysfs_lock);
	return err;
}

/* Removes what a group put in @kobj's directory. */
static void remove_group_entries(struct kobject *kobj, const struct attribute_group *grp)
{
	if (grp->name) {
		struct kc_sysfs_dir *d = kobj->sd;
		size_t n = strlen(grp->name);

		pthread_mutex_lock(&sysfs_lock);
		for (struct entry **p = d ? &d->entries : NULL; p && *p;) {
			struct entry *e = *p;

			if (!strncmp(e->name, grp->name, n) && (e->name[n] == '/' || !e->name[n])) {
				*p = e->next;
				free(e->name);
				free(e);
			} else {
				p = &e->next;
			}
		}
		pthread_mutex_unlock(&sysfs_lock);
		return;
	}
	for (int i = 0; grp->attrs && grp->attrs[i]; i++)
		remove_in(kobj, NULL, grp->attrs[i]->name);
	for (int i = 0; grp->bin_attrs && grp->bin_attrs[i]; i++)
		remove_in(kobj, NULL, grp->bin_attrs[i]->name);
}

/* sysfs_create_group() (@update: sysfs_update_group(), which may replace the entries). */
static int create_group(struct kobject *kobj, const struct attribute_group *grp, bool update)
{
	struct kc_sysfs_dir *d;
	int err = 0;

	if (!kobj || !grp) {
		KC_WARN(NULL);
		return -EINVAL;
	}
	pthread_mutex_lock(&sysfs_lock);
	d = dir_of(kobj);
	pthread_mutex_unlock(&sysfs_lock);
	if (!d) {
		if (!update)
			KC_WARN(NULL);
		return -EINVAL;
	}
	if (!grp->attrs && !grp->bin_attrs) {
		printk("\0013sysfs: (bin_)attrs not set by subsystem for group: %s/%s\n", kobj->name,
		       grp->name ? grp->name : "");
		return -EINVAL;
	}
	if (update)
		remove_group_entries(kobj, grp);
	if (grp->name) {
		pthread_mutex_lock(&sysfs_lock);
		err = add_entry(d, grp->name, GROUP_DIR, NULL, false);
		pthread_mutex_unlock(&sysfs_lock);
		if (err)
			return err;
	}
	for (int i = 0; !err && grp->attrs && grp->attrs[i]; i++) {
		struct attribute *a = grp->attrs[i];

		if (grp->is_visible && !grp->is_visible(kobj, a, i))
			continue;
		err = add_in(kobj, grp->name, a->name, FILE_ENTRY);
	}
	for (int i = 0; !err && grp->bin_attrs && grp->bin_attrs[i]; i++) {
		struct attribute *a = grp->bin_attrs[i];

		if (grp->is_bin_visible && !grp->is_bin_visible(kobj, a, i))
			continue;
		err = add_in(kobj, grp->name, a->name, BIN_ENTRY);
	}
	if (err)
		remove_group_entries(kobj, grp);
	return err;
}

int sysfs_create_group(struct kobject *kobj, const struct attribute_group *grp)
{
	return create_group(kobj, grp, false);
}

int sysfs_update_group(struct kobject *kobj, const struct attribute_group *grp)
{
	return create_group(kobj, grp, true);
}

void sysfs_remove_group(struct kobject *kobj, const struct attribute_group *grp)
{
	if (!kobj || !grp)
		return;
	if (grp->name) {
		bool there;

		pthread_mutex_lock(&sysfs_lock);
		there = kobj->sd && find(kobj->sd, grp->name);
		pthread_mutex_unlock(&sysfs_lock);
		if (!there) {
			/* The kernel's warning for a group that is not there. */
			KC_WARN("sysfs group '%s' not found for kobject '%s'\n", grp->name, kobj->name);
			return;
		}
	}
	remove_group_entries(kobj, grp);
}

static int create_groups(struct kobject *kobj, const struct attribute_group **groups,
			 bool update)
{
	int err = 0, i;

	if (!groups)
		return 0;
	for (i = 0; groups[i]; i++) {
		err = create_group(kobj, groups[i], update);
		if (err) {
			while (--i >= 0)
				sysfs_remove_group(kobj, groups[i]);
			break;
		}
	}
	return err;
}

int sysfs_create_groups(struct kobject *kobj, const struct attribute_group **groups)
{
	return create_groups(kobj, groups, false);
}

int sysfs_update_groups(struct kobject *kobj, const struct attribute_group **groups)
{
	return create_groups(kobj, groups, true);
}

void sysfs_remove_groups(struct kobject *kobj, const struct attribute_group **groups)
{
	for (int i = 0; groups && groups[i]; i++)
		sysfs_remove_group(kobj, groups[i]);
}

int sysfs_merge_group(struct kobject *kobj, const struct attribute_group *grp)
{
	int err = 0, i;

	pthread_mutex_lock(&sysfs_lock);
	if (!kobj->sd || !find(kobj->sd, grp->name))
		err = -ENOENT;
	pthread_mutex_unlock(&sysfs_lock);
	for (i = 0; !err && grp->attrs && grp->attrs[i]; i++)
		err = add_in(kobj, grp->name, grp->attrs[i]->name, FILE_ENTRY);
	if (err)
		while (--i >= 0)
			remove_in(kobj, grp->name, grp->attrs[i]->name);
	return err;
}

void sysfs_unmerge_group(struct kobject *kobj, const struct attribute_group *grp)
{
	for (int i = 0; grp->attrs && grp->attrs[i]; i++)
		remove_in(kobj, grp->name, grp->attrs[i]->name);
}

int sysfs_add_file_to_group(struct kobject *kobj, const struct attribute *attr,
			    const char *group)
{
	return add_in(kobj, group, attr->name, FILE_ENTRY);
}

void sysfs_remove_file_from_group(struct kobject *kobj, const struct attribute *attr,
				  const char *group)
{
	remove_in(kobj, group, attr->name);
}

int sysfs_add_link_to_group(struct kobject *kobj, const char *group, struct kobject *target,
			    const char *link)
{
	char *full = in_group(group, link);
	int err;

	if (!full)
		return -ENOMEM;
	pthread_mutex_lock(&sysfs_lock);
	if (!kobj->sd || !find(kobj->sd, group))
		err = -ENOENT;
	else if (!dir_of(target))
		err = -ENOENT;
	else
		err = add_entry(kobj->sd, full, LINK_ENTRY, target, false);
	pthread_mutex_unlock(&sysfs_lock);
	free(full);
	return err;
}

void sysfs_remove_link_from_group(struct kobject *kobj, const char *group, const char *link)
{
	remove_in(kobj, group, link);
}

void sysfs_notify(struct kobject *kobj, const char *dir, const char *attr)
{
	(void)kobj, (void)dir, (void)attr;
}

/* show()'s buffer is one page, page-aligned; sysfs_emit_at() writes at @at within it. */
static int emit(char *buf, int at, const char *fmt, va_list ap)
{
	if ((unsigned long)buf & (KC_PAGE_SIZE - 1) || at < 0 || at >= (int)KC_PAGE_SIZE) {
		KC_WARN("invalid sysfs_emit%s: buf:%p at:%d\n", at ? "_at" : "", (void *)buf, at);
		return 0;
	}
	return vscnprintf(buf + at, KC_PAGE_SIZE - at, fmt, ap);
}

int sysfs_emit(char *buf, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = emit(buf, 0, fmt, ap);
	va_end(ap);
	return n;
}

int sysfs_emit_at(char *buf, int at, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = emit(buf, at, fmt, ap);
	va_end(ap);
	return n;
}

int __kunit_c_sysfs_lookup(struct kobject *kobj, const char *name)
{
	int ret;

	pthread_mutex_lock(&sysfs_lock);
	if (!kobj || !kobj->sd)
		ret = -ENOENT;
	else
		ret = find(kobj->sd, name) != NULL || taken(kobj->sd, name, NULL);
	pthread_mutex_unlock(&sysfs_lock);
	return ret;
}
