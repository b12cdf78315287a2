/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: the platform bus (include/linux/platform_device.h) and KUnit's managed
 * platform devices and drivers (include/kunit/platform_device.h). One bus for the process,
 * under one lock, recursive because a driver's probe() or remove() may use the bus.
 */
/* asprintf(), the recursive mutex initializer. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glue.h"

#define ENOMEM 12
#define EEXIST 17
#define EINVAL 22
#define PLATFORM_DEVID_NONE (-1)
#define PLATFORM_DEVID_AUTO (-2)
#define PLATFORM_NAME_SIZE 20

struct kunit;
struct completion;

#include "device_layout.h"

/* <linux/mod_devicetable.h>'s. */
struct platform_device_id {
	char name[PLATFORM_NAME_SIZE];
	unsigned long driver_data;
};

/* Mirrors include/linux/platform_device.h (its _Static_asserts check the offsets). */
struct platform_device {
	const char *name;
	int id;
	bool id_auto;
	struct device dev;
	unsigned long long platform_dma_mask;
	unsigned int num_resources;
	void *resource;
	const struct platform_device_id *id_entry;
	int refs;
	bool added;
	struct platform_device *next;
	char *dev_name;
};
/* The same size as the header's (which asserts it too): the fields after dev line up. */
_Static_assert(sizeof(struct platform_device) == 2 * sizeof(void *) + sizeof(struct device) +
		       8 + 2 * sizeof(void *) + 2 * sizeof(void *) + 2 * sizeof(void *),
	       "struct platform_device matches the header's");

struct platform_driver {
	int (*probe)(struct platform_device *pdev);
	void (*remove)(struct platform_device *pdev);
	void (*shutdown)(struct platform_device *pdev);
	struct device_driver driver;
	const struct platform_device_id *id_table;
	bool prevent_deferred_probe;
	bool driver_managed_dma;
	struct platform_driver *next;
};

/* Who waits for a device's binding (kunit_platform_device_prepare_wait_for_probe()). */
struct waiter {
	struct waiter *next;
	struct platform_device *pdev;
	void (*complete)(struct completion *x);
	struct completion *x;
};

int kunit_add_action_or_reset(struct kunit *test, void (*action)(void *), void *ctx);
void kunit_remove_action(struct kunit *test, void (*action)(void *), void *ctx);
void __kunit_c_devres_release_all(struct device *dev);

const struct bus_type platform_bus_type = { .name = "platform" };

static pthread_mutex_t bus_lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
static struct platform_device *devices;
static struct platform_driver *drivers;
static struct waiter *waiters;
static int next_auto_id;

#define container_of(p, type, member) ((type *)((char *)(p) - offsetof(type, member)))

/* The driver's id_table entry for @pdev, or NULL. */
static const struct platform_device_id *id_match(const struct platform_driver *drv,
						 const struct platform_device *pdev)
{
	for (const struct platform_device_id *id = drv->id_table; id && id->name[0]; id++)
		if (!strncmp(id->name, pdev->name, PLATFORM_NAME_SIZE))
			return id;
	return NULL;
}

/* platform_match(): the id table if there is one, else the driver's name. */
static bool matches(struct platform_driver *drv, struct platform_device *pdev)
{
	if (drv->id_table)
		return id_match(drv, pdev) != NULL;
	return drv->driver.name && !strcmp(drv->driver.name, pdev->name);
}

/* Binds @pdev to @drv: probe(); a failure leaves it unbound. Then the binding's waiters. */
static void bind(struct platform_driver *drv, struct platform_device *pdev)
{
	pdev->dev.driver = &drv->driver;
	if (drv->id_table)
		pdev->id_entry = id_match(drv, pdev);
	if (drv->probe && drv->probe(pdev)) {
		pdev->dev.driver = NULL;
		__kunit_c_devres_release_all(&pdev->dev);
		return;
	}
	for (struct waiter *w = waiters; w; w = w->next)
		if (w->pdev == pdev)
			w->complete(w->x);
}

