/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: a userspace struct device with the kernel's managed resources (devres): memory
 * from devm_k*alloc() and actions from devm_add_action() are released, newest first, when
 * the device is unregistered (after its driver's remove()), as the kernel releases them.
 * Devices come from kunit_device_register() (<kunit/device.h>); kunit-c's glue keeps the
 * devres list (its private fields below).
 */
#ifndef _DEVICE_H_
#define _DEVICE_H_

#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/err.h>
#include <linux/gfp.h>
#include <linux/printk.h>
#include <linux/stddef.h>
/* What the kernel's <linux/device.h> includes too: code that names a device often relies on it. */
#include <linux/atomic.h>
#include <linux/klist.h>
#include <linux/list.h>
#include <linux/lockdep.h>
#include <linux/mutex.h>
#include <linux/wait.h>
#include <linux/pm.h>
#include <linux/kobject.h>
#include <asm/device.h>

struct module;
struct device;
struct device_driver;
struct kunit;
struct fwnode_handle;
struct device_node;
struct class;
struct device_type;

struct bus_type {
	const char *name;
	int (*match)(struct device *dev, const struct device_driver *drv);
	int (*probe)(struct device *dev);
	void (*remove)(struct device *dev);
	void (*sync_state)(struct device *dev);
};

struct device_driver {
	const char *name;
	const struct bus_type *bus;
	struct module *owner;
	int (*probe)(struct device *dev);
	void (*sync_state)(struct device *dev);
	int (*remove)(struct device *dev);
	void (*shutdown)(struct device *dev);
};

struct device {
	struct kobject kobj;
	struct device *parent;
	const char *init_name;
	const struct bus_type *bus;
	struct device_driver *driver;
	void *platform_data;
	void *driver_data;
	void (*release)(struct device *dev);
	/* private: kunit-c's devres list, and whether the device owns its driver. */
	void *__kunit_c_devres;
	bool __kunit_c_own_driver;
	/* After the glue's fields: the PM core's state (QoS constraints). */
	struct dev_pm_info power;
	/* Firmware description: a software node (drivers/base/swnode.c) or a DT node. */
	struct fwnode_handle *fwnode;
	struct device_node *of_node;
	/* Its class and type: none for kunit-c's devices (no classes yet). */
	const struct class *class;
	const struct device_type *type;
};

/* A DMA engine's segment limits, as a driver sets them for its device. */
struct device_dma_parameters {
	unsigned int max_segment_size;
	unsigned int min_align_mask;
	unsigned long segment_boundary_mask;
};

/* kunit-c's glue mirrors this layout (and allocates devices of this size). */
_Static_assert(offsetof(struct device, __kunit_c_devres) == 15 * sizeof(void *),
	       "struct device matches kunit-c's glue");
_Static_assert(sizeof(struct device) == 23 * sizeof(void *), "struct device matches kunit-c's glue");

static inline const char *dev_name(const struct device *dev)
{
	return dev->init_name ? dev->init_name : dev->kobj.name;
}

/* The driver's name, else the bus's, else "". */
static inline const char *dev_driver_string(const struct device *dev)
{
	return dev->driver ? dev->driver->name : dev->bus ? dev->bus->name : "";
}

/* Added (device_add()) and not yet deleted: its kobject is in sysfs. */
static inline bool device_is_registered(struct device *dev)
{
	return dev->kobj.state_in_sysfs;
}

/*
 * Sets @fwnode as the secondary of @dev's primary fwnode (or @dev's fwnode itself when it
 * has none); NULL clears it, as drivers/base/core.c does.
 */
void set_secondary_fwnode(struct device *dev, struct fwnode_handle *fwnode);
void set_primary_fwnode(struct device *dev, struct fwnode_handle *fwnode);

static inline void *dev_get_drvdata(const struct device *dev) { return dev->driver_data; }
static inline void dev_set_drvdata(struct device *dev, void *data) { dev->driver_data = data; }
/*
 * The first device of @bus after @start (NULL: from the first) that @match accepts, or
 * NULL. kunit-c keeps the devices of the platform bus only (<linux/platform_device.h>):
 * another bus has none to find.
 */
struct device *bus_find_device(const struct bus_type *bus, struct device *start,
			       const void *data,
			       int (*match)(struct device *dev, const void *data));

static inline struct device *get_device(struct device *dev) { return dev; }
static inline void put_device(struct device *dev) { (void)dev; }

/* Managed memory: freed when the device is released (or by devm_kfree()). */
void *devm_kmalloc(struct device *dev, size_t size, gfp_t gfp) __malloc __alloc_size__(2);
void devm_kfree(struct device *dev, const void *p);
char *devm_kstrdup(struct device *dev, const char *s, gfp_t gfp) __malloc;
void *devm_kmemdup(struct device *dev, const void *src, size_t len, gfp_t gfp) __alloc_size__(3);
void *devm_krealloc(struct device *dev, void *ptr, size_t size, gfp_t gfp) __must_check __alloc_size__(3);
char *devm_kasprintf(struct device *dev, gfp_t gfp, const char *fmt, ...) __printf(3, 4) __malloc;

static inline void *devm_kzalloc(struct device *dev, size_t size, gfp_t gfp)
{
	return devm_kmalloc(dev, size, gfp | __GFP_ZERO);
}
static inline void *devm_kmalloc_array(struct device *dev, size_t n, size_t size, gfp_t flags)
{
	size_t bytes;

	if (__builtin_mul_overflow(n, size, &bytes))
		return NULL;
	return devm_kmalloc(dev, bytes, flags);
}
static inline void *devm_kcalloc(struct device *dev, size_t n, size_t size, gfp_t flags)
{
	return devm_kmalloc_array(dev, n, size, flags | __GFP_ZERO);
}

/*
 * Driver-style devres blocks: devres_alloc(release, size, gfp) returns zeroed data that
 * devres_add(dev, data) puts on @dev, where release(dev, data) runs when the device is
 * released; devres_free() frees a block never added.
 */
typedef void (*dr_release_t)(struct device *dev, void *res);
void *__devres_alloc_node(dr_release_t release, size_t size, gfp_t gfp, int nid, const char *name)
	__malloc;
#define devres_alloc(release, size, gfp) __devres_alloc_node(release, size, gfp, -1, #release)
#define devres_alloc_node(release, size, gfp, nid) \
	__devres_alloc_node(release, size, gfp, nid, #release)
void devres_free(void *res);
void devres_add(struct device *dev, void *res);
/*
 * The newest block of @dev with @release for which @match(dev, res, match_data) holds
 * (any, with a NULL @match) is taken off the device and freed: devres_destroy() without
 * running @release, devres_release() after it. 0, or -ENOENT when none matches.
 */
typedef int (*dr_match_t)(struct device *dev, void *res, void *match_data);
int devres_destroy(struct device *dev, dr_release_t release, dr_match_t match, void *match_data);
int devres_release(struct device *dev, dr_release_t release, dr_match_t match, void *match_data);

/* Managed actions: action(data) runs when the device is released; 0 or -ENOMEM. */
int __devm_add_action(struct device *dev, void (*action)(void *), void *data, const char *name);
#define devm_add_action(dev, action, data) __devm_add_action(dev, action, data, #action)

static inline int __devm_add_action_or_reset(struct device *dev, void (*action)(void *),
					     void *data, const char *name)
{
	int ret = __devm_add_action(dev, action, data, name);

	if (ret)
		action(data);
	return ret;
}
#define devm_add_action_or_reset(dev, action, data) \
	__devm_add_action_or_reset(dev, action, data, #action)

/* Cancels the newest matching action without running it / runs it now and cancels it. */
void devm_remove_action(struct device *dev, void (*action)(void *), void *data);
void devm_release_action(struct device *dev, void (*action)(void *), void *data);

/* "<driver or bus> <device>: message", as the kernel's dev_printk(). */
#define dev_printk(level, dev, fmt, ...) \
	_printk(level "%s %s: " fmt, dev_driver_string(dev), dev_name(dev), ##__VA_ARGS__)
#define dev_emerg(dev, fmt, ...) dev_printk(KERN_EMERG, dev, fmt, ##__VA_ARGS__)
#define dev_alert(dev, fmt, ...) dev_printk(KERN_ALERT, dev, fmt, ##__VA_ARGS__)
#define dev_crit(dev, fmt, ...) dev_printk(KERN_CRIT, dev, fmt, ##__VA_ARGS__)
#define dev_err(dev, fmt, ...) dev_printk(KERN_ERR, dev, fmt, ##__VA_ARGS__)
#define dev_warn(dev, fmt, ...) dev_printk(KERN_WARNING, dev, fmt, ##__VA_ARGS__)
#define dev_notice(dev, fmt, ...) dev_printk(KERN_NOTICE, dev, fmt, ##__VA_ARGS__)
#define dev_info(dev, fmt, ...) dev_printk(KERN_INFO, dev, fmt, ##__VA_ARGS__)
#ifdef DEBUG
#define dev_dbg(dev, fmt, ...) dev_printk(KERN_DEBUG, dev, fmt, ##__VA_ARGS__)
#else
#define dev_dbg(dev, fmt, ...) ({ if (0) dev_printk(KERN_DEBUG, dev, fmt, ##__VA_ARGS__); })
#endif
#define dev_err_probe(dev, err, fmt, ...) ({ dev_err(dev, fmt, ##__VA_ARGS__); (err); })

#endif /* _DEVICE_H_ */
