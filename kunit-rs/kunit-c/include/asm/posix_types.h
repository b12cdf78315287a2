/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: the architecture's __kernel_* types are the generic ones (<linux/posix_types.h>). */
#ifndef _ASM_POSIX_TYPES_H
#define _ASM_POSIX_TYPES_H

#include <linux/posix_types.h>

#endif
