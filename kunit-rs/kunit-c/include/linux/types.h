/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the kernel's integer and annotated types, defined here (freestanding: no libc
 * header). As in the kernel, u64 is unsigned long long on every architecture (so %llu
 * prints it) and uint64_t is u64.
 */
#ifndef _LINUX_TYPES_H
#define _LINUX_TYPES_H

#include <stdbool.h>
#include <linux/stddef.h>
#include <linux/compiler.h>
#include <linux/posix_types.h>

typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;
typedef signed char s8;
typedef signed short s16;
typedef signed int s32;
typedef signed long long s64;

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

typedef u8 uint8_t;
typedef u16 uint16_t;
typedef u32 uint32_t;
typedef u64 uint64_t;
typedef s8 int8_t;
typedef s16 int16_t;
typedef s32 int32_t;
typedef s64 int64_t;
typedef u8 u_int8_t;
typedef u16 u_int16_t;
typedef u32 u_int32_t;
typedef u64 u_int64_t;

typedef unsigned char u_char;
typedef unsigned short u_short;
typedef unsigned int u_int;
typedef unsigned long u_long;
typedef unsigned char unchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;

/* The kernel's __kernel_ulong_t-based types: long-sized on every Linux ABI but x32. */
typedef unsigned long uintptr_t;
typedef long intptr_t;
typedef __PTRDIFF_TYPE__ ssize_t;
/* The uapi names (<asm-generic/posix_types.h>) that the tree's uapi headers use. */
typedef __SIZE_TYPE__ __kernel_size_t;
typedef __PTRDIFF_TYPE__ __kernel_ssize_t;
typedef long __kernel_long_t;
typedef unsigned long __kernel_ulong_t;
typedef long off_t;
typedef long long loff_t;
typedef int pid_t;
typedef unsigned int uid_t;
typedef unsigned int gid_t;
typedef unsigned short umode_t;
typedef long time_t;
typedef long long time64_t;
typedef unsigned int __poll_t;

typedef u16 __le16;
typedef u16 __be16;
typedef u32 __le32;
typedef u32 __be32;
typedef u64 __le64;
typedef u64 __be64;
typedef u16 __sum16;
typedef u32 __wsum;

typedef unsigned int gfp_t;
typedef unsigned int slab_flags_t;
typedef unsigned int fmode_t;
typedef u64 phys_addr_t;
typedef phys_addr_t resource_size_t;
typedef u64 dma_addr_t;
typedef unsigned long irq_hw_number_t;
typedef u64 sector_t;
/* The POSIX types the kernel's <linux/types.h> derives from the user ABI's. */
typedef __kernel_clockid_t clockid_t;
typedef __kernel_timer_t timer_t;
typedef __kernel_suseconds_t suseconds_t;
typedef __kernel_daddr_t daddr_t;
typedef __kernel_key_t key_t;
typedef __kernel_mqd_t mqd_t;
typedef __kernel_clock_t clock_t;
typedef __kernel_ulong_t ino_t;
typedef unsigned int mode_t;
typedef u32 __kernel_dev_t;
typedef __kernel_dev_t dev_t;
typedef u32 nlink_t;
typedef unsigned long pgoff_t;
typedef u64 blkcnt_t;

/* Aligned 64-bit types, as the uapi has them. */
typedef u64 __attribute__((aligned(8))) __aligned_u64;
typedef __be64 __attribute__((aligned(8))) __aligned_be64;
typedef __le64 __attribute__((aligned(8))) __aligned_le64;

typedef struct {
	int counter;
} atomic_t;

typedef struct {
	s64 counter;
} atomic64_t;

/* The kernel declares these three in <linux/types.h>; <linux/list.h> shares the guard. */
#ifndef _KUNIT_C_LIST_HEAD_TYPES
#define _KUNIT_C_LIST_HEAD_TYPES
struct list_head {
	struct list_head *next, *prev;
};

struct hlist_head {
	struct hlist_node *first;
};

struct hlist_node {
	struct hlist_node *next, **pprev;
};
#endif

/* A callback head (RCU, task work): declared for structures that embed one. */
struct callback_head {
	struct callback_head *next;
	void (*func)(struct callback_head *head);
} __attribute__((aligned(sizeof(void *))));
#define rcu_head callback_head

/* The number of bits in a long, as the kernel's BITS_PER_LONG. */
#ifndef BITS_PER_LONG
#define BITS_PER_LONG (__SIZEOF_LONG__ * 8)
#endif
#ifndef BITS_PER_LONG_LONG
#define BITS_PER_LONG_LONG 64
#endif

/* A single waiter to wake (the tree's <linux/rcuwait.h> operates on it). */
struct task_struct;
struct rcuwait {
	struct task_struct __rcu *task;
};

#endif /* _LINUX_TYPES_H */
