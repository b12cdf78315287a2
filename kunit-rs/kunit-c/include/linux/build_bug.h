/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: the kernel's compile-time checks (<linux/build_bug.h>). */
#ifndef _LINUX_BUILD_BUG_H
#define _LINUX_BUILD_BUG_H

#include <linux/compiler.h>

/* 0 as an int constant expression when e is false; a compile error when it is true. */
#define BUILD_BUG_ON_ZERO(e) ((int)(sizeof(struct { int : (-!!(e)); })))
/* Does not evaluate e (it may have side effects) but still type-checks it. */
#define BUILD_BUG_ON_INVALID(e) ((void)(sizeof((__force long)(e))))
#define BUILD_BUG_ON_MSG(cond, msg) compiletime_assert(!(cond), msg)
#define BUILD_BUG_ON(condition) BUILD_BUG_ON_MSG(condition, "BUILD_BUG_ON failed: " #condition)
#define BUILD_BUG_ON_NOT_POWER_OF_2(n) BUILD_BUG_ON((n) == 0 || (((n) & ((n) - 1)) != 0))
#define BUILD_BUG() BUILD_BUG_ON_MSG(1, "BUILD_BUG failed")

/* static_assert(expr[, msg]) with the message optional, as the kernel has it. */
#undef static_assert
#define static_assert(expr, ...) __static_assert(expr, ##__VA_ARGS__, #expr)
#define __static_assert(expr, msg, ...) _Static_assert(expr, msg)

#ifndef __BUILD_BUG_ON_ZERO_MSG
#define __BUILD_BUG_ON_ZERO_MSG(e, msg) ((int)sizeof(struct { _Static_assert(!(e), msg); }))
#endif

#endif /* _LINUX_BUILD_BUG_H */
