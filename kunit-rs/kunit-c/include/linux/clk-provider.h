/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the clock providers' side (the kernel's <linux/clk-provider.h>), without the
 * common clock framework (CONFIG_COMMON_CLK): no clock has a name to give.
 */
#if __has_include_next(<linux/clk-provider.h>)
/* The tree's own header, when the tree has one. */
#include_next <linux/clk-provider.h>
#elif !defined(__LINUX_CLK_PROVIDER_H)
#define __LINUX_CLK_PROVIDER_H

#include <linux/clk.h>

#endif /* __LINUX_CLK_PROVIDER_H */
