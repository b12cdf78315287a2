/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: KUnit's fake devices and their devres (see include/linux/device.h and
 * include/kunit/device.h). Each device is unregistered by a KUnit action of its test, so
 * the test's end (or kunit_device_unregister()) runs the driver's remove() and then the
 * device's resources, newest first, as device_unregister() does in the kernel.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glue.h"

#define ENOENT 2
#define ENOMEM 12
#define ENODEV 19

void __kunit_c_warn(const char *file, int line, const char *fmt, ...);

struct kunit;

#include "device_layout.h"

typedef void (*dr_release_t)(struct device *dev, void *res);

/* One managed resource: an action, an allocation (no action), or a devres_alloc() block. */
struct devres {
	struct devres *next;
	void (*action)(void *);
	void *data; /* the action's argument, the managed allocation, or the block's data */
	const char *name;
	struct device *dev;
	dr_release_t release; /* a devres_alloc() block: release(dev, data), then freed */
};

/* What precedes the data of a devres_alloc() block. */
struct devres_block {
	dr_release_t release;
	const char *name;
	unsigned long long align[]; /* the data, 8-byte aligned at least */
};

int kunit_add_action(struct kunit *test, void (*action)(void *), void *ctx);
int kunit_add_action_or_reset(struct kunit *test, void (*action)(void *), void *ctx);
void kunit_release_action(struct kunit *test, void (*action)(void *), void *ctx);
void *krealloc_noprof(const void *p, size_t new_size, kc_gfp_t flags);
char *kvasprintf(kc_gfp_t gfp, const char *fmt, va_list args);

static const struct bus_type kunit_bus = { .name = "kunit" };

static struct devres_block *block_of(void *data)
{
	return (struct devres_block *)((char *)data - offsetof(struct devres_block, align));
}

/* An allocation's devres entry frees it (action NULL). */
static void release_one(struct devres *r)
{
	if (r->release) {
		r->release(r->dev, r->data);
		free(block_of(r->data));
	} else if (r->action) {
		r->action(r->data);
	} else {
		kfree(r->data);
	}
	free(r);
}

static int add(struct device *dev, void (*action)(void *), void *data, const char *name)
{
	struct devres *r = malloc(sizeof(*r));

	if (!r)
		return -ENOMEM;
	r->action = action;
	r->data = data;
	r->name = name;
	r->dev = dev;
	r->release = NULL;
	r->next = dev->devres;
	dev->devres = r;
	return 0;
}

/* Unlinks the newest entry matching (action, data), or NULL. */
static struct devres *take(struct device *dev, void (*action)(void *), void *data)
{
	for (struct devres **p = (struct devres **)&dev->devres; *p; p = &(*p)->next) {
		struct devres *r = *p;

		if (r->action == action && r->data == data) {
			*p = r->next;
			return r;
		}
	}
	return NULL;
}

/* devres_alloc(): a block not yet on any device; devres_add() puts it on one. */
void *__devres_alloc_node(dr_release_t release, size_t size, kc_gfp_t gfp, int nid, const char *name)
{
	struct devres_block *b = calloc(1, sizeof(*b) + size);

	(void)gfp, (void)nid;
	if (!b)
		return NULL;
	b->release = release;
	b->name = name;
	return b->align;
}

void devres_free(void *res)
{
	if (res)
		free(block_of(res));
}

void devres_add(struct device *dev, void *res)
{
	struct devres *r;

	if (add(dev, NULL, res, block_of(res)->name)) {
		/* The kernel's devres_add() cannot fail; without memory there is nothing to do. */
		abort();
	}
	r = dev->devres;
	r->release = block_of(res)->release;
}

typedef int (*dr_match_t)(struct device *dev, void *res, void *match_data);

/* Unlinks the newest devres_alloc() block with @release that @match accepts, or NULL. */
static struct devres *take_block(struct device *dev, dr_release_t release, dr_match_t match,
				 void *match_data)
{
	for (struct devres **p = (struct devres **)&dev->devres; *p; p = &(*p)->next) {
		struct devres *r = *p;

		if (r->release == release && (!match || match(dev, r->data, match_data))) {
			*p = r->next;
			return r;
		}
	}
	return NULL;
}

int devres_destroy(struct device *dev, dr_release_t release, dr_match_t match, void *match_data)
{
	struct devres *r = take_block(dev, release, match, match_data);

	if (!r)
		return -ENOENT;
	free(block_of(r->data));
	free(r);
	return 0;
}

int devres_release(struct device *dev, dr_release_t release, dr_match_t match, void *match_data)
{
	struct devres *r = take_block(dev, release, match, match_data);

	if (!r)
		return -ENOENT;
	release_one(r);
	return 0;
}

int __devm_add_action(struct device *dev, void (*action)(void *), void *data, const char *name)
{
	return add(dev, action, data, name);
}

void devm_remove_action(struct device *dev, void (*action)(void *), void *data)
{
	free(take(dev, action, data));
}

void devm_release_action(struct device *dev, void (*action)(void *), void *data)
{
	struct devres *r = take(dev, action, data);

	if (r)
		release_one(r);
}

void *devm_kmalloc(struct device *dev, size_t size, kc_gfp_t gfp)
{
	void *p;

	if (size == 0)
		return (void *)16; /* ZERO_SIZE_PTR, as the kernel's */
	p = __kmalloc_noprof(size, gfp);
	if (p && add(dev, NULL, p, "devm_kmalloc")) {
		kfree(p);
		return NULL;
	}
	return p;
}

void devm_kfree(struct device *dev, const void *p)
{
	struct devres *r = take(dev, NULL, (void *)p);

	if (r)
		release_one(r);
}

