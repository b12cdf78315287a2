/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: printk to stderr (the KTAP document is on stdout). */
#ifndef _LINUX_PRINTK_H
#define _LINUX_PRINTK_H

#include <stdio.h>
#include <linux/compiler.h>

#define KERN_EMERG ""
#define KERN_ALERT ""
#define KERN_CRIT ""
#define KERN_ERR ""
#define KERN_WARNING ""
#define KERN_NOTICE ""
#define KERN_INFO ""
#define KERN_DEBUG ""
#define KERN_CONT ""

#ifndef pr_fmt
#define pr_fmt(fmt) fmt
#endif

#define printk(fmt, ...) fprintf(stderr, fmt, ##__VA_ARGS__)
#define pr_emerg(fmt, ...) printk(pr_fmt(fmt), ##__VA_ARGS__)
#define pr_alert(fmt, ...) printk(pr_fmt(fmt), ##__VA_ARGS__)
#define pr_crit(fmt, ...) printk(pr_fmt(fmt), ##__VA_ARGS__)
#define pr_err(fmt, ...) printk(pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warn(fmt, ...) printk(pr_fmt(fmt), ##__VA_ARGS__)
#define pr_notice(fmt, ...) printk(pr_fmt(fmt), ##__VA_ARGS__)
#define pr_info(fmt, ...) printk(pr_fmt(fmt), ##__VA_ARGS__)
#define pr_cont(fmt, ...) printk(fmt, ##__VA_ARGS__)
#define pr_debug(fmt, ...) do { if (0) printk(pr_fmt(fmt), ##__VA_ARGS__); } while (0)

#endif /* _LINUX_PRINTK_H */
