/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: symbol exports mean nothing in one test binary: every EXPORT_SYMBOL*() is a no-op. */
#ifndef _LINUX_EXPORT_H
#define _LINUX_EXPORT_H

#include <linux/compiler.h>

#define EXPORT_SYMBOL(sym) extern typeof(sym) sym
#define EXPORT_SYMBOL_GPL(sym) extern typeof(sym) sym
#define EXPORT_SYMBOL_NS(sym, ns) extern typeof(sym) sym
#define EXPORT_SYMBOL_NS_GPL(sym, ns) extern typeof(sym) sym
#define EXPORT_SYMBOL_FOR_MODULES(sym, mods) extern typeof(sym) sym
#define EXPORT_SYMBOL_GPL_FOR_MODULES(sym, mods) extern typeof(sym) sym
#define EXPORT_SYMBOL_FOR_TESTS_ONLY(sym) extern typeof(sym) sym
#define EXPORT_SYMBOL_IF_KUNIT(sym) extern typeof(sym) sym
#define EXPORT_SYMBOL_NS_IF_KUNIT(sym, ns) extern typeof(sym) sym
#define EXPORT_SYMBOL_GPL_IF_KUNIT(sym) extern typeof(sym) sym
#define EXPORT_IF_KUNIT(sym) extern typeof(sym) sym
/* Functions only tests see are plain external functions here. */
#define VISIBLE_IF_KUNIT
#define THIS_MODULE ((struct module *)0)

#endif /* _LINUX_EXPORT_H */