/* device_release_driver(): remove(), then the device's devres. */
static void unbind(struct platform_device *pdev)
{
	struct platform_driver *drv;

	if (!pdev->dev.driver)
		return;
	drv = container_of(pdev->dev.driver, struct platform_driver, driver);
	if (drv->remove)
		drv->remove(pdev);
	__kunit_c_devres_release_all(&pdev->dev);
	pdev->dev.driver = NULL;
}

static void device_release(struct device *dev)
{
	(void)dev;
}

struct platform_device *platform_device_alloc(const char *name, int id)
{
	struct platform_device *pdev = calloc(1, sizeof(*pdev));

	if (!pdev)
		return NULL;
	pdev->name = strdup(name);
	if (!pdev->name) {
		free(pdev);
		return NULL;
	}
	pdev->id = id;
	pdev->refs = 1;
	pdev->dev.release = device_release;
	return pdev;
}

int platform_device_add(struct platform_device *pdev)
{
	char *dev_name;
	int len;

	if (!pdev)
		return -EINVAL;
	pthread_mutex_lock(&bus_lock);
	if (pdev->id == PLATFORM_DEVID_AUTO) {
		pdev->id = next_auto_id++;
		pdev->id_auto = true;
	}
	if (pdev->id == PLATFORM_DEVID_NONE)
		len = asprintf(&dev_name, "%s", pdev->name);
	else if (pdev->id_auto)
		len = asprintf(&dev_name, "%s.%d.auto", pdev->name, pdev->id);
	else
		len = asprintf(&dev_name, "%s.%d", pdev->name, pdev->id);
	if (len < 0) {
		pthread_mutex_unlock(&bus_lock);
		return -ENOMEM;
	}
	for (struct platform_device *d = devices; d; d = d->next) {
		if (!strcmp(d->dev_name, dev_name)) {
			pthread_mutex_unlock(&bus_lock);
			/* The kernel's sysfs says so too (without its stack dump). */
			fprintf(stderr,
				"sysfs: cannot create duplicate filename '/devices/platform/%s'\n",
				dev_name);
			free(dev_name);
			return -EEXIST;
		}
	}
	free(pdev->dev_name);
	pdev->dev_name = dev_name;
	pdev->dev.kobj.name = dev_name;
	pdev->dev.bus = &platform_bus_type;
	pdev->added = true;
	pdev->refs++;
	pdev->next = devices;
	devices = pdev;
	for (struct platform_driver *drv = drivers; drv && !pdev->dev.driver; drv = drv->next)
		if (matches(drv, pdev))
			bind(drv, pdev);
	pthread_mutex_unlock(&bus_lock);
	return 0;
}

void platform_device_put(struct platform_device *pdev);

void platform_device_del(struct platform_device *pdev)
{
	if (!pdev)
		return;
	pthread_mutex_lock(&bus_lock);
	if (!pdev->added) {
		pthread_mutex_unlock(&bus_lock);
		return;
	}
	unbind(pdev);
	for (struct platform_device **p = &devices; *p; p = &(*p)->next) {
		if (*p == pdev) {
			*p = pdev->next;
			break;
		}
	}
	for (struct waiter *w = waiters; w; w = w->next)
		if (w->pdev == pdev)
			w->pdev = NULL;
	pdev->added = false;
	pthread_mutex_unlock(&bus_lock);
	/* The bus's reference. */
	platform_device_put(pdev);
}

void platform_device_put(struct platform_device *pdev)
{
	bool last;

	if (!pdev)
		return;
	pthread_mutex_lock(&bus_lock);
	last = --pdev->refs == 0;
	pthread_mutex_unlock(&bus_lock);
	if (!last)
		return;
	if (pdev->dev.release)
		pdev->dev.release(&pdev->dev);
	free(pdev->dev_name);
	free((char *)pdev->name);
	free(pdev);
}

void platform_device_unregister(struct platform_device *pdev)
{
	platform_device_del(pdev);
	platform_device_put(pdev);
}

