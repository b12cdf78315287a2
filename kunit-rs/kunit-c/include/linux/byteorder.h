/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: CPU ↔ little/big-endian conversions (the host is little-endian or big-endian). */
#ifndef _LINUX_BYTEORDER_H
#define _LINUX_BYTEORDER_H

#include <linux/types.h>
/* As in the kernel, where this comes through <asm/byteorder.h>: __LITTLE_ENDIAN & co. */
#include <asm/byteorder.h>
/* swab32() and kin, as the kernel's byte-order headers bring them. */
#include <linux/swab.h>

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

/* Through a pointer, and in place (the kernel's byteorder/generic.h forms). */
#define __KUNIT_C_P(name, bits) \
	static inline u##bits name##p(const u##bits *p) { return name(*p); } \
	static inline void name##s(u##bits *p) { *p = name(*p); }
__KUNIT_C_P(le16_to_cpu, 16)
__KUNIT_C_P(le32_to_cpu, 32)
__KUNIT_C_P(le64_to_cpu, 64)
__KUNIT_C_P(cpu_to_le16, 16)
__KUNIT_C_P(cpu_to_le32, 32)
__KUNIT_C_P(cpu_to_le64, 64)
__KUNIT_C_P(be16_to_cpu, 16)
__KUNIT_C_P(be32_to_cpu, 32)
__KUNIT_C_P(be64_to_cpu, 64)
__KUNIT_C_P(cpu_to_be16, 16)
__KUNIT_C_P(cpu_to_be32, 32)
__KUNIT_C_P(cpu_to_be64, 64)
#undef __KUNIT_C_P

/* The user ABI's names (<uapi/linux/byteorder/little_endian.h> & co.), which uapi headers use. */
#define __le16_to_cpu(x) le16_to_cpu(x)
#define __le16_to_cpup(p) le16_to_cpup(p)
#define __cpu_to_le16(x) cpu_to_le16(x)
#define __cpu_to_le16p(p) cpu_to_le16p(p)
#define __le32_to_cpu(x) le32_to_cpu(x)
#define __le32_to_cpup(p) le32_to_cpup(p)
#define __cpu_to_le32(x) cpu_to_le32(x)
#define __cpu_to_le32p(p) cpu_to_le32p(p)
#define __le64_to_cpu(x) le64_to_cpu(x)
#define __le64_to_cpup(p) le64_to_cpup(p)
#define __cpu_to_le64(x) cpu_to_le64(x)
#define __cpu_to_le64p(p) cpu_to_le64p(p)
#define __be16_to_cpu(x) be16_to_cpu(x)
#define __be16_to_cpup(p) be16_to_cpup(p)
#define __cpu_to_be16(x) cpu_to_be16(x)
#define __cpu_to_be16p(p) cpu_to_be16p(p)
#define __be32_to_cpu(x) be32_to_cpu(x)
#define __be32_to_cpup(p) be32_to_cpup(p)
#define __cpu_to_be32(x) cpu_to_be32(x)
#define __cpu_to_be32p(p) cpu_to_be32p(p)
#define __be64_to_cpu(x) be64_to_cpu(x)
#define __be64_to_cpup(p) be64_to_cpup(p)
#define __cpu_to_be64(x) cpu_to_be64(x)
#define __cpu_to_be64p(p) cpu_to_be64p(p)

#include <linux/byteorder/generic.h>

#endif /* _LINUX_BYTEORDER_H */
