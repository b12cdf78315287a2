/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: sysfs without a filesystem. There are no files to read, but every call keeps
 * the kernel's rules, so code that registers attributes behaves as it would: a kobject's
 * directory exists from kobject_add() to kobject_del(); files, groups, links and binary
 * files are recorded in it by name; a name created twice in one directory is -EEXIST (with
 * the kernel's "cannot create duplicate filename" warning); creating in a kobject that has
 * no directory is -EINVAL (-ENOENT for a link's target); removing what is not there does
 * nothing. kunit-c's glue (sysfs.c) keeps the records; __kunit_c_sysfs_lookup() reads them.
 */
#ifndef _SYSFS_H_
#define _SYSFS_H_

#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/err.h>
#include <linux/list.h>
#include <linux/types.h>
#include <linux/atomic.h>

struct kobject;
struct module;
struct file;
struct vm_area_struct;
struct address_space;

struct attribute {
	const char *name;
	umode_t mode;
};

/* Nothing to set up for lockdep: kunit-c's attributes carry no lock class. */
#define sysfs_attr_init(attr) do { (void)(attr); } while (0)
#define sysfs_bin_attr_init(bin_attr) sysfs_attr_init(&(bin_attr)->attr)

struct bin_attribute;

/*
 * A group: its attributes (NULL-terminated), binary attributes, and the subdirectory they
 * go to (@name; NULL: the kobject's own directory). is_visible() returning 0 leaves an
 * attribute out, as in the kernel.
 */
struct attribute_group {
	const char *name;
	umode_t (*is_visible)(struct kobject *kobj, struct attribute *attr, int n);
	umode_t (*is_bin_visible)(struct kobject *kobj, struct bin_attribute *attr, int n);
	struct attribute **attrs;
	struct bin_attribute **bin_attrs;
};

struct bin_attribute {
	struct attribute attr;
	size_t size;
	void *private;
	struct address_space *(*f_mapping)(void);
	ssize_t (*read)(struct file *file, struct kobject *kobj, struct bin_attribute *attr,
			char *buf, loff_t off, size_t count);
	ssize_t (*write)(struct file *file, struct kobject *kobj, struct bin_attribute *attr,
			 char *buf, loff_t off, size_t count);
	loff_t (*llseek)(struct file *file, struct kobject *kobj, struct bin_attribute *attr,
			 loff_t off, int whence);
	int (*mmap)(struct file *file, struct kobject *kobj, struct bin_attribute *attr,
		    struct vm_area_struct *vma);
};

struct sysfs_ops {
	ssize_t (*show)(struct kobject *kobj, struct attribute *attr, char *buf);
	ssize_t (*store)(struct kobject *kobj, struct attribute *attr, const char *buf,
			 size_t count);
};

#define SYSFS_PREALLOC 010000
#define SYSFS_GROUP_INVISIBLE 020000

#define __ATTR(_name, _mode, _show, _store) {				\
	.attr = { .name = __stringify(_name), .mode = (_mode) },	\
	.show = _show,							\
	.store = _store,						\
}
#define __ATTR_PREALLOC(_name, _mode, _show, _store) \
	__ATTR(_name, (_mode) | SYSFS_PREALLOC, _show, _store)
#define __ATTR_RO(_name) {						\
	.attr = { .name = __stringify(_name), .mode = 0444 },		\
	.show = _name##_show,						\
}
#define __ATTR_RO_MODE(_name, _mode) {					\
	.attr = { .name = __stringify(_name), .mode = (_mode) },	\
	.show = _name##_show,						\
}
#define __ATTR_RW_MODE(_name, _mode) {					\
	.attr = { .name = __stringify(_name), .mode = (_mode) },	\
	.show = _name##_show,						\
	.store = _name##_store,						\
}
#define __ATTR_WO(_name) {						\
	.attr = { .name = __stringify(_name), .mode = 0200 },		\
	.store = _name##_store,						\
}
#define __ATTR_RW(_name) __ATTR(_name, 0644, _name##_show, _name##_store)
#define __ATTR_NULL { .attr = { .name = NULL } }

#define __ATTRIBUTE_GROUPS(_name)					\
static const struct attribute_group *_name##_groups[] = {		\
	&_name##_group,							\
	NULL,								\
}
#define ATTRIBUTE_GROUPS(_name)						\
static const struct attribute_group _name##_group = {			\
	.attrs = _name##_attrs,						\
};									\
__ATTRIBUTE_GROUPS(_name)

#define BIN_ATTRIBUTE_GROUPS(_name)					\
static const struct attribute_group _name##_group = {			\
	.bin_attrs = _name##_attrs,					\
};									\
__ATTRIBUTE_GROUPS(_name)

