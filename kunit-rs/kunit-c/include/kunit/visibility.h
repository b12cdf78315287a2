/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: symbols made visible to tests (KUnit builds them with CONFIG_KUNIT): a
 * VISIBLE_IF_KUNIT function is an ordinary external function here, and the exports are
 * no-ops (<linux/export.h>).
 */
#ifndef _KUNIT_VISIBILITY_H
#define _KUNIT_VISIBILITY_H

#include <linux/export.h>

#endif /* _KUNIT_VISIBILITY_H */
