/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: counting a macro's arguments (the kernel's <linux/args.h>). */
#ifndef _LINUX_ARGS_H
#define _LINUX_ARGS_H

/* The number of arguments (0 to 15): COUNT_ARGS() is 0, COUNT_ARGS(a, b) is 2. */
#define __COUNT_ARGS(_0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _n, X...) _n
#define COUNT_ARGS(X...) __COUNT_ARGS(, ##X, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)

#define __CONCAT(a, b) a##b
#define CONCATENATE(a, b) __CONCAT(a, b)

#endif /* _LINUX_ARGS_H */
