/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: rational approximation, defined by the kernel's lib/math/rational.c. */
#ifndef _LINUX_RATIONAL_H
#define _LINUX_RATIONAL_H

/* The closest fraction to given_numerator/given_denominator within the maxima. */
void rational_best_approximation(unsigned long given_numerator,
				 unsigned long given_denominator,
				 unsigned long max_numerator, unsigned long max_denominator,
				 unsigned long *best_numerator, unsigned long *best_denominator);

#endif /* _LINUX_RATIONAL_H */
