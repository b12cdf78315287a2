/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: module metadata has no meaning in a test binary. */
#ifndef _LINUX_MODULE_H
#define _LINUX_MODULE_H
#include <linux/compiler.h>
#include <linux/export.h>
/* The kernel's module.h pulls in most of the core library (list.h, bitops, ...) on the way. */
#include <linux/kernel.h>
#define MODULE_LICENSE(x)
#define MODULE_DESCRIPTION(x)
#define MODULE_AUTHOR(x)
#define MODULE_IMPORT_NS(x)
#define VISIBLE_IF_KUNIT
#define module_init(f)
#define module_exit(f)
#define THIS_MODULE ((void *)0)
#endif
