/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the kernel's <linux/string.h>. lib/string.c's and lib/string_helpers.c's
 * functions are declared here; the functions that carry a libc name are labelled
 * (__kunit_c_kernel(), see <linux/compiler_types.h>), so linking the kernel's own
 * lib/string.c tests its code while the process keeps libc's. kunit-c's glue provides every
 * one of them weakly; the static inline helpers below are the header's own, as in the kernel.
 */
#ifndef _LINUX_STRING_H_
#define _LINUX_STRING_H_

#include <linux/args.h>
#include <linux/array_size.h>
#include <linux/compiler.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/stddef.h>
#include <linux/stdarg.h>
#include <linux/types.h>

/*
 * As x86-64's <asm/string.h>: UML on x86-64, where kunit.py runs these tests, links the
 * arch's memcpy, memmove and memset (arch/x86/lib/mem*_64.S), so lib/string.c's generic
 * byte loops are not built; here the C library's stand in for the arch's (kunit-c's glue).
 */
#define __HAVE_ARCH_MEMCPY 1
#define __HAVE_ARCH_MEMMOVE
#define __HAVE_ARCH_MEMSET

#define __kc(name) __kunit_c_kernel(name)
/*
 * A definition of memset/memcpy/memmove/strlen (lib/string.c's) must not have its own loop turned
 * into a call to itself by the optimizer: the kernel builds string.o with -ffreestanding for
 * that; this attribute on the declaration does the same for those four functions only.
 */
#define __kc_no_self_call __attribute__((__optimize__("no-tree-loop-distribute-patterns")))

char *strcpy(char *dest, const char *src) __kc(strcpy);
char *strncpy(char *dest, const char *src, size_t count) __kc(strncpy);
ssize_t sized_strscpy(char *dest, const char *src, size_t count);
char *stpcpy(char *__restrict__ dest, const char *__restrict__ src) __kc(stpcpy);
char *strcat(char *dest, const char *src) __kc(strcat);
char *strncat(char *dest, const char *src, size_t count) __kc(strncat);
size_t strlcat(char *dest, const char *src, size_t count) __kc(strlcat);
size_t strlcpy(char *dest, const char *src, size_t size) __kc(strlcpy);
int strcmp(const char *cs, const char *ct) __kc(strcmp);
int strncmp(const char *cs, const char *ct, size_t count) __kc(strncmp);
int strcasecmp(const char *s1, const char *s2) __kc(strcasecmp);
int strncasecmp(const char *s1, const char *s2, size_t len) __kc(strncasecmp);
char *strchr(const char *s, int c) __kc(strchr);
char *strchrnul(const char *s, int c) __kc(strchrnul);
char *strnchrnul(const char *s, size_t count, int c);
char *strnchr(const char *s, size_t count, int c);
char *strrchr(const char *s, int c) __kc(strrchr);
size_t strlen(const char *s) __kc(strlen) __kc_no_self_call;
size_t strnlen(const char *s, size_t count) __kc(strnlen);
size_t strspn(const char *s, const char *accept) __kc(strspn);
size_t strcspn(const char *s, const char *reject) __kc(strcspn);
char *strpbrk(const char *cs, const char *ct) __kc(strpbrk);
char *strsep(char **s, const char *ct) __kc(strsep);
char *strstr(const char *s1, const char *s2) __kc(strstr);
char *strnstr(const char *s1, const char *s2, size_t len);
void *memset(void *s, int c, size_t count) __kc(memset) __kc_no_self_call;
void *memset16(uint16_t *s, uint16_t v, size_t count);
void *memset32(uint32_t *s, uint32_t v, size_t count);
void *memset64(uint64_t *s, uint64_t v, size_t count);
void *memcpy(void *dest, const void *src, size_t count) __kc(memcpy) __kc_no_self_call;
void *memmove(void *dest, const void *src, size_t count) __kc(memmove) __kc_no_self_call;
int memcmp(const void *cs, const void *ct, size_t count) __kc(memcmp);
int bcmp(const void *a, const void *b, size_t len) __kc(bcmp);
void *memscan(void *addr, int c, size_t size);
void *memchr(const void *s, int c, size_t n) __kc(memchr);
/* The first byte of start[0..bytes) that is not c, or NULL. */
void *memchr_inv(const void *start, int c, size_t bytes);
/* True when all n bytes at s are zero. */
static inline bool mem_is_zero(const void *s, size_t n)
{
	return !memchr_inv(s, 0, n);
}

