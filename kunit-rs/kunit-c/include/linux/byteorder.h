/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: CPU ↔ little/big-endian conversions (the host is little-endian or big-endian). */
#ifndef _LINUX_BYTEORDER_H
#define _LINUX_BYTEORDER_H

#include <linux/types.h>

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define __KUNIT_C_LE(bits, x) ((u##bits)(x))
#define __KUNIT_C_BE(bits, x) ((u##bits)__builtin_bswap##bits((u##bits)(x)))
#else
#define __KUNIT_C_LE(bits, x) ((u##bits)__builtin_bswap##bits((u##bits)(x)))
#define __KUNIT_C_BE(bits, x) ((u##bits)(x))
#endif

#define le16_to_cpu(x) __KUNIT_C_LE(16, x)
#define le32_to_cpu(x) __KUNIT_C_LE(32, x)
#define le64_to_cpu(x) __KUNIT_C_LE(64, x)
#define cpu_to_le16(x) __KUNIT_C_LE(16, x)
#define cpu_to_le32(x) __KUNIT_C_LE(32, x)
#define cpu_to_le64(x) __KUNIT_C_LE(64, x)
#define be16_to_cpu(x) __KUNIT_C_BE(16, x)
#define be32_to_cpu(x) __KUNIT_C_BE(32, x)
#define be64_to_cpu(x) __KUNIT_C_BE(64, x)
#define cpu_to_be16(x) __KUNIT_C_BE(16, x)
#define cpu_to_be32(x) __KUNIT_C_BE(32, x)
#define cpu_to_be64(x) __KUNIT_C_BE(64, x)
#define htonl(x) cpu_to_be32(x)
#define htons(x) cpu_to_be16(x)
#define ntohl(x) be32_to_cpu(x)
#define ntohs(x) be16_to_cpu(x)

#include <linux/byteorder/generic.h>

#endif /* _LINUX_BYTEORDER_H */
