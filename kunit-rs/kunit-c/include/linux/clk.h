/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: clocks (the kernel's <linux/clk.h>), as in a kernel without CONFIG_HAVE_CLK: struct
 * clk is opaque and every clock is the NULL no-op clock: clk_get() returns NULL, enabling
 * succeeds, a rate is 0, as the kernel's !CONFIG_HAVE_CLK stubs answer.
 */
#if __has_include_next(<linux/clk.h>)
/* The tree's own header, when the tree has one. */
#include_next <linux/clk.h>
#elif !defined(__LINUX_CLK_H)
#define __LINUX_CLK_H

#include <linux/err.h>
#include <linux/errno.h>

struct clk;
struct device;

static inline struct clk *clk_get(struct device *dev, const char *id)
{
	(void)dev;
	(void)id;
	return NULL;
}
static inline void clk_put(struct clk *clk) { (void)clk; }
static inline int clk_enable(struct clk *clk) { (void)clk; return 0; }
static inline void clk_disable(struct clk *clk) { (void)clk; }
static inline int clk_prepare_enable(struct clk *clk) { (void)clk; return 0; }
static inline void clk_disable_unprepare(struct clk *clk) { (void)clk; }
static inline unsigned long clk_get_rate(struct clk *clk) { (void)clk; return 0; }

#endif /* __LINUX_CLK_H */
