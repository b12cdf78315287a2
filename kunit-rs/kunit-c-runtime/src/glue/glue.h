/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: what the freestanding kernel headers under include/ declare and libc must
 * provide (allocation, output, time, ...). Compiled with the host's libc headers, never
 * with kunit-c's: each definition repeats the ABI of its declaration there (u64 is unsigned
 * long long, gfp_t unsigned int, ...). A definition a kernel file may supply instead (the
 * string functions, kstrto*(), _ctype, ...) is weak, so linking that file replaces it.
 */
#ifndef KUNIT_C_GLUE_H
#define KUNIT_C_GLUE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#define KC_WEAK __attribute__((weak))
/* The symbol of a kernel function that shares its name with libc's (see compiler_types.h). */
#define KC_KERNEL(name) __kunit_c_kernel_##name

typedef unsigned int kc_gfp_t;
#define KC_GFP_ZERO 0x100u
#define KC_GFP_DIRECT_RECLAIM 0x400u /* gfpflags_allow_blocking() */

#define KC_MAX_ERRNO 4095
#define KC_IS_ERR_VALUE(x) ((unsigned long)(x) >= (unsigned long)-KC_MAX_ERRNO)
#define KC_PAGE_SIZE 4096UL

const char *kunit_c_errname(int err);
bool kunit_c_symbol(const void *p, const char **name, unsigned long *offset, unsigned long *size);
/* The address of the function or object called name (the first object defining it), or 0. */
unsigned long kunit_c_symbol_address(const char *name);
int KC_KERNEL(vsnprintf)(char *buf, size_t size, const char *fmt, va_list args);
int vscnprintf(char *buf, size_t size, const char *fmt, va_list args);
void *__kmalloc_noprof(size_t size, kc_gfp_t flags);
void kfree(const void *p);
/* The sanitizers' annotations when their runtime is present (sanitizers.c), else nothing. */
bool kunit_c_asan_present(void);
void kc_asan_poison(const void *p, size_t size);
void kc_asan_unpoison(const void *p, size_t size);
void kc_tsan_acquire(void *sync);
void kc_tsan_release(void *sync);
/* The table of vmalloc() and vmap() areas (vmarea.c). */
int __kunit_c_vm_area_add(const void *start, size_t len, unsigned long *pfns);
void __kunit_c_vm_area_remove(const void *start);
long __kunit_c_vm_area_pfn(const void *addr);

#endif
