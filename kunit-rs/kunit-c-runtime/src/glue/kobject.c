/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: kobjects and ksets (include/linux/kobject.h), with the kernel's life cycle
 * and its messages for misuse. Reference counts are atomic; names, kset lists and parents
 * change under one lock, never held while a release() or another kobject call runs.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glue.h"
#include "kobject_layout.h"

int _printk(const char *fmt, ...);
#define printk _printk
char *kvasprintf(kc_gfp_t gfp, const char *fmt, va_list args);
void __kunit_c_warn(const char *file, int line, const char *fmt, ...);

#define KC_WARN(fmt, ...) __kunit_c_warn(__FILE__, __LINE__, fmt, ##__VA_ARGS__)

/* Names and parents (for paths) change under this lock. */
static pthread_mutex_t kset_lock = PTHREAD_MUTEX_INITIALIZER;

/*
 * A kset's list is guarded by its list_lock, the byte of kunit-c's spinlock_t, taken as
 * <linux/spinlock.h> takes it: tree code that walks the list under spin_lock() (swnode.c's
 * software_node_find_by_name()) excludes the glue's changes.
 */
static void list_lock(struct kset *k)
{
	while (__atomic_test_and_set(&k->list_lock, __ATOMIC_ACQUIRE))
		sched_yield();
}

static void list_unlock(struct kset *k)
{
	__atomic_clear(&k->list_lock, __ATOMIC_RELEASE);
}

static void list_init(struct kc_list_head *l)
{
	l->next = l->prev = l;
}

static void list_add_tail(struct kc_list_head *n, struct kc_list_head *head)
{
	n->prev = head->prev;
	n->next = head;
	head->prev->next = n;
	head->prev = n;
}

static void list_del_init(struct kc_list_head *n)
{
	n->prev->next = n->next;
	n->next->prev = n->prev;
	list_init(n);
}

/* The top-level directories: added from the start, never released. */
#define KC_ROOT(var, nm)                                                                    \
	static struct kobject var##_obj = {                                                \
		.name = nm, .entry = { &var##_obj.entry, &var##_obj.entry }, .kref = 1,     \
		.state_initialized = 1, .state_in_sysfs = 1,                               \
	};                                                                                 \
	struct kobject *var = &var##_obj
KC_ROOT(kernel_kobj, "kernel");
KC_ROOT(hypervisor_kobj, "hypervisor");
KC_ROOT(power_kobj, "power");
KC_ROOT(firmware_kobj, "firmware");
static struct kobject mm_kobj_obj = {
	.name = "mm", .entry = { &mm_kobj_obj.entry, &mm_kobj_obj.entry }, .parent = &kernel_kobj_obj,
	.kref = 1, .state_initialized = 1, .state_in_sysfs = 1,
};
struct kobject *mm_kobj = &mm_kobj_obj;

int kobject_set_name_vargs(struct kobject *kobj, const char *fmt, va_list vargs)
{
	char *s, *old;

	if (kobj->name && !fmt)
		return 0;
	s = kvasprintf(0, fmt, vargs);
	if (!s)
		return -ENOMEM;
	/* A name is one sysfs path component. */
	for (char *p = s; (p = strchr(p, '/'));)
		*p = '!';
	pthread_mutex_lock(&kset_lock);
	old = (char *)kobj->name;
	kobj->name = s;
	pthread_mutex_unlock(&kset_lock);
	kfree(old);
	return 0;
}

int kobject_set_name(struct kobject *kobj, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = kobject_set_name_vargs(kobj, fmt, ap);
	va_end(ap);
	return ret;
}

static void init_internal(struct kobject *kobj)
{
	__atomic_store_n(&kobj->kref, 1, __ATOMIC_RELAXED);
	list_init(&kobj->entry);
	kobj->state_in_sysfs = 0;
	kobj->state_add_uevent_sent = 0;
	kobj->state_remove_uevent_sent = 0;
	kobj->state_initialized = 1;
}

