/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* The code under test of tests/c-suite_kunit.c: size strings ("4K"). */
#ifndef C_SUITE_SIZE_H
#define C_SUITE_SIZE_H

unsigned long long size_multiplier(char suffix);
int parse_size(const char *s, unsigned long long *out);
char size_suffix(unsigned long long v);

#endif /* C_SUITE_SIZE_H */
