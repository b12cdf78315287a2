/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: symbol exports. A test binary is one link unit, so every non-static symbol is
 * already visible to the test; the macros only have to compile away.
 */
#ifndef _LINUX_EXPORT_H
#define _LINUX_EXPORT_H

#define EXPORT_SYMBOL(sym)
#define EXPORT_SYMBOL_GPL(sym)
#define EXPORT_SYMBOL_NS(sym, ns)
#define EXPORT_SYMBOL_NS_GPL(sym, ns)
#define EXPORT_SYMBOL_FOR_MODULES(sym, mods)
#define EXPORT_SYMBOL_GPL_FOR_MODULES(sym, mods)
#define EXPORT_SYMBOL_IF_KUNIT(sym)

#endif /* _LINUX_EXPORT_H */
