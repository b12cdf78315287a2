/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: CRC-64, defined by the kernel's lib/crc/crc64-main.c */
#ifndef _KUNIT_C_LINUX_CRC64_H
#define _KUNIT_C_LINUX_CRC64_H

#if __has_include_next(<linux/crc64.h>)
/* A tree that has the header (linux-6.12) keeps its own: its declarations are its code's. */
#include_next <linux/crc64.h>
#else
#include <linux/types.h>

/* CRC-64 (ECMA-182 polynomial, not reflected) of @len bytes from @crc. */
u64 crc64_be(u64 crc, const void *p, size_t len);
/* CRC-64/NVME (bit-reflected); the caller inverts, as for crc32_le(). */
u64 crc64_nvme(u64 crc, const void *p, size_t len);
#endif

#endif /* _KUNIT_C_LINUX_CRC64_H */
