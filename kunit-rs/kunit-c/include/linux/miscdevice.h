/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: miscellaneous character devices, as code declares them. There are no device
 * nodes in a test process: kunit-c provides no misc_register(), so code that registers
 * one stops at link time, naming it.
 */
#ifndef _LINUX_MISCDEVICE_H
#define _LINUX_MISCDEVICE_H

#include <linux/list.h>
#include <linux/types.h>

struct device;
struct file_operations;
struct attribute_group;

#define MISC_DYNAMIC_MINOR 255

struct miscdevice {
	int minor;
	const char *name;
	const struct file_operations *fops;
	struct list_head list;
	struct device *parent;
	struct device *this_device;
	const struct attribute_group **groups;
	const char *nodename;
	umode_t mode;
};

int misc_register(struct miscdevice *misc);
void misc_deregister(struct miscdevice *misc);

#endif /* _LINUX_MISCDEVICE_H */
