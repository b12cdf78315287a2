/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: kobjects with the kernel's life cycle. kobject_init() gives one reference;
 * kobject_add() names the kobject, puts it under its parent (or its kset's kobject), in its
 * kset's list and in sysfs (<linux/sysfs.h>: a directory with its ktype's default groups);
 * kobject_del() undoes that; the last kobject_put() deletes it if still added, calls its
 * ktype's release() and frees its name. Uevents have no listener: kobject_uevent() marks
 * the kobject as the kernel does and returns 0. kunit-c's glue (kobject.c) implements them.
 */
#ifndef _KOBJECT_H_
#define _KOBJECT_H_

#include <linux/types.h>
#include <linux/list.h>
#include <linux/sysfs.h>
#include <linux/compiler.h>
#include <linux/container_of.h>
#include <linux/spinlock.h>
#include <linux/kref.h>
#include <linux/wait.h>
#include <linux/completion.h>
#include <linux/atomic.h>
#include <linux/stdarg.h>
#include <linux/gfp.h>
#include <linux/uidgid_types.h>

#define UEVENT_HELPER_PATH_LEN 256
#define UEVENT_NUM_ENVP 64
#define UEVENT_BUFFER_SIZE 2048

enum kobject_action {
	KOBJ_ADD,
	KOBJ_REMOVE,
	KOBJ_CHANGE,
	KOBJ_MOVE,
	KOBJ_ONLINE,
	KOBJ_OFFLINE,
	KOBJ_BIND,
	KOBJ_UNBIND,
};

struct kernfs_node;
struct kset;
struct kobj_type;

struct kobject {
	const char *name;
	struct list_head entry;
	struct kobject *parent;
	struct kset *kset;
	const struct kobj_type *ktype;
	struct kernfs_node *sd; /* its sysfs directory while added (kunit-c's record) */
	struct kref kref;
	unsigned int state_initialized:1;
	unsigned int state_in_sysfs:1;
	unsigned int state_add_uevent_sent:1;
	unsigned int state_remove_uevent_sent:1;
	unsigned int uevent_suppress:1;
};

struct kobj_ns_type_operations;

struct kobj_type {
	void (*release)(struct kobject *kobj);
	const struct sysfs_ops *sysfs_ops;
	const struct attribute_group **default_groups;
	const struct kobj_ns_type_operations *(*child_ns_type)(const struct kobject *kobj);
	const void *(*namespace)(const struct kobject *kobj);
	void (*get_ownership)(const struct kobject *kobj, kuid_t *uid, kgid_t *gid);
};

struct kobj_uevent_env {
	char *argv[3];
	char *envp[UEVENT_NUM_ENVP];
	int envp_idx;
	char buf[UEVENT_BUFFER_SIZE];
	int buflen;
};

struct kset_uevent_ops {
	int (*const filter)(const struct kobject *kobj);
	const char *(*const name)(const struct kobject *kobj);
	int (*const uevent)(const struct kobject *kobj, struct kobj_uevent_env *env);
};

struct kobj_attribute {
	struct attribute attr;
	ssize_t (*show)(struct kobject *kobj, struct kobj_attribute *attr, char *buf);
	ssize_t (*store)(struct kobject *kobj, struct kobj_attribute *attr, const char *buf,
			 size_t count);
};

/* show()/store() of a kobj_attribute, for ktypes whose attributes are kobj_attributes. */
extern const struct sysfs_ops kobj_sysfs_ops;

struct kset {
	struct list_head list;
	spinlock_t list_lock;
	struct kobject kobj;
	const struct kset_uevent_ops *uevent_ops;
};

/* kunit-c's glue (kobject.c) mirrors these layouts. */
_Static_assert(sizeof(struct kobject) == 8 * sizeof(void *), "struct kobject matches kunit-c's glue");
_Static_assert(offsetof(struct kset, kobj) == 3 * sizeof(void *), "struct kset matches kunit-c's glue");
_Static_assert(sizeof(struct attribute) == 2 * sizeof(void *), "struct attribute matches kunit-c's glue");

__printf(2, 3) int kobject_set_name(struct kobject *kobj, const char *name, ...);
__printf(2, 0) int kobject_set_name_vargs(struct kobject *kobj, const char *fmt, va_list vargs);

static inline const char *kobject_name(const struct kobject *kobj)
{
	return kobj->name;
}

void kobject_init(struct kobject *kobj, const struct kobj_type *ktype);
__printf(3, 4) __must_check int kobject_add(struct kobject *kobj, struct kobject *parent,
					    const char *fmt, ...);
__printf(4, 5) __must_check int kobject_init_and_add(struct kobject *kobj,
						     const struct kobj_type *ktype,
						     struct kobject *parent, const char *fmt, ...);
void kobject_del(struct kobject *kobj);
struct kobject *__must_check kobject_create_and_add(const char *name, struct kobject *parent);
int __must_check kobject_rename(struct kobject *kobj, const char *new_name);
int __must_check kobject_move(struct kobject *kobj, struct kobject *new_parent);

struct kobject *kobject_get(struct kobject *kobj);
struct kobject *__must_check kobject_get_unless_zero(struct kobject *kobj);
void kobject_put(struct kobject *kobj);

const void *kobject_namespace(const struct kobject *kobj);
void kobject_get_ownership(const struct kobject *kobj, kuid_t *uid, kgid_t *gid);
/* "/parent/.../name" from the top, in a kmalloc()ed string (NULL on ENOMEM). */
char *kobject_get_path(const struct kobject *kobj, gfp_t flag);

void kset_init(struct kset *kset);
int __must_check kset_register(struct kset *kset);
void kset_unregister(struct kset *kset);
struct kset *__must_check kset_create_and_add(const char *name, const struct kset_uevent_ops *u,
					      struct kobject *parent_kobj);
/* The kset's member named @name, with a reference taken; NULL if none. */
struct kobject *kset_find_obj(struct kset *kset, const char *name);

static inline struct kset *to_kset(struct kobject *kobj)
{
	return kobj ? container_of(kobj, struct kset, kobj) : NULL;
}

static inline struct kset *kset_get(struct kset *k)
{
	return k ? to_kset(kobject_get(&k->kobj)) : NULL;
}

static inline void kset_put(struct kset *k)
{
	kobject_put(&k->kobj);
}

static inline const struct kobj_type *get_ktype(const struct kobject *kobj)
{
	return kobj->ktype;
}

/* /sys/kernel, /sys/kernel/mm, /sys/hypervisor, /sys/power, /sys/firmware. */
extern struct kobject *kernel_kobj;
extern struct kobject *mm_kobj;
extern struct kobject *hypervisor_kobj;
extern struct kobject *power_kobj;
extern struct kobject *firmware_kobj;

int kobject_uevent(struct kobject *kobj, enum kobject_action action);
int kobject_uevent_env(struct kobject *kobj, enum kobject_action action, char *envp[]);
__printf(2, 3) int add_uevent_var(struct kobj_uevent_env *env, const char *format, ...);

#endif /* _KOBJECT_H_ */
