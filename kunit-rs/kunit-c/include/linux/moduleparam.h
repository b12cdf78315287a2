/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: module parameters keep their compiled-in values (nothing sets them). */
#ifndef _LINUX_MODULEPARAM_H
#define _LINUX_MODULEPARAM_H

#include <linux/compiler.h>

#define module_param(name, type, perm)
#define module_param_named(name, value, type, perm)
#define module_param_string(name, string, len, perm)
#define module_param_array(name, type, nump, perm)
#define module_param_cb(name, ops, arg, perm)
#define MODULE_PARM_DESC(parm, desc)
#define core_param(name, var, type, perm)

#endif /* _LINUX_MODULEPARAM_H */
