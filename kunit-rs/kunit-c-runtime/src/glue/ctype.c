/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: the character class table behind <linux/ctype.h>, built from the classes'
 * definitions (weak: lib/ctype.c's table replaces it when linked). Latin-1 letters, spaces
 * and punctuation above 127 are classified as the kernel classifies them.
 */
#include "glue.h"

#define U 0x01
#define L 0x02
#define D 0x04
#define C 0x08
#define P 0x10
#define S 0x20
#define X 0x40
#define SP 0x80

static unsigned char classify(int c)
{
	if (c < 32 || c == 127)
		return C | ((c >= 9 && c <= 13) ? S : 0);
	if (c == ' ')
		return S | SP;
	if (c >= '0' && c <= '9')
		return D;
	if (c >= 'A' && c <= 'Z')
		return U | (c <= 'F' ? X : 0);
	if (c >= 'a' && c <= 'z')
		return L | (c <= 'f' ? X : 0);
	if (c < 127)
		return P;
	if (c < 160)
		return 0;
	if (c == 160)
		return S | SP;
	if (c < 192)
		return P;
	if (c == 215 || c == 247)
		return P;
	if (c < 223)
		return U;
	return L; /* 223 (sharp s) to 255 */
}

/* Filled before main() from classify() (a constant initializer cannot call it). */
KC_WEAK unsigned char _ctype[256];

__attribute__((constructor(101))) static void fill_ctype(void)
{
	/* lib/ctype.c linked: its table is the one _ctype names; leave it alone. */
	static const unsigned char probe_D = D;

	if (_ctype['0'] == probe_D)
		return;
	for (int c = 0; c < 256; c++)
		_ctype[c] = classify(c);
}
