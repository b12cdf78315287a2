/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: the everyday kernel helpers test files expect from <linux/kernel.h>. */
#ifndef _LINUX_KERNEL_H
#define _LINUX_KERNEL_H

#include <limits.h>
#include <stdarg.h>
#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/err.h>
#include <linux/bug.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <linux/minmax.h>
#include <linux/array_size.h>
#include <linux/byteorder.h>
#include <linux/kconfig.h>
#include <linux/atomic.h>
#include <linux/build_bug.h>
#include <linux/bitops.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/preempt.h>
#include <asm/page.h>

#define U8_MAX ((u8)~0U)
#define U16_MAX ((u16)~0U)
#define U32_MAX ((u32)~0U)
#define U64_MAX ((u64)~0ULL)
#define S8_MAX ((s8)(U8_MAX >> 1))
#define S16_MAX ((s16)(U16_MAX >> 1))
#define S32_MAX ((s32)(U32_MAX >> 1))
#define S64_MAX ((s64)(U64_MAX >> 1))
#define S8_MIN ((s8)(-S8_MAX - 1))
#define S16_MIN ((s16)(-S16_MAX - 1))
#define S32_MIN ((s32)(-S32_MAX - 1))
#define S64_MIN ((s64)(-S64_MAX - 1))
#define SIZE_MAX_KUNIT SIZE_MAX

#define DIV_ROUND_UP(n, d) (((n) + (d) - 1) / (d))
#define ALIGN(x, a) (((x) + ((__typeof__(x))(a) - 1)) & ~((__typeof__(x))(a) - 1))
#define IS_ALIGNED(x, a) (((x) & ((__typeof__(x))(a) - 1)) == 0)
/* y must be a power of two. */
#define round_up(x, y) ((((x) - 1) | ((__typeof__(x))((y) - 1))) + 1)
#define round_down(x, y) ((x) & ~((__typeof__(x))((y) - 1)))

#define container_of(ptr, type, member)					\
	((type *)((char *)(ptr) - offsetof(type, member)))

#define lower_32_bits(n) ((u32)((n) & 0xffffffff))
#define upper_32_bits(n) ((u32)(((n) >> 16) >> 16))

#define might_sleep() do { } while (0)
#define cond_resched() do { } while (0)

#endif /* _LINUX_KERNEL_H */
