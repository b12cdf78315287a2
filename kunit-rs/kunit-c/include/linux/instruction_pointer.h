/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: the caller's and the current instruction address, as the kernel names them. */
#ifndef _LINUX_INSTRUCTION_POINTER_H
#define _LINUX_INSTRUCTION_POINTER_H

/* Where the current function returns to. */
#define _RET_IP_ ((unsigned long)__builtin_return_address(0))
/* An address inside the current function (a local label's, GCC's labels-as-values). */
#define _THIS_IP_ ({ __label__ __here; __here: (unsigned long)&&__here; })

#endif
