/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: a test binary is one "module": metadata is dropped, module_init(fn) runs fn
 * before main() (as loading the module would), module_exit(fn) is kept but never runs.
 */
#ifndef _LINUX_MODULE_H
#define _LINUX_MODULE_H

#include <linux/compiler.h>
#include <linux/export.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/moduleparam.h>

struct module;

#define MODULE_LICENSE(x)
#define MODULE_DESCRIPTION(x)
#define MODULE_AUTHOR(x)
#define MODULE_ALIAS(x)
#define MODULE_SOFTDEP(x)
#define MODULE_VERSION(x)
#define MODULE_FIRMWARE(x)
#define MODULE_INFO(tag, info)
#define MODULE_DEVICE_TABLE(type, name)
#define MODULE_IMPORT_NS(ns)

#define module_init(fn) __kunit_c_initcall(fn, 110)
#define module_exit(fn) __exitcall(fn)

static inline bool try_module_get(struct module *module) { (void)module; return true; }
static inline void module_put(struct module *module) { (void)module; }
static inline void __module_get(struct module *module) { (void)module; }

#endif /* _LINUX_MODULE_H */
