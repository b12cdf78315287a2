/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the host's byte order, named as the kernel's <asm/byteorder.h> names it: exactly
 * one of __LITTLE_ENDIAN and __BIG_ENDIAN (and its _BITFIELD twin), then the conversions of
 * <linux/byteorder.h>.
 */
#ifndef _ASM_BYTEORDER_H
#define _ASM_BYTEORDER_H

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#ifndef __LITTLE_ENDIAN
#define __LITTLE_ENDIAN 1234
#endif
#ifndef __LITTLE_ENDIAN_BITFIELD
#define __LITTLE_ENDIAN_BITFIELD
#endif
#else
#ifndef __BIG_ENDIAN
#define __BIG_ENDIAN 4321
#endif
#ifndef __BIG_ENDIAN_BITFIELD
#define __BIG_ENDIAN_BITFIELD
#endif
#endif

#include <linux/byteorder.h>

#endif /* _ASM_BYTEORDER_H */
