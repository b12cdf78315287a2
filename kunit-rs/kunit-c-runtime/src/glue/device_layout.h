/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: the driver model's structures as include/linux/device.h lays them out, for
 * the glue files that allocate and walk them (device.c, platform.c). One copy, so the two
 * cannot drift from each other; the header's _Static_asserts pin the same layout.
 */
#ifndef KUNIT_C_GLUE_DEVICE_LAYOUT_H
#define KUNIT_C_GLUE_DEVICE_LAYOUT_H

#include <stdbool.h>

#include "kobject_layout.h"

struct device;
struct kunit;
/* <linux/fwnode.h>'s struct fwnode_handle begins with its secondary. */
struct kc_fwnode {
	struct kc_fwnode *secondary;
};

struct device_driver {
	const char *name;
	const void *bus;
	void *owner;
	int (*probe)(struct device *dev);
	void (*sync_state)(struct device *dev);
	int (*remove)(struct device *dev);
	void (*shutdown)(struct device *dev);
};

struct bus_type {
	const char *name;
	void *match, *probe, *remove, *sync_state;
};

/* Mirrors include/linux/device.h (its _Static_assert checks the devres offset and size). */
struct device {
	struct kobject kobj;
	struct device *parent;
	const char *init_name;
	const struct bus_type *bus;
	struct device_driver *driver;
	void *platform_data;
	void *driver_data;
	void (*release)(struct device *dev);
	void *devres;
	bool own_driver;
	struct {
		int event;
		bool can_wakeup;
		void *qos;
	} power; /* <linux/pm.h>'s struct dev_pm_info */
	struct kc_fwnode *fwnode;
	void *of_node;
	const void *class, *type;
};
_Static_assert(sizeof(struct device) == 23 * sizeof(void *), "struct device matches the header's");

#endif
