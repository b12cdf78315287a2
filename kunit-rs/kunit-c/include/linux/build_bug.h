/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: static_assert(expr[, msg]) with the message optional, as the kernel has it. */
#ifndef _LINUX_BUILD_BUG_H
#define _LINUX_BUILD_BUG_H
#undef static_assert
#define static_assert(expr, ...) __kunit_c_static_assert(expr, ##__VA_ARGS__, #expr)
#define __kunit_c_static_assert(expr, msg, ...) _Static_assert(expr, msg)
#endif
