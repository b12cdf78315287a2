/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: symbol exports mean nothing in one test binary: every EXPORT_SYMBOL*() is a no-op. */
#ifndef _LINUX_EXPORT_H
#define _LINUX_EXPORT_H

#include <linux/compiler.h>

/*
 * A declaration that names nothing of the symbol's, to take the `;` after the export: a
 * function-like macro of the symbol's name (as <linux/cpumask.h>'s cpumask_next_wrap) is
 * not expanded where the export names the symbol alone.
 */
#define __KUNIT_C_EXPORT extern int __kunit_c_exported

#define EXPORT_SYMBOL(sym) __KUNIT_C_EXPORT
#define EXPORT_SYMBOL_GPL(sym) __KUNIT_C_EXPORT
#define EXPORT_SYMBOL_NS(sym, ns) __KUNIT_C_EXPORT
#define EXPORT_SYMBOL_NS_GPL(sym, ns) __KUNIT_C_EXPORT
#define EXPORT_SYMBOL_FOR_MODULES(sym, mods) __KUNIT_C_EXPORT
#define EXPORT_SYMBOL_GPL_FOR_MODULES(sym, mods) __KUNIT_C_EXPORT
#define EXPORT_SYMBOL_FOR_TESTS_ONLY(sym) __KUNIT_C_EXPORT
#define EXPORT_SYMBOL_IF_KUNIT(sym) __KUNIT_C_EXPORT
#define EXPORT_SYMBOL_NS_IF_KUNIT(sym, ns) __KUNIT_C_EXPORT
#define EXPORT_SYMBOL_GPL_IF_KUNIT(sym) __KUNIT_C_EXPORT
#define EXPORT_IF_KUNIT(sym) __KUNIT_C_EXPORT
/* Functions only tests see are plain external functions here. */
#define VISIBLE_IF_KUNIT
#define THIS_MODULE ((struct module *)0)

#endif /* _LINUX_EXPORT_H */
