/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: the T10 DIF CRC, defined by the kernel's lib/crc/crc-t10dif-main.c */
#ifndef _KUNIT_C_LINUX_CRC_T10DIF_H
#define _KUNIT_C_LINUX_CRC_T10DIF_H

#if __has_include_next(<linux/crc-t10dif.h>)
/* A tree that has the header (linux-6.12) keeps its own: its declarations are its code's. */
#include_next <linux/crc-t10dif.h>
#else
#include <linux/types.h>

#define CRC_T10DIF_DIGEST_SIZE 2
#define CRC_T10DIF_BLOCK_SIZE 1

/* The T10 DIF CRC-16 (polynomial 0x8bb7, not reflected) of @len bytes from @crc. */
u16 crc_t10dif_update(u16 crc, const u8 *p, size_t len);

static inline u16 crc_t10dif(const u8 *p, size_t len)
{
	return crc_t10dif_update(0, p, len);
}
#endif

#endif /* _KUNIT_C_LINUX_CRC_T10DIF_H */
