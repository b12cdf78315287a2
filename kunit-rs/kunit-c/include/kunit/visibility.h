/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: a test binary is always a KUnit build (CONFIG_KUNIT), so what the kernel keeps
 * static outside KUnit builds is visible here: VISIBLE_IF_KUNIT is empty and
 * EXPORT_SYMBOL_IF_KUNIT() an export, both from <linux/export.h>.
 */
#ifndef _KUNIT_VISIBILITY_H
#define _KUNIT_VISIBILITY_H

#include <linux/export.h>

#endif /* _KUNIT_VISIBILITY_H */
