/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: loop-unrolling hints, placed right before a for/while loop. */
#ifndef _LINUX_UNROLL_H
#define _LINUX_UNROLL_H

#define __kunit_c_pragma(text) _Pragma(#text)
#ifdef __clang__
#define unrolled_count(n) __kunit_c_pragma(clang loop unroll_count(n))
#define unrolled_full __kunit_c_pragma(clang loop unroll(full))
#define unrolled_none __kunit_c_pragma(clang loop unroll(disable))
#else
#define unrolled_count(n) __kunit_c_pragma(GCC unroll n)
/* GCC's largest unroll factor; "unroll everything" has no spelling of its own. */
#define unrolled_full __kunit_c_pragma(GCC unroll 65534)
#define unrolled_none __kunit_c_pragma(GCC unroll 1)
#endif
#define unrolled(n) unrolled_count(n)

#endif /* _LINUX_UNROLL_H */
