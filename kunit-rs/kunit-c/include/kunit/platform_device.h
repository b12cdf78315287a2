/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: KUnit's platform devices and drivers (<linux/platform_device.h>'s bus), each
 * undone when the test ends: an allocated device is put, an added one unregistered, a
 * registered driver unregistered.
 */
#ifndef _KUNIT_PLATFORM_DRIVER_H
#define _KUNIT_PLATFORM_DRIVER_H

#include <linux/completion.h>

struct kunit;
struct platform_device;
struct platform_driver;

/* platform_device_alloc(), put when the test ends; ERR_PTR(-ENOMEM) on failure. */
struct platform_device *kunit_platform_device_alloc(struct kunit *test, const char *name,
						    int id);
/* platform_device_add(); on success, unregistered (not merely put) when the test ends. */
int kunit_platform_device_add(struct kunit *test, struct platform_device *pdev);

int __kunit_c_platform_prepare_wait(struct kunit *test, struct platform_device *pdev,
				    void (*complete)(struct completion *x),
				    struct completion *x);

static inline void __kunit_c_complete_fn(struct completion *x)
{
	complete(x);
}

/*
 * Completes @x when @pdev is bound to a driver, at once if it is bound already, and again
 * at each later binding, until the test ends; 0.
 */
static inline int kunit_platform_device_prepare_wait_for_probe(struct kunit *test,
							       struct platform_device *pdev,
							       struct completion *x)
{
	return __kunit_c_platform_prepare_wait(test, pdev, __kunit_c_complete_fn, x);
}

/* platform_driver_register(), unregistered when the test ends. */
int kunit_platform_driver_register(struct kunit *test, struct platform_driver *drv);

#endif /* _KUNIT_PLATFORM_DRIVER_H */
