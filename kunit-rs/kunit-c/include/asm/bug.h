/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: <asm/bug.h> is the generic BUG()/WARN() of <linux/bug.h>. */
#ifndef _ASM_BUG_H
#define _ASM_BUG_H
#include <linux/bug.h>
#endif /* _ASM_BUG_H */
