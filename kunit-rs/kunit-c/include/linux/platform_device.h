/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the platform bus in userspace, with the kernel's binding rules: a device added
 * to the bus and a driver registered on it are bound when the driver's name is the
 * device's (or in its id_table); binding runs the driver's probe() (a failure leaves the
 * device unbound), unbinding (device removed, driver unregistered) its remove() and then
 * the device's devres, newest first. Device names are "<name>" for PLATFORM_DEVID_NONE,
 * "<name>.<id>" otherwise ("<name>.<n>.auto" for PLATFORM_DEVID_AUTO); adding a second
 * device of a name is -EEXIST. A device is freed when its last reference goes
 * (platform_device_put(); the bus holds one while the device is added). kunit-c's glue
 * (platform.c) keeps the bus.
 */
#ifndef _PLATFORM_DEVICE_H_
#define _PLATFORM_DEVICE_H_

#include <linux/device.h>
#include <linux/container_of.h>
#include <linux/module.h>

#define PLATFORM_DEVID_NONE	(-1)
#define PLATFORM_DEVID_AUTO	(-2)

struct resource;
struct module;
/*
 * <linux/mod_devicetable.h>'s (not a kunit-c header: the tree's serves): a name of up to
 * 20 bytes, then driver_data. The glue matches id tables with that layout.
 */
struct platform_device_id;

struct platform_device {
	const char *name;
	int id;
	bool id_auto;
	struct device dev;
	u64 platform_dma_mask;
	u32 num_resources;
	struct resource *resource;
	const struct platform_device_id *id_entry;
	/* private: kunit-c's bus: references, the bus list, the name when added. */
	int __kunit_c_refs;
	bool __kunit_c_added;
	struct platform_device *__kunit_c_next;
	char *__kunit_c_dev_name;
};

struct platform_driver {
	int (*probe)(struct platform_device *pdev);
	/* remove_new: the name of the void remove() while drivers moved to it (6.11–6.12). */
	union {
		void (*remove)(struct platform_device *pdev);
		void (*remove_new)(struct platform_device *pdev);
	};
	void (*shutdown)(struct platform_device *pdev);
	struct device_driver driver;
	const struct platform_device_id *id_table;
	bool prevent_deferred_probe;
	bool driver_managed_dma;
	/* private: kunit-c's bus list. */
	struct platform_driver *__kunit_c_next;
};

/* kunit-c's glue mirrors these layouts. */
_Static_assert(offsetof(struct platform_device, dev) == 2 * sizeof(void *),
	       "struct platform_device matches kunit-c's glue");
_Static_assert(sizeof(struct platform_device) == 2 * sizeof(void *) + sizeof(struct device) +
		       8 + 2 * sizeof(void *) + 2 * sizeof(void *) + 2 * sizeof(void *),
	       "struct platform_device matches kunit-c's glue");
_Static_assert(offsetof(struct platform_driver, driver) == 3 * sizeof(void *),
	       "struct platform_driver matches kunit-c's glue");

extern const struct bus_type platform_bus_type;

#define dev_is_platform(dev) ((dev)->bus == &platform_bus_type)
#define to_platform_device(x) container_of((x), struct platform_device, dev)
#define to_platform_driver(drv) (container_of((drv), struct platform_driver, driver))
#define platform_get_device_id(pdev) ((pdev)->id_entry)

/* A device of the bus, not yet added, with one reference (the caller's); NULL on ENOMEM. */
struct platform_device *platform_device_alloc(const char *name, int id);
/* Adds @pdev to the bus (binding a matching driver): 0, -EEXIST for a name in use. */
int platform_device_add(struct platform_device *pdev);
/* Takes @pdev off the bus (its driver's remove(), its devres). */
void platform_device_del(struct platform_device *pdev);
/* Drops a reference; the last one frees the device. NULL: nothing. */
void platform_device_put(struct platform_device *pdev);
/* platform_device_del() and platform_device_put(). */
void platform_device_unregister(struct platform_device *pdev);

static inline int platform_device_register(struct platform_device *pdev)
{
	return platform_device_add(pdev);
}

/* Registers @drv on the bus, binding (probing) every added device it matches; 0. */
int __platform_driver_register(struct platform_driver *drv, struct module *owner);
#define platform_driver_register(drv) __platform_driver_register(drv, THIS_MODULE)
/* Unbinds @drv from its devices and takes it off the bus. */
void platform_driver_unregister(struct platform_driver *drv);

static inline void *platform_get_drvdata(const struct platform_device *pdev)
{
	return dev_get_drvdata(&pdev->dev);
}

static inline void platform_set_drvdata(struct platform_device *pdev, void *data)
{
	dev_set_drvdata(&pdev->dev, data);
}

#endif /* _PLATFORM_DEVICE_H_ */
