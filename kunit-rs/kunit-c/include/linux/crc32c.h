/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: CRC-32C, declared with CRC-32 (lib/crc/crc32-main.c) */
#ifndef _KUNIT_C_LINUX_CRC32C_H
#define _KUNIT_C_LINUX_CRC32C_H

#if __has_include_next(<linux/crc32c.h>)
/* A tree that has the header (linux-6.12) keeps its own: its declarations are its code's. */
#include_next <linux/crc32c.h>
#else
#include <linux/types.h>

#include <linux/crc32.h>
#endif

#endif /* _KUNIT_C_LINUX_CRC32C_H */