/* lib/string_helpers.c */
char *skip_spaces(const char *str) __must_check;
char *strim(char *s);
bool sysfs_streq(const char *s1, const char *s2);
int match_string(const char *const *array, size_t n, const char *string);
int __sysfs_match_string(const char *const *array, size_t n, const char *s);
#define sysfs_match_string(_a, _s) __sysfs_match_string(_a, ARRAY_SIZE(_a), _s)
char *strreplace(char *str, char old, char new_);
void memcpy_and_pad(void *dest, size_t dest_len, const void *src, size_t count, int pad);

/* mm/util.c (in slab.h too) */
char *kstrdup(const char *s, gfp_t gfp);
const char *kstrdup_const(const char *s, gfp_t gfp);
char *kstrndup(const char *s, size_t len, gfp_t gfp);
void *kmemdup_nul(const char *s, size_t len, gfp_t gfp);
void kfree_const(const void *x);
extern void *kmemdup_noprof(const void *src, size_t len, gfp_t gfp);
#ifndef kmemdup
#define kmemdup(...) kmemdup_noprof(__VA_ARGS__)
#endif

/* mm/util.c: copies of user memory (ordinary memory here); ERR_PTR(-ENOMEM) on failure. */
void *memdup_user(const void __user *src, size_t len);
void *memdup_user_nul(const void __user *src, size_t len);
void *vmemdup_user(const void __user *src, size_t len);

#undef __kc
#undef __kc_no_self_call

/* CONFIG_FORTIFY_SOURCE: the checked forms replace the functions above in this file. */
#if defined(CONFIG_FORTIFY_SOURCE) && !defined(__NO_FORTIFY)
#include <linux/fortify-string.h>
#endif

/* Removes the whitespace at both ends of @str (in place); the new start. */
static inline __must_check char *strstrip(char *str)
{
	return strim(str);
}

/*
 * strscpy(dst, src[, size]): copies src into dst, NUL-terminated and truncated to the size
 * (default: sizeof(dst), dst an array); the length copied, or -E2BIG when truncated.
 */
#define __strscpy0(dst, src, ...) sized_strscpy(dst, src, sizeof(dst) + __must_be_array(dst))
#define __strscpy1(dst, src, size) sized_strscpy(dst, src, size)
#define __strscpy_pad0(dst, src, ...) \
	sized_strscpy_pad(dst, src, sizeof(dst) + __must_be_array(dst))
#define __strscpy_pad1(dst, src, size) sized_strscpy_pad(dst, src, size)
#define strscpy(dst, src, ...) \
	CONCATENATE(__strscpy, COUNT_ARGS(__VA_ARGS__))(dst, src, __VA_ARGS__)
/* As strscpy(), and the rest of dst is zeroed. */
#define strscpy_pad(dst, src, ...) \
	CONCATENATE(__strscpy_pad, COUNT_ARGS(__VA_ARGS__))(dst, src, __VA_ARGS__)

static inline ssize_t sized_strscpy_pad(char *dest, const char *src, size_t count)
{
	ssize_t written = sized_strscpy(dest, src, count);

	if (written < 0 || (size_t)written + 1 >= count)
		return written;
	__builtin_memset(dest + written + 1, 0, count - (size_t)written - 1);
	return written;
}

/* Clears @s in a way the compiler cannot drop (for secrets). */
static inline void memzero_explicit(void *s, size_t count)
{
	__builtin_memset(s, 0, count);
	barrier_data(s);
}

/* Whether @str starts with @prefix: the prefix's length, or 0. */
static __always_inline size_t str_has_prefix(const char *str, const char *prefix)
{
	size_t len = strlen(prefix);

	return strncmp(str, prefix, len) == 0 ? len : 0;
}

/* Whether @str ends with @suffix. */
static inline bool strends(const char *str, const char *suffix)
{
	size_t str_len = strlen(str);
	size_t suffix_len = strlen(suffix);

	return str_len >= suffix_len && !strcmp(str + str_len - suffix_len, suffix);
}