void kobject_init(struct kobject *kobj, const struct kobj_type *ktype)
{
	if (!kobj) {
		printk("\0013kobject (%p): invalid kobject pointer!\n", (void *)kobj);
		return;
	}
	if (!ktype) {
		printk("\0013kobject (%p): must have a ktype to be initialized properly!\n", (void *)kobj);
		return;
	}
	if (kobj->state_initialized)
		printk("\0013kobject (%p): tried to init an initialized object, something is seriously wrong.\n",
		       (void *)kobj);
	init_internal(kobj);
	kobj->ktype = ktype;
}

struct kobject *kobject_get(struct kobject *kobj)
{
	if (!kobj)
		return NULL;
	if (!kobj->state_initialized)
		KC_WARN("kobject: '%s' (%p): is not initialized, yet kobject_get() is being called.\n",
			kobj->name, (void *)kobj);
	if (__atomic_fetch_add(&kobj->kref, 1, __ATOMIC_RELAXED) == 0)
		KC_WARN("refcount_t: addition on 0; use-after-free.\n");
	return kobj;
}

struct kobject *kobject_get_unless_zero(struct kobject *kobj)
{
	int old;

	if (!kobj)
		return NULL;
	old = __atomic_load_n(&kobj->kref, __ATOMIC_RELAXED);
	do {
		if (old == 0)
			return NULL;
	} while (!__atomic_compare_exchange_n(&kobj->kref, &old, old + 1, false, __ATOMIC_ACQUIRE,
					      __ATOMIC_RELAXED));
	return kobj;
}

/* Joins @kobj to its kset's list / leaves it (with the kset's reference). */
static void kset_join(struct kobject *kobj)
{
	if (!kobj->kset)
		return;
	kobject_get(&kobj->kset->kobj);
	list_lock(kobj->kset);
	list_add_tail(&kobj->entry, &kobj->kset->list);
	list_unlock(kobj->kset);
}

void kobject_put(struct kobject *kobj);

static void kset_leave(struct kobject *kobj)
{
	if (!kobj->kset)
		return;
	list_lock(kobj->kset);
	list_del_init(&kobj->entry);
	list_unlock(kobj->kset);
	kobject_put(&kobj->kset->kobj);
}

static int create_dir(struct kobject *kobj)
{
	const struct kobj_type *t = kobj->ktype;
	int err = sysfs_create_dir_ns(kobj, NULL);

	if (err)
		return err;
	if (t && t->default_groups) {
		err = sysfs_create_groups(kobj, t->default_groups);
		if (err) {
			sysfs_remove_dir(kobj);
			return err;
		}
	}
	return 0;
}

static int add_internal(struct kobject *kobj)
{
	struct kobject *parent;
	int err;

	if (!kobj)
		return -ENOENT;
	if (!kobj->name || !kobj->name[0]) {
		KC_WARN("kobject: (%p): attempted to be registered with empty name!\n", (void *)kobj);
		return -EINVAL;
	}
	parent = kobject_get(kobj->parent);
	if (kobj->kset) {
		if (!parent)
			parent = kobject_get(&kobj->kset->kobj);
		kset_join(kobj);
		kobj->parent = parent;
	}
	err = create_dir(kobj);
	if (err) {
		kset_leave(kobj);
		kobject_put(parent);
		kobj->parent = NULL;
		if (err == -EEXIST)
			printk("\0013kobject_add_internal failed for %s with -EEXIST, don't try to register things with the same name in the same directory.\n",
			       kobj->name);
		else
			printk("\0013kobject_add_internal failed for %s (error: %d parent: %s)\n", kobj->name,
			       err, parent ? parent->name : "'none'");
		return err;
	}
	kobj->state_in_sysfs = 1;
	return 0;
}

static int add_varg(struct kobject *kobj, struct kobject *parent, const char *fmt, va_list vargs)
{
	int err = kobject_set_name_vargs(kobj, fmt, vargs);

	if (err) {
		printk("\0013kobject: can not set name properly!\n");
		return err;
	}
	kobj->parent = parent;
	return add_internal(kobj);
}

