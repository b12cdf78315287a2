/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: the kernel's str_*() choices: one of two words for a boolean. */
#ifndef _LINUX_STRING_CHOICES_H_
#define _LINUX_STRING_CHOICES_H_

#include <stdbool.h>
#include <stddef.h>

#define __KC_STR_CHOICE(name, yes, no)						\
	static inline const char *name(bool v) { return v ? yes : no; }

__KC_STR_CHOICE(str_assert_deassert, "assert", "deassert")
__KC_STR_CHOICE(str_enable_disable, "enable", "disable")
__KC_STR_CHOICE(str_enabled_disabled, "enabled", "disabled")
__KC_STR_CHOICE(str_hi_lo, "hi", "lo")
__KC_STR_CHOICE(str_high_low, "high", "low")
__KC_STR_CHOICE(str_input_output, "input", "output")
__KC_STR_CHOICE(str_on_off, "on", "off")
__KC_STR_CHOICE(str_read_write, "read", "write")
__KC_STR_CHOICE(str_true_false, "true", "false")
__KC_STR_CHOICE(str_up_down, "up", "down")
__KC_STR_CHOICE(str_yes_no, "yes", "no")
#undef __KC_STR_CHOICE

#define str_deassert_assert(v) str_assert_deassert(!(v))
#define str_disable_enable(v) str_enable_disable(!(v))
#define str_disabled_enabled(v) str_enabled_disabled(!(v))
#define str_lo_hi(v) str_hi_lo(!(v))
#define str_low_high(v) str_high_low(!(v))
#define str_output_input(v) str_input_output(!(v))
#define str_off_on(v) str_on_off(!(v))
#define str_write_read(v) str_read_write(!(v))
#define str_false_true(v) str_true_false(!(v))
#define str_down_up(v) str_up_down(!(v))
#define str_no_yes(v) str_yes_no(!(v))

/* "s" unless @num is 1, for "%zu item%s". */
static inline const char *str_plural(size_t num)
{
	return num == 1 ? "" : "s";
}

#endif /* _LINUX_STRING_CHOICES_H_ */
