/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: KUnit's fake devices. A device registered here is unregistered when the test
 * ends (or by kunit_device_unregister()), which runs its driver's remove() and releases its
 * devres (devm_*) resources, newest first. Errors are ERR_PTR(-ENOMEM).
 */
#ifndef _KUNIT_DEVICE_H
#define _KUNIT_DEVICE_H

#include <linux/device.h>

struct kunit;

/* A driver on the kunit bus, freed when the test ends. */
struct device_driver *kunit_driver_create(struct kunit *test, const char *name);
/* A device named @name with its own driver of that name. */
struct device *kunit_device_register(struct kunit *test, const char *name);
/* A device bound to @drv (whose probe() runs now). */
struct device *kunit_device_register_with_driver(struct kunit *test, const char *name,
						 const struct device_driver *drv);
/* Unregisters @dev now (and frees the driver kunit_device_register() made for it). */
void kunit_device_unregister(struct kunit *test, struct device *dev);

#endif /* _KUNIT_DEVICE_H */
