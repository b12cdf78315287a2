/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: printk() and pr_*() with the kernel's levels and format (its vsnprintf(), %p
 * extensions included); kunit-c's glue writes each message, level stripped, to stderr (the
 * KTAP document is on stdout).
 */
#ifndef _LINUX_PRINTK_H
#define _LINUX_PRINTK_H

#include <linux/stdarg.h>
#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/sprintf.h>

#define KERN_SOH "\001"
#define KERN_SOH_ASCII '\001'
#define KERN_EMERG KERN_SOH "0"
#define KERN_ALERT KERN_SOH "1"
#define KERN_CRIT KERN_SOH "2"
#define KERN_ERR KERN_SOH "3"
#define KERN_WARNING KERN_SOH "4"
#define KERN_NOTICE KERN_SOH "5"
#define KERN_INFO KERN_SOH "6"
#define KERN_DEBUG KERN_SOH "7"
#define KERN_DEFAULT ""
#define KERN_CONT KERN_SOH "c"

#define LOGLEVEL_SCHED -2
#define LOGLEVEL_DEFAULT -1
#define LOGLEVEL_EMERG 0
#define LOGLEVEL_ALERT 1
#define LOGLEVEL_CRIT 2
#define LOGLEVEL_ERR 3
#define LOGLEVEL_WARNING 4
#define LOGLEVEL_NOTICE 5
#define LOGLEVEL_INFO 6
#define LOGLEVEL_DEBUG 7

/* The level character after KERN_SOH at the start of @buffer, or 0. */
static inline int printk_get_level(const char *buffer)
{
	if (buffer[0] == KERN_SOH_ASCII && buffer[1]) {
		switch (buffer[1]) {
		case '0' ... '7':
		case 'c':
			return buffer[1];
		}
	}
	return 0;
}

static inline const char *printk_skip_level(const char *buffer)
{
	return printk_get_level(buffer) ? buffer + 2 : buffer;
}

static inline const char *printk_skip_headers(const char *buffer)
{
	while (printk_get_level(buffer))
		buffer = printk_skip_level(buffer);
	return buffer;
}

int vprintk(const char *fmt, va_list args) __printf(1, 0);
int _printk(const char *fmt, ...) __printf(1, 2) __cold;
#define printk(fmt, ...) _printk(fmt, ##__VA_ARGS__)
#define printk_deferred(fmt, ...) _printk(fmt, ##__VA_ARGS__)
#define printk_once(fmt, ...) ({					\
	static bool __print_once;					\
	if (!__print_once) {						\
		__print_once = true;					\
		printk(fmt, ##__VA_ARGS__);				\
	}								\
})
#define printk_ratelimited(fmt, ...) printk(fmt, ##__VA_ARGS__)
#define printk_ratelimit() 1

/* Type-checks the arguments and prints nothing. */
#define no_printk(fmt, ...) ({						\
	if (0)								\
		_printk(fmt, ##__VA_ARGS__);				\
	0;								\
})

#ifndef pr_fmt
#define pr_fmt(fmt) fmt
#endif

#define pr_emerg(fmt, ...) printk(KERN_EMERG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_alert(fmt, ...) printk(KERN_ALERT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_crit(fmt, ...) printk(KERN_CRIT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_err(fmt, ...) printk(KERN_ERR pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warn(fmt, ...) printk(KERN_WARNING pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warning pr_warn
#define pr_notice(fmt, ...) printk(KERN_NOTICE pr_fmt(fmt), ##__VA_ARGS__)
#define pr_info(fmt, ...) printk(KERN_INFO pr_fmt(fmt), ##__VA_ARGS__)
#define pr_cont(fmt, ...) printk(KERN_CONT fmt, ##__VA_ARGS__)
#ifdef DEBUG
#define pr_devel(fmt, ...) printk(KERN_DEBUG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_debug(fmt, ...) printk(KERN_DEBUG pr_fmt(fmt), ##__VA_ARGS__)
#else
#define pr_devel(fmt, ...) no_printk(KERN_DEBUG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_debug(fmt, ...) no_printk(KERN_DEBUG pr_fmt(fmt), ##__VA_ARGS__)
#endif

#define pr_emerg_once(fmt, ...) printk_once(KERN_EMERG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_alert_once(fmt, ...) printk_once(KERN_ALERT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_crit_once(fmt, ...) printk_once(KERN_CRIT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_err_once(fmt, ...) printk_once(KERN_ERR pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warn_once(fmt, ...) printk_once(KERN_WARNING pr_fmt(fmt), ##__VA_ARGS__)
#define pr_notice_once(fmt, ...) printk_once(KERN_NOTICE pr_fmt(fmt), ##__VA_ARGS__)
#define pr_info_once(fmt, ...) printk_once(KERN_INFO pr_fmt(fmt), ##__VA_ARGS__)
#define pr_debug_once(fmt, ...) pr_debug(fmt, ##__VA_ARGS__)
#define pr_emerg_ratelimited pr_emerg
#define pr_alert_ratelimited pr_alert
#define pr_crit_ratelimited pr_crit
#define pr_err_ratelimited pr_err
#define pr_warn_ratelimited pr_warn
#define pr_notice_ratelimited pr_notice
#define pr_info_ratelimited pr_info
#define pr_debug_ratelimited pr_debug

/*
 * The printk format index (CONFIG_PRINTK_INDEX, a debugfs list of a kernel's formats):
 * off, as in a kernel without it.
 */
#define printk_index_subsys_emit(subsys_fmt_prefix, level, fmt, ...) do { } while (0)

/* No stack to dump in userspace beyond what a crash report shows. */
static inline void dump_stack(void) { }
static inline void dump_stack_lvl(const char *log_lvl) { (void)log_lvl; }

enum {
	DUMP_PREFIX_NONE,
	DUMP_PREFIX_ADDRESS,
	DUMP_PREFIX_OFFSET,
};

/* lib/hexdump.c's (kunit-c's glue has its own, replaced when hexdump.c is linked). */
int hex_dump_to_buffer(const void *buf, size_t len, int rowsize, int groupsize,
		       char *linebuf, size_t linebuflen, bool ascii);
void print_hex_dump(const char *level, const char *prefix_str, int prefix_type,
		    int rowsize, int groupsize, const void *buf, size_t len,
		    bool ascii);
#define print_hex_dump_bytes(prefix_str, prefix_type, buf, len) \
	print_hex_dump(KERN_DEBUG, prefix_str, prefix_type, 16, 1, buf, len, true)
#define print_hex_dump_debug(prefix_str, prefix_type, rowsize, groupsize, buf, len, ascii) \
	do { if (0) print_hex_dump(KERN_DEBUG, prefix_str, prefix_type, rowsize, groupsize, buf, len, ascii); } while (0)

#endif /* _LINUX_PRINTK_H */
