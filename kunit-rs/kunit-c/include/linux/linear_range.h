/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: linear ranges (value = min + (selector - min_sel) * step), defined by the
 * kernel's lib/linear_ranges.c.
 */
#ifndef LINEAR_RANGE_H
#define LINEAR_RANGE_H

#include <linux/types.h>

struct linear_range {
	unsigned int min;     /* the value at min_sel */
	unsigned int min_sel; /* the first selector */
	unsigned int max_sel; /* the last selector */
	unsigned int step;    /* the value change per selector */
};

#define LINEAR_RANGE(_min, _min_sel, _max_sel, _step)				\
	{									\
		.min = _min,							\
		.min_sel = _min_sel,						\
		.max_sel = _max_sel,						\
		.step = _step,							\
	}

#define LINEAR_RANGE_IDX(_idx, _min, _min_sel, _max_sel, _step)		\
	[_idx] = LINEAR_RANGE(_min, _min_sel, _max_sel, _step)

unsigned int linear_range_values_in_range(const struct linear_range *r);
unsigned int linear_range_values_in_range_array(const struct linear_range *r, int ranges);
unsigned int linear_range_get_max_value(const struct linear_range *r);
int linear_range_get_value(const struct linear_range *r, unsigned int selector,
			   unsigned int *val);
int linear_range_get_value_array(const struct linear_range *r, int ranges,
				 unsigned int selector, unsigned int *val);
int linear_range_get_selector_low(const struct linear_range *r, unsigned int val,
				  unsigned int *selector, bool *found);
int linear_range_get_selector_high(const struct linear_range *r, unsigned int val,
				   unsigned int *selector, bool *found);
void linear_range_get_selector_within(const struct linear_range *r, unsigned int val,
				      unsigned int *selector);
int linear_range_get_selector_low_array(const struct linear_range *r, int ranges,
					unsigned int val, unsigned int *selector, bool *found);

#endif /* LINEAR_RANGE_H */
