/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: constant-suffix helpers (_AC, UL, ULL) and __is_constexpr(). */
#ifndef _LINUX_CONST_H
#define _LINUX_CONST_H

#define __AC(X, Y) (X##Y)
#define _AC(X, Y) __AC(X, Y)
#define _AT(T, X) ((T)(X))
#define _UL(x) (_AC(x, UL))
#define _ULL(x) (_AC(x, ULL))
#define UL(x) (_UL(x))
#define ULL(x) (_ULL(x))
#define _BITUL(x) (_UL(1) << (x))
#define _BITULL(x) (_ULL(1) << (x))

#define __KERNEL_DIV_ROUND_UP(n, d) (((n) + (d) - 1) / (d))

/*
 * 1 when @x is an integer constant expression, else 0, itself a constant expression: a
 * null pointer constant makes the conditional's type int *, anything else void *.
 */
#ifndef __is_constexpr
#define __is_constexpr(x) (sizeof(int) == sizeof(*(8 ? ((void *)((long)(x) * 0l)) : (int *)8)))
#endif

#endif /* _LINUX_CONST_H */
