/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: CRC-16, defined by the kernel's lib/crc/crc16.c */
#ifndef _KUNIT_C_LINUX_CRC16_H
#define _KUNIT_C_LINUX_CRC16_H

#if __has_include_next(<linux/crc16.h>)
/* A tree that has the header (linux-6.12) keeps its own: its declarations are its code's. */
#include_next <linux/crc16.h>
#else
#include <linux/types.h>

/* CRC-16 (polynomial 0x8005, bit-reflected) of @len bytes from @crc. */
u16 crc16(u16 crc, const u8 *p, size_t len);
#endif

#endif /* _KUNIT_C_LINUX_CRC16_H */