int kobject_add(struct kobject *kobj, struct kobject *parent, const char *fmt, ...)
{
	va_list ap;
	int ret;

	if (!kobj)
		return -EINVAL;
	if (!kobj->state_initialized) {
		printk("\0013kobject '%s' (%p): tried to add an uninitialized object, something is seriously wrong.\n",
		       kobj->name, (void *)kobj);
		return -EINVAL;
	}
	va_start(ap, fmt);
	ret = add_varg(kobj, parent, fmt, ap);
	va_end(ap);
	return ret;
}

int kobject_init_and_add(struct kobject *kobj, const struct kobj_type *ktype,
			 struct kobject *parent, const char *fmt, ...)
{
	va_list ap;
	int ret;

	kobject_init(kobj, ktype);
	va_start(ap, fmt);
	ret = add_varg(kobj, parent, fmt, ap);
	va_end(ap);
	return ret;
}

void kobject_del(struct kobject *kobj)
{
	struct kobject *parent;

	if (!kobj)
		return;
	parent = kobj->parent;
	if (kobj->ktype && kobj->ktype->default_groups)
		sysfs_remove_groups(kobj, kobj->ktype->default_groups);
	sysfs_remove_dir(kobj);
	kobj->state_in_sysfs = 0;
	kset_leave(kobj);
	kobj->parent = NULL;
	kobject_put(parent);
}

int kobject_uevent_env(struct kobject *kobj, int action, char *envp[]);

static void cleanup(struct kobject *kobj)
{
	const struct kobj_type *t = kobj->ktype;
	const char *name = kobj->name;

	/* A ktype without release() is the kernel's pr_debug(): silent here, as by default. */
	if (kobj->state_add_uevent_sent && !kobj->state_remove_uevent_sent)
		kobject_uevent_env(kobj, 1 /* KOBJ_REMOVE */, NULL);
	if (kobj->state_in_sysfs)
		kobject_del(kobj);
	if (t && t->release)
		t->release(kobj);
	kfree(name);
}

void kobject_put(struct kobject *kobj)
{
	int old;

	if (!kobj)
		return;
	if (!kobj->state_initialized)
		KC_WARN("kobject: '%s' (%p): is not initialized, yet kobject_put() is being called.\n",
			kobj->name, (void *)kobj);
	old = __atomic_fetch_sub(&kobj->kref, 1, __ATOMIC_RELEASE);
	if (old == 1) {
		__atomic_thread_fence(__ATOMIC_ACQUIRE);
		cleanup(kobj);
	} else if (old <= 0) {
		__atomic_store_n(&kobj->kref, 0, __ATOMIC_RELAXED);
		KC_WARN("refcount_t: underflow; use-after-free.\n");
	}
}

static void dynamic_release(struct kobject *kobj)
{
	kfree(kobj);
}

static long kobj_attr_show(struct kobject *kobj, struct attribute *attr, char *buf)
{
	struct kobj_attribute *a = (struct kobj_attribute *)attr;

	return a->show ? a->show(kobj, a, buf) : -EIO;
}

static long kobj_attr_store(struct kobject *kobj, struct attribute *attr, const char *buf,
			    size_t count)
{
	struct kobj_attribute *a = (struct kobj_attribute *)attr;

	return a->store ? a->store(kobj, a, buf, count) : -EIO;
}

const struct sysfs_ops kobj_sysfs_ops = { kobj_attr_show, kobj_attr_store };

static const struct kobj_type dynamic_ktype = { .release = dynamic_release,
						.sysfs_ops = &kobj_sysfs_ops };

struct kobject *kobject_create_and_add(const char *name, struct kobject *parent)
{
	struct kobject *kobj = __kmalloc_noprof(sizeof(*kobj), KC_GFP_ZERO);

