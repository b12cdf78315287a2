/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: lib/uuid.c's interface (weak: the kernel's file replaces it when linked).
 * A UUID string is "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"; guid_t keeps the first three
 * fields little-endian, uuid_t big-endian.
 */
#include <string.h>

#include "glue.h"

#define EINVAL 22

typedef struct {
	unsigned char b[16];
} kc_uuid;

KC_WEAK const kc_uuid guid_null;
KC_WEAK const kc_uuid uuid_null;
KC_WEAK const unsigned char guid_index[16] = { 3, 2, 1, 0, 5, 4, 7, 6, 8, 9, 10, 11, 12, 13, 14, 15 };
KC_WEAK const unsigned char uuid_index[16] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };

int hex_to_bin(unsigned char ch);
void get_random_bytes(void *buf, size_t len);

KC_WEAK void generate_random_uuid(unsigned char uuid[16])
{
	get_random_bytes(uuid, 16);
	uuid[6] = (uuid[6] & 0x0f) | 0x40; /* version 4 */
	uuid[8] = (uuid[8] & 0x3f) | 0x80; /* variant 10 */
}

KC_WEAK void generate_random_guid(unsigned char guid[16])
{
	get_random_bytes(guid, 16);
	guid[7] = (guid[7] & 0x0f) | 0x40;
	guid[8] = (guid[8] & 0x3f) | 0x80;
}

KC_WEAK void guid_gen(kc_uuid *u) { generate_random_guid(u->b); }
KC_WEAK void uuid_gen(kc_uuid *u) { generate_random_uuid(u->b); }

KC_WEAK bool uuid_is_valid(const char *uuid)
{
	for (int i = 0; i < 36; i++) {
		if (i == 8 || i == 13 || i == 18 || i == 23) {
			if (uuid[i] != '-')
				return false;
		} else if (hex_to_bin((unsigned char)uuid[i]) < 0) {
			return false;
		}
	}
	return true;
}

static int parse(const char *uuid, unsigned char b[16], const unsigned char index[16])
{
	/* Where each byte's two digits start in the string. */
	static const unsigned char at[16] = { 0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34 };

	if (!uuid_is_valid(uuid))
		return -EINVAL;
	for (int i = 0; i < 16; i++) {
		int hi = hex_to_bin((unsigned char)uuid[at[i]]);
		int lo = hex_to_bin((unsigned char)uuid[at[i] + 1]);

		b[index[i]] = (unsigned char)(hi << 4 | lo);
	}
	return 0;
}

KC_WEAK int guid_parse(const char *uuid, kc_uuid *u) { return parse(uuid, u->b, guid_index); }
KC_WEAK int uuid_parse(const char *uuid, kc_uuid *u) { return parse(uuid, u->b, uuid_index); }
