/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: the kernel's fixed-width and annotated integer types. */
#ifndef _LINUX_TYPES_H
#define _LINUX_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <linux/compiler.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
/* As in the kernel on every architecture, so %llu prints a u64. */
typedef unsigned long long u64;
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef long long s64;
typedef u8 __u8;
typedef u16 __u16;
typedef u32 __u32;
typedef u64 __u64;
typedef s8 __s8;
typedef s16 __s16;
typedef s32 __s32;
typedef s64 __s64;
/* 128-bit integers where the compiler has them (CONFIG_ARCH_SUPPORTS_INT128 in the kernel). */
#ifdef __SIZEOF_INT128__
typedef __int128 s128;
typedef unsigned __int128 u128;
#endif

typedef u16 __le16;
typedef u16 __be16;
typedef u32 __le32;
typedef u32 __be32;
typedef u64 __le64;
typedef u64 __be64;
typedef u16 __sum16;
typedef u32 __wsum;

typedef unsigned int gfp_t;
typedef uintptr_t phys_addr_t;

#endif /* _LINUX_TYPES_H */