	if (!kobj)
		return NULL;
	kobject_init(kobj, &dynamic_ktype);
	if (kobject_add(kobj, parent, "%s", name)) {
		kobject_put(kobj);
		return NULL;
	}
	return kobj;
}

int kobject_rename(struct kobject *kobj, const char *new_name)
{
	char *name, *old;
	int err;

	kobj = kobject_get(kobj);
	if (!kobj)
		return -EINVAL;
	if (!kobj->parent) {
		kobject_put(kobj);
		return -EINVAL;
	}
	name = __kmalloc_noprof(strlen(new_name) + 1, 0);
	if (!name) {
		kobject_put(kobj);
		return -ENOMEM;
	}
	strcpy(name, new_name);
	for (char *p = name; (p = strchr(p, '/'));)
		*p = '!';
	err = kc_sysfs_rename_dir(kobj, name);
	if (err) {
		kfree(name);
	} else {
		pthread_mutex_lock(&kset_lock);
		old = (char *)kobj->name;
		kobj->name = name;
		pthread_mutex_unlock(&kset_lock);
		kfree(old);
		kobject_uevent_env(kobj, 3 /* KOBJ_MOVE */, NULL);
	}
	kobject_put(kobj);
	return err;
}

int kobject_move(struct kobject *kobj, struct kobject *new_parent)
{
	struct kobject *old_parent;
	int err;

	kobj = kobject_get(kobj);
	if (!kobj)
		return -EINVAL;
	new_parent = kobject_get(new_parent);
	if (!new_parent && kobj->kset)
		new_parent = kobject_get(&kobj->kset->kobj);
	err = kc_sysfs_move_dir(kobj, new_parent);
	if (err) {
		kobject_put(new_parent);
	} else {
		old_parent = kobj->parent;
		kobj->parent = new_parent;
		kobject_put(old_parent);
		kobject_uevent_env(kobj, 3 /* KOBJ_MOVE */, NULL);
	}
	kobject_put(kobj);
	return err;
}

/* No network namespaces: every kobject is in the initial one, whose tag is NULL. */
const void *kobject_namespace(const struct kobject *kobj)
{
	(void)kobj;
	return NULL;
}

void kobject_get_ownership(const struct kobject *kobj, unsigned int *uid, unsigned int *gid)
{
	*uid = 0;
	*gid = 0;
	if (kobj->ktype && kobj->ktype->get_ownership)
		kobj->ktype->get_ownership(kobj, uid, gid);
}

char *kc_kobject_path(const struct kobject *kobj)
{
	size_t len = 0;
	char *path;

	pthread_mutex_lock(&kset_lock);
	for (const struct kobject *k = kobj; k; k = k->parent)
		len += strlen(k->name ? k->name : "") + 1;
	path = malloc(len + 1);
	if (path) {
		path[len] = '\0';
		for (const struct kobject *k = kobj; k; k = k->parent) {
			size_t n = strlen(k->name ? k->name : "");

			len -= n;
			memcpy(path + len, k->name ? k->name : "", n);
			path[--len] = '/';
		}
	}
	pthread_mutex_unlock(&kset_lock);
	return path;
}

char *kobject_get_path(const struct kobject *kobj, kc_gfp_t gfp)
{
	char *path = kc_kobject_path(kobj), *out = NULL;

	if (path) {
		out = __kmalloc_noprof(strlen(path) + 1, gfp);
		if (out)
			strcpy(out, path);
	}
	free(path);
	return out;
}

void kset_init(struct kset *k)
{
	init_internal(&k->kobj);
	list_init(&k->list);
	k->list_lock = 0;
}

int kset_register(struct kset *k)
{
	int err;

	if (!k)
		return -EINVAL;
	if (!k->kobj.ktype) {
		printk("\0013kobject (%p): must have a ktype to be initialized properly!\n", (void *)&k->kobj);
		return -EINVAL;
	}
	kset_init(k);
	err = add_internal(&k->kobj);
	if (err) {
		kfree(k->kobj.name);
		k->kobj.name = NULL;
		return err;
	}
	kobject_uevent_env(&k->kobj, 0 /* KOBJ_ADD */, NULL);
	return 0;
}

