/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: va_list and friends from the compiler (its own <stdarg.h>, never libc's). */
#ifndef _LINUX_STDARG_H
#define _LINUX_STDARG_H
#include <stdarg.h>
#endif