#define __BIN_ATTR(_name, _mode, _read, _write, _size) {		\
	.attr = { .name = __stringify(_name), .mode = (_mode) },	\
	.read = _read,							\
	.write = _write,						\
	.size = _size,							\
}
#define __BIN_ATTR_RO(_name, _size) __BIN_ATTR(_name, 0444, _name##_read, NULL, _size)
#define __BIN_ATTR_WO(_name, _size) __BIN_ATTR(_name, 0200, NULL, _name##_write, _size)
#define __BIN_ATTR_RW(_name, _size) \
	__BIN_ATTR(_name, 0644, _name##_read, _name##_write, _size)
#define BIN_ATTR(_name, _mode, _read, _write, _size) \
	struct bin_attribute bin_attr_##_name = __BIN_ATTR(_name, _mode, _read, _write, _size)
#define BIN_ATTR_RO(_name, _size) struct bin_attribute bin_attr_##_name = __BIN_ATTR_RO(_name, _size)
#define BIN_ATTR_WO(_name, _size) struct bin_attribute bin_attr_##_name = __BIN_ATTR_WO(_name, _size)
#define BIN_ATTR_RW(_name, _size) struct bin_attribute bin_attr_##_name = __BIN_ATTR_RW(_name, _size)

int __must_check sysfs_create_dir_ns(struct kobject *kobj, const void *ns);
void sysfs_remove_dir(struct kobject *kobj);

int __must_check sysfs_create_file_ns(struct kobject *kobj, const struct attribute *attr,
				      const void *ns);
int __must_check sysfs_create_files(struct kobject *kobj, const struct attribute * const *attr);
int __must_check sysfs_chmod_file(struct kobject *kobj, const struct attribute *attr,
				  umode_t mode);
void sysfs_remove_file_ns(struct kobject *kobj, const struct attribute *attr, const void *ns);
bool sysfs_remove_file_self(struct kobject *kobj, const struct attribute *attr);
void sysfs_remove_files(struct kobject *kobj, const struct attribute * const *attr);

int __must_check sysfs_create_bin_file(struct kobject *kobj, const struct bin_attribute *attr);
void sysfs_remove_bin_file(struct kobject *kobj, const struct bin_attribute *attr);

int __must_check sysfs_create_link(struct kobject *kobj, struct kobject *target,
				   const char *name);
int __must_check sysfs_create_link_nowarn(struct kobject *kobj, struct kobject *target,
					  const char *name);
void sysfs_remove_link(struct kobject *kobj, const char *name);
int sysfs_rename_link_ns(struct kobject *kobj, struct kobject *target, const char *old_name,
			 const char *new_name, const void *new_ns);
void sysfs_delete_link(struct kobject *dir, struct kobject *targ, const char *name);

int __must_check sysfs_create_group(struct kobject *kobj, const struct attribute_group *grp);
int __must_check sysfs_create_groups(struct kobject *kobj,
				     const struct attribute_group **groups);
int __must_check sysfs_update_groups(struct kobject *kobj,
				     const struct attribute_group **groups);
int sysfs_update_group(struct kobject *kobj, const struct attribute_group *grp);
void sysfs_remove_group(struct kobject *kobj, const struct attribute_group *grp);
void sysfs_remove_groups(struct kobject *kobj, const struct attribute_group **groups);
int sysfs_add_file_to_group(struct kobject *kobj, const struct attribute *attr,
			    const char *group);
void sysfs_remove_file_from_group(struct kobject *kobj, const struct attribute *attr,
				  const char *group);
int sysfs_merge_group(struct kobject *kobj, const struct attribute_group *grp);
void sysfs_unmerge_group(struct kobject *kobj, const struct attribute_group *grp);
int sysfs_add_link_to_group(struct kobject *kobj, const char *group_name,
			    struct kobject *target, const char *link_name);
void sysfs_remove_link_from_group(struct kobject *kobj, const char *group_name,
				  const char *link_name);

/* Nobody polls a kunit-c attribute: a notification has no one to wake. */
void sysfs_notify(struct kobject *kobj, const char *dir, const char *attr);

/* The show() helpers: @buf is the PAGE_SIZE buffer sysfs gives, @at an offset in it. */
__printf(2, 3) int sysfs_emit(char *buf, const char *fmt, ...);
__printf(3, 4) int sysfs_emit_at(char *buf, int at, const char *fmt, ...);

static inline int __must_check sysfs_create_file(struct kobject *kobj,
						 const struct attribute *attr)
{
	return sysfs_create_file_ns(kobj, attr, NULL);
}

static inline void sysfs_remove_file(struct kobject *kobj, const struct attribute *attr)
{
	sysfs_remove_file_ns(kobj, attr, NULL);
}

static inline int sysfs_rename_link(struct kobject *kobj, struct kobject *target,
				    const char *old_name, const char *new_name)
{
	return sysfs_rename_link_ns(kobj, target, old_name, new_name, NULL);
}

/*
 * kunit-c's own, for tests of what sysfs holds: 1 when @kobj's directory has an entry
 * @name (a file, a link, a binary file, or a group's subdirectory; "group/file" names a
 * file inside a named group), 0 when it does not, -ENOENT when @kobj has no directory.
 */
int __kunit_c_sysfs_lookup(struct kobject *kobj, const char *name);

#endif /* _SYSFS_H_ */