void kset_unregister(struct kset *k)
{
	if (!k)
		return;
	kobject_del(&k->kobj);
	kobject_put(&k->kobj);
}

static void kset_release(struct kobject *kobj)
{
	kfree((char *)kobj - offsetof(struct kset, kobj));
}

static const struct kobj_type kset_ktype = { .release = kset_release,
					     .sysfs_ops = &kobj_sysfs_ops };

struct kset *kset_create_and_add(const char *name, const void *uevent_ops,
				 struct kobject *parent_kobj)
{
	struct kset *k = __kmalloc_noprof(sizeof(*k), KC_GFP_ZERO);

	if (!k)
		return NULL;
	if (kobject_set_name(&k->kobj, "%s", name)) {
		kfree(k);
		return NULL;
	}
	k->uevent_ops = uevent_ops;
	k->kobj.parent = parent_kobj;
	k->kobj.ktype = &kset_ktype;
	k->kobj.kset = NULL;
	if (kset_register(k)) {
		kfree(k);
		return NULL;
	}
	return k;
}

struct kobject *kset_find_obj(struct kset *kset, const char *name)
{
	struct kobject *found = NULL;

	list_lock(kset);
	for (struct kc_list_head *e = kset->list.next; e != &kset->list; e = e->next) {
		struct kobject *k = (struct kobject *)((char *)e - offsetof(struct kobject, entry));

		if (k->name && !strcmp(k->name, name)) {
			found = kobject_get_unless_zero(k);
			break;
		}
	}
	list_unlock(kset);
	return found;
}

/* struct kset_uevent_ops: filter() first. */
struct kc_uevent_ops {
	int (*filter)(const struct kobject *kobj);
};

/*
 * No one listens for uevents: the kobject's state changes as the kernel's does (a remove
 * event is marked first, an add event once a kset and its filter let it through), and an
 * event for a kobject that no kset holds is -EINVAL.
 */
int kobject_uevent_env(struct kobject *kobj, int action, char *envp[])
{
	const struct kobject *top = kobj;
	const struct kc_uevent_ops *ops;
	struct kset *kset;

	(void)envp;
	if (action == 1 /* KOBJ_REMOVE */)
		kobj->state_remove_uevent_sent = 1;
	while (!top->kset && top->parent)
		top = top->parent;
	kset = top->kset;
	if (!kset)
		return -EINVAL;
	if (kobj->uevent_suppress)
		return 0;
	ops = kset->uevent_ops;
	if (ops && ops->filter && !ops->filter(kobj))
		return 0;
	if (action == 0 /* KOBJ_ADD */)
		kobj->state_add_uevent_sent = 1;
	return 0;
}

int kobject_uevent(struct kobject *kobj, int action)
{
	return kobject_uevent_env(kobj, action, NULL);
}

/* struct kobj_uevent_env. */
struct kc_uevent_env {
	char *argv[3];
	char *envp[64];
	int envp_idx;
	char buf[2048];
	int buflen;
};

int add_uevent_var(struct kc_uevent_env *env, const char *fmt, ...)
{
	va_list ap;
	int len;

	if (env->envp_idx >= (int)(sizeof(env->envp) / sizeof(env->envp[0]))) {
		KC_WARN("add_uevent_var: too many keys\n");
		return -ENOMEM;
	}
	va_start(ap, fmt);
	len = KC_KERNEL(vsnprintf)(&env->buf[env->buflen], sizeof(env->buf) - env->buflen, fmt, ap);
	va_end(ap);
	if (len >= (int)(sizeof(env->buf) - env->buflen)) {
		KC_WARN("add_uevent_var: buffer size too small\n");
		return -ENOMEM;
	}
	env->envp[env->envp_idx++] = &env->buf[env->buflen];
	env->buflen += len + 1;
	return 0;
}