/* The base name of a path: what follows its last '/'. */
static inline const char *kbasename(const char *path)
{
	const char *tail = strrchr(path, '/');

	return tail ? tail + 1 : path;
}

/*
 * strtomem(dest, src): copies src (up to its NUL or dest's size) into the character array
 * dest, not NUL-terminated; strtomem_pad() fills the rest of dest with pad.
 */
#define strtomem_pad(dest, src, pad) do {					\
	const size_t _dest_len = __builtin_object_size(dest, 1);		\
	const size_t _src_len = __builtin_object_size(src, 1);		\
	BUILD_BUG_ON(!__builtin_constant_p(_dest_len) ||			\
		     _dest_len == (size_t)-1);					\
	memcpy_and_pad(dest, _dest_len, src,					\
		       strnlen(src, _src_len < _dest_len ? _src_len : _dest_len), pad); \
} while (0)
#define strtomem(dest, src) do {						\
	const size_t _dest_len = __builtin_object_size(dest, 1);		\
	const size_t _src_len = __builtin_object_size(src, 1);		\
	BUILD_BUG_ON(!__builtin_constant_p(_dest_len) ||			\
		     _dest_len == (size_t)-1);					\
	memcpy(dest, src, strnlen(src, _src_len < _dest_len ? _src_len : _dest_len)); \
} while (0)

/*
 * memtostr(dest, src): copies the characters of the (maybe not NUL-terminated) array src into
 * the array dest as a NUL-terminated string, truncated to fit; memtostr_pad() zeroes the rest.
 */
#define memtostr(dest, src) do {						\
	const size_t _dest_len = __must_be_byte_array(dest) + ARRAY_SIZE(dest); \
	const size_t _src_len = __builtin_object_size(src, 1);		\
	const size_t _src_chars = strnlen(src, _src_len);			\
	const size_t _copy_len = _dest_len - 1 < _src_chars ? _dest_len - 1 : _src_chars; \
	BUILD_BUG_ON(!__builtin_constant_p(_dest_len) ||			\
		     !__builtin_constant_p(_src_len) ||				\
		     _dest_len == 0 || _src_len == 0);				\
	memcpy(dest, src, _copy_len);						\
	dest[_copy_len] = '\0';							\
} while (0)
#define memtostr_pad(dest, src) do {						\
	const size_t _dest_len = __must_be_byte_array(dest) + ARRAY_SIZE(dest); \
	const size_t _src_len = __builtin_object_size(src, 1);		\
	const size_t _src_chars = strnlen(src, _src_len);			\
	const size_t _copy_len = _dest_len - 1 < _src_chars ? _dest_len - 1 : _src_chars; \
	BUILD_BUG_ON(!__builtin_constant_p(_dest_len) ||			\
		     !__builtin_constant_p(_src_len) ||				\
		     _dest_len == 0 || _src_len == 0);				\
	memcpy_and_pad(dest, _dest_len, src, _copy_len, 0);			\
} while (0)

/* Copies src into dest and zeroes the rest of dest. */
#define memcpy_and_pad_sized(dest, src) memcpy_and_pad(dest, sizeof(dest), src, sizeof(src), 0)

/* Sets the bytes of *@obj after @member (its padding included) to @v. */
#define memset_after(obj, v, member)						\
({										\
	u8 *__ptr = (u8 *)(obj);						\
	typeof(v) __val = (v);							\
	memset(__ptr + offsetofend(typeof(*(obj)), member), __val,		\
	       sizeof(*(obj)) - offsetofend(typeof(*(obj)), member));		\
})

/* Sets the bytes of *@obj from @member (included) to its end to @v. */
#define memset_startat(obj, v, member)						\
({										\
	u8 *__ptr = (u8 *)(obj);						\
	typeof(v) __val = (v);							\
	memset(__ptr + offsetof(typeof(*(obj)), member), __val,		\
	       sizeof(*(obj)) - offsetof(typeof(*(obj)), member));		\
})

/* "yes"/"no" and friends for a bool: <linux/string_choices.h>. */
#include <linux/string_choices.h>

#endif /* _LINUX_STRING_H_ */
