/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: CRC-7, defined by the kernel's lib/crc/crc7.c */
#ifndef _KUNIT_C_LINUX_CRC7_H
#define _KUNIT_C_LINUX_CRC7_H

#if __has_include_next(<linux/crc7.h>)
/* A tree that has the header (linux-6.12) keeps its own: its declarations are its code's. */
#include_next <linux/crc7.h>
#else
#include <linux/types.h>

/* CRC-7 (MMC/SD) of @len bytes from @crc, the 7 bits held in the byte's high bits. */
u8 crc7_be(u8 crc, const u8 *buffer, size_t len);
#endif

#endif /* _KUNIT_C_LINUX_CRC7_H */