void *devm_krealloc(struct device *dev, void *ptr, size_t size, kc_gfp_t gfp)
{
	struct devres *r;
	void *n;

	if (!ptr || (uintptr_t)ptr == 16)
		return devm_kmalloc(dev, size, gfp);
	r = take(dev, NULL, ptr);
	if (!r)
		return NULL;
	n = krealloc_noprof(ptr, size, gfp);
	if (n)
		r->data = n;
	r->next = dev->devres;
	dev->devres = r;
	return n;
}

void *devm_kmemdup(struct device *dev, const void *src, size_t len, kc_gfp_t gfp)
{
	void *p = devm_kmalloc(dev, len, gfp);

	if (p && len)
		memcpy(p, src, len);
	return p;
}

char *devm_kstrdup(struct device *dev, const char *s, kc_gfp_t gfp)
{
	return s ? devm_kmemdup(dev, s, strlen(s) + 1, gfp) : NULL;
}

char *devm_kasprintf(struct device *dev, kc_gfp_t gfp, const char *fmt, ...)
{
	va_list ap;
	char *s, *p;

	va_start(ap, fmt);
	s = kvasprintf(gfp, fmt, ap);
	va_end(ap);
	if (!s)
		return NULL;
	p = devm_kstrdup(dev, s, gfp);
	kfree(s);
	return p;
}

static void driver_free(void *p)
{
	struct device_driver *drv = p;

	free((char *)drv->name);
	free(drv);
}

struct device_driver *kunit_driver_create(struct kunit *test, const char *name)
{
	struct device_driver *drv = calloc(1, sizeof(*drv));

	if (!drv)
		return (void *)(intptr_t)-ENOMEM;
	drv->name = strdup(name);
	drv->bus = &kunit_bus;
	if (!drv->name) {
		free(drv);
		return (void *)(intptr_t)-ENOMEM;
	}
	if (kunit_add_action_or_reset(test, driver_free, drv))
		return (void *)(intptr_t)-ENOMEM;
	return drv;
}

/* devres_release_all(): the device's devres entries, newest first (the platform bus's too). */
void __kunit_c_devres_release_all(struct device *dev)
{
	while (dev->devres) {
		struct devres *r = dev->devres;

		dev->devres = r->next;
		release_one(r);
	}
}

/* device_unregister(): the driver's remove(), then the devres entries, newest first. */
static void device_unregister_action(void *p)
{
	struct device *dev = p;

	if (dev->driver && dev->driver->remove)
		dev->driver->remove(dev);
	__kunit_c_devres_release_all(dev);
	if (dev->release)
		dev->release(dev);
	free((char *)dev->kobj.name);
	free(dev);
}

static struct device *register_device(struct kunit *test, const char *name,
				      struct device_driver *drv, bool own_driver)
{
	struct device *dev = calloc(1, sizeof(*dev));

	if (!dev)
		return (void *)(intptr_t)-ENOMEM;
	dev->kobj.name = strdup(name);
	if (!dev->kobj.name) {
		free(dev);
		return (void *)(intptr_t)-ENOMEM;
	}
	dev->bus = &kunit_bus;
	dev->driver = drv;
	/* A failed probe leaves the device without a driver, as in the kernel. */
	if (drv && drv->probe && drv->probe(dev))
		dev->driver = NULL;
	dev->own_driver = own_driver && dev->driver;
	if (kunit_add_action_or_reset(test, device_unregister_action, dev))
		return (void *)(intptr_t)-ENOMEM;
	return dev;
}

struct device *kunit_device_register_with_driver(struct kunit *test, const char *name,
						 const struct device_driver *drv)
{
	return register_device(test, name, (struct device_driver *)drv, false);
}

struct device *kunit_device_register(struct kunit *test, const char *name)
{
	struct device_driver *drv = kunit_driver_create(test, name);

	if (KC_IS_ERR_VALUE(drv))
		return (void *)drv;
	return register_device(test, name, drv, true);
}

void kunit_device_unregister(struct kunit *test, struct device *dev)
{
	struct device_driver *drv = dev->own_driver ? dev->driver : NULL;

	kunit_release_action(test, device_unregister_action, dev);
	if (drv)
		kunit_release_action(test, driver_free, drv);
}

/* A primary fwnode is one whose secondary is a pointer, not ERR_PTR(-ENODEV). */
static bool fwnode_is_primary(const struct kc_fwnode *fn)
{
	return fn && !KC_IS_ERR_VALUE(fn->secondary);
}

/*
 * drivers/base/core.c's: @fwnode becomes @dev's primary, in front of the secondary it had
 * (NULL: the secondary, if any, becomes the device's fwnode again).
 */
void set_primary_fwnode(struct device *dev, struct kc_fwnode *fwnode)
{
	struct kc_fwnode *cur = dev->fwnode;

	if (!fwnode) {
		if (!fwnode_is_primary(cur)) {
			dev->fwnode = NULL;
			return;
		}
		dev->fwnode = cur->secondary;
		/* A primary shared with the parent keeps its secondary for the parent. */
		if (!(dev->parent && cur == dev->parent->fwnode))
			cur->secondary = NULL;
		return;
	}
	if (fwnode_is_primary(cur))
		cur = cur->secondary;
	if (cur) {
		if (fwnode->secondary)
			__kunit_c_warn(__FILE__, __LINE__, NULL);
		fwnode->secondary = cur;
	}
	dev->fwnode = fwnode;
}

/* drivers/base/core.c's: @fwnode becomes the secondary of @dev's primary (or its fwnode). */
void set_secondary_fwnode(struct device *dev, struct kc_fwnode *fwnode)
{
	if (fwnode)
		fwnode->secondary = (struct kc_fwnode *)(intptr_t)-ENODEV;
	if (fwnode_is_primary(dev->fwnode))
		dev->fwnode->secondary = fwnode;
	else
		dev->fwnode = fwnode;
}