int __platform_driver_register(struct platform_driver *drv, void *owner)
{
	drv->driver.owner = owner;
	drv->driver.bus = &platform_bus_type;
	pthread_mutex_lock(&bus_lock);
	drv->next = drivers;
	drivers = drv;
	for (struct platform_device *d = devices; d; d = d->next)
		if (!d->dev.driver && matches(drv, d))
			bind(drv, d);
	pthread_mutex_unlock(&bus_lock);
	return 0;
}

void platform_driver_unregister(struct platform_driver *drv)
{
	pthread_mutex_lock(&bus_lock);
	for (struct platform_device *d = devices; d; d = d->next)
		if (d->dev.driver == &drv->driver)
			unbind(d);
	for (struct platform_driver **p = &drivers; *p; p = &(*p)->next) {
		if (*p == drv) {
			*p = drv->next;
			break;
		}
	}
	pthread_mutex_unlock(&bus_lock);
}

struct device *bus_find_device(const struct bus_type *bus, struct device *start,
			       const void *data,
			       int (*match)(struct device *dev, const void *data))
{
	struct device *found = NULL;
	bool after = !start;

	if (bus != &platform_bus_type)
		return NULL;
	pthread_mutex_lock(&bus_lock);
	/* Oldest first, as the kernel's list of the bus's devices: the list is newest first. */
	for (struct platform_device *last = NULL; last != devices && !found;) {
		struct platform_device *d = devices;

		while (d->next != last)
			d = d->next;
		last = d;
		if (!after) {
			after = &d->dev == start;
			continue;
		}
		if (match(&d->dev, data))
			found = &d->dev;
	}
	pthread_mutex_unlock(&bus_lock);
	return found;
}

/* ---- KUnit's managed platform devices and drivers (lib/kunit/platform.c) ---- */

static void put_action(void *pdev)
{
	platform_device_put(pdev);
}

static void unregister_action(void *pdev)
{
	platform_device_unregister(pdev);
}

static void driver_unregister_action(void *drv)
{
	platform_driver_unregister(drv);
}

struct platform_device *kunit_platform_device_alloc(struct kunit *test, const char *name,
						    int id)
{
	struct platform_device *pdev = platform_device_alloc(name, id);

	if (!pdev)
		return (void *)(intptr_t)-ENOMEM;
	if (kunit_add_action_or_reset(test, put_action, pdev))
		return (void *)(intptr_t)-ENOMEM;
	return pdev;
}

int kunit_platform_device_add(struct kunit *test, struct platform_device *pdev)
{
	int ret = platform_device_add(pdev);

	if (ret)
		return ret;
	/* Added: the test's end unregisters it instead of putting it. */
	kunit_remove_action(test, put_action, pdev);
	return kunit_add_action_or_reset(test, unregister_action, pdev);
}

static void waiter_remove(void *p)
{
	pthread_mutex_lock(&bus_lock);
	for (struct waiter **w = &waiters; *w; w = &(*w)->next) {
		if (*w == p) {
			*w = (*w)->next;
			break;
		}
	}
	pthread_mutex_unlock(&bus_lock);
	free(p);
}

int __kunit_c_platform_prepare_wait(struct kunit *test, struct platform_device *pdev,
				    void (*complete)(struct completion *x),
				    struct completion *x)
{
	struct waiter *w = calloc(1, sizeof(*w));
	bool bound;

	if (!w)
		return -ENOMEM;
	w->pdev = pdev;
	w->complete = complete;
	w->x = x;
	pthread_mutex_lock(&bus_lock);
	w->next = waiters;
	waiters = w;
	bound = pdev->dev.driver != NULL;
	pthread_mutex_unlock(&bus_lock);
	if (kunit_add_action_or_reset(test, waiter_remove, w))
		return -ENOMEM;
	if (bound)
		complete(x);
	return 0;
}

int kunit_platform_driver_register(struct kunit *test, struct platform_driver *drv)
{
	int ret = __platform_driver_register(drv, NULL);

	if (ret)
		return ret;
	return kunit_add_action_or_reset(test, driver_unregister_action, drv);
}
