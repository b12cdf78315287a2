/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: include/linux/kobject.h's and sysfs.h's structures, for the glue files that
 * implement them (kobject.c, sysfs.c) and embed a kobject (device_layout.h). One copy; the
 * header's _Static_asserts pin the same layout.
 */
#ifndef KUNIT_C_GLUE_KOBJECT_LAYOUT_H
#define KUNIT_C_GLUE_KOBJECT_LAYOUT_H

#include <stddef.h>

struct kobject;
struct kset;
struct kc_sysfs_dir;

struct kc_list_head {
	struct kc_list_head *next, *prev;
};

struct attribute {
	const char *name;
	unsigned short mode;
};

struct attribute_group {
	const char *name;
	unsigned short (*is_visible)(struct kobject *kobj, struct attribute *attr, int n);
	unsigned short (*is_bin_visible)(struct kobject *kobj, struct attribute *attr, int n);
	struct attribute **attrs;
	struct attribute **bin_attrs; /* each a struct bin_attribute, whose attr comes first */
};

struct sysfs_ops {
	long (*show)(struct kobject *kobj, struct attribute *attr, char *buf);
	long (*store)(struct kobject *kobj, struct attribute *attr, const char *buf, size_t count);
};

struct kobj_type {
	void (*release)(struct kobject *kobj);
	const struct sysfs_ops *sysfs_ops;
	const struct attribute_group **default_groups;
	const void *child_ns_type, *namespace;
	void (*get_ownership)(const struct kobject *kobj, unsigned int *uid, unsigned int *gid);
};

struct kobject {
	const char *name;
	struct kc_list_head entry;
	struct kobject *parent;
	struct kset *kset;
	const struct kobj_type *ktype;
	struct kc_sysfs_dir *sd;
	int kref; /* struct kref: a refcount_t */
	unsigned int state_initialized : 1;
	unsigned int state_in_sysfs : 1;
	unsigned int state_add_uevent_sent : 1;
	unsigned int state_remove_uevent_sent : 1;
	unsigned int uevent_suppress : 1;
};
_Static_assert(sizeof(struct kobject) == 8 * sizeof(void *), "struct kobject matches the header's");

struct kset {
	struct kc_list_head list;
	unsigned char list_lock; /* kunit-c's spinlock_t: its byte */
	struct kobject kobj;
	const void *uevent_ops;
};
_Static_assert(offsetof(struct kset, kobj) == 3 * sizeof(void *), "struct kset matches the header's");

struct kobj_attribute {
	struct attribute attr;
	long (*show)(struct kobject *kobj, struct kobj_attribute *attr, char *buf);
	long (*store)(struct kobject *kobj, struct kobj_attribute *attr, const char *buf,
		      size_t count);
};

/* sysfs.c, for kobject.c. */
int sysfs_create_dir_ns(struct kobject *kobj, const void *ns);
void sysfs_remove_dir(struct kobject *kobj);
int sysfs_create_groups(struct kobject *kobj, const struct attribute_group **groups);
void sysfs_remove_groups(struct kobject *kobj, const struct attribute_group **groups);
int kc_sysfs_rename_dir(struct kobject *kobj, const char *new_name);
int kc_sysfs_move_dir(struct kobject *kobj, struct kobject *new_parent);
/* kobject.c, for sysfs.c: the kobject's path ("/a/b/name"), malloc()ed; NULL on ENOMEM. */
char *kc_kobject_path(const struct kobject *kobj);

#endif
