/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: CONFIG_FORTIFY_SOURCE for the string and memory functions, with the kernel's
 * rules (Documentation/process/deprecated.rst, the KSPP fortify checks). Each function is
 * inlined into its caller, where the compiler knows the size of the buffers
 * (__builtin_dynamic_object_size: the member for strings, the whole object for memory):
 * - an overflow the compiler can prove at build time is a build error (__write_overflow(),
 *   __read_overflow(), __read_overflow2()), a write past a struct member a warning;
 * - one found at run time calls fortify_panic(func, write, avail, size, retfail), which
 *   reports "<func>: detected buffer overflow: <size> byte <read|write> of buffer size
 *   <avail>" and BUG()s; a test may define its own fortify_panic (and fortify_warn_once)
 *   before including <linux/string.h> to count the overflows and return @retfail instead,
 *   as lib/fortify_kunit.c does; the copy is then bounded as the kernel bounds it.
 * Included by <linux/string.h> when CONFIG_FORTIFY_SOURCE=y, unless the file defines
 * __NO_FORTIFY (as lib/string.c does, to define the functions themselves).
 */
#ifndef _LINUX_FORTIFY_STRING_H_
#define _LINUX_FORTIFY_STRING_H_

#include <linux/bug.h>
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/limits.h>
#include <linux/types.h>

/* Inlined wherever called; a call that is not inlined reaches the out-of-line function. */
#define __kc_fortify extern __always_inline __gnu_inline

/* The reason code: the function in bits 7..1, 1 for a write in bit 0. */
#define FORTIFY_REASON(func, write) ((u8)(((func) << 1) | !!(write)))
#define FORTIFY_REASON_DIR(r) ((r) & 1)
#define FORTIFY_REASON_FUNC(r) (((r) >> 1) & 0x7f)

#define FORTIFY_READ 0
#define FORTIFY_WRITE 1

/* The checked functions, in the order of their reason codes (lib/string_helpers.c names them). */
#define EACH_FORTIFY_FUNC(macro)						\
	macro(strncpy), macro(strnlen), macro(strlen), macro(strscpy),		\
	macro(strlcat), macro(strcat), macro(strncat), macro(memset),		\
	macro(memcpy), macro(memmove), macro(memscan), macro(memcmp),		\
	macro(memchr), macro(memchr_inv), macro(kmemdup), macro(strcpy),	\
	macro(UNKNOWN),
#define MAKE_FORTIFY_FUNC(func) FORTIFY_FUNC_##func

enum fortify_func {
	EACH_FORTIFY_FUNC(MAKE_FORTIFY_FUNC)
};

/* The glue's: the WARN the kernel prints, and that WARN followed by BUG(). */
void __fortify_report(const u8 reason, const size_t avail, const size_t size);
void __fortify_panic(const u8 reason, const size_t avail, const size_t size) __cold __noreturn;

#ifndef fortify_panic
#define fortify_panic(func, write, avail, size, retfail) \
	__fortify_panic(FORTIFY_REASON(func, write), avail, size)
#endif
#ifndef fortify_warn_once
#define fortify_warn_once(x...) WARN_ONCE(x)
#endif

void __read_overflow(void) __compiletime_error("detected read beyond size of object (1st parameter)");
void __read_overflow2(void) __compiletime_error("detected read beyond size of object (2nd parameter)");
void __read_overflow2_field(size_t avail, size_t wanted) __compiletime_warning("detected read beyond size of field (2nd parameter); maybe use struct_group()?");
void __write_overflow(void) __compiletime_error("detected write beyond size of object (1st parameter)");
void __write_overflow_field(size_t avail, size_t wanted) __compiletime_warning("detected write beyond size of field (1st parameter); maybe use struct_group()?");

/* True only when the compiler can tell that @a < @b. */
#define __compiletime_lessthan(a, b) (__builtin_constant_p((a) < (b)) && (a) < (b))

/*
 * The length of a string the compiler knows entirely (a constant in a buffer of known size
 * whose last byte is the NUL), else SIZE_MAX.
 */
#define __compiletime_strlen(p) ({						\
	const char *__kc_s = (const char *)(p);					\
	const size_t __kc_sz = __member_size(p);				\
	size_t __kc_len = SIZE_MAX;						\
										\
	if (__kc_sz != SIZE_MAX && __builtin_constant_p(*__kc_s) &&		\
	    __builtin_constant_p(__kc_s[__kc_sz - 1]) && __kc_s[__kc_sz - 1] == '\0') \
		__kc_len = __builtin_strlen(__kc_s);				\
	__kc_len;								\
})

/* The out-of-line functions the checked ones end in. */
extern size_t __kc_fortify_real_strnlen(const char *, size_t) __asm__("__kunit_c_kernel_strnlen");
extern ssize_t __kc_fortify_real_strscpy(char *, const char *, size_t) __asm__("sized_strscpy");
extern size_t __kc_fortify_real_strlcat(char *, const char *, size_t) __asm__("__kunit_c_kernel_strlcat");
extern void *__kc_fortify_real_memscan(void *, int, size_t) __asm__("memscan");
extern void *__kc_fortify_real_memchr_inv(const void *, int, size_t) __asm__("memchr_inv");
extern void *__kc_fortify_real_kmemdup(const void *, size_t, gfp_t) __asm__("kmemdup_noprof")
	__alloc_size__(2);

__kc_fortify char *strncpy(char *p, const char *q, size_t size)
{
	const size_t avail = __member_size(p);

	if (__compiletime_lessthan(avail, size))
		__write_overflow();
	if (avail < size)
		fortify_panic(FORTIFY_FUNC_strncpy, FORTIFY_WRITE, avail, size, p);
	return __builtin_strncpy(p, q, size);
}

__kc_fortify size_t strnlen(const char *p, size_t maxlen)
{
	const size_t avail = __member_size(p);
	const size_t known = __compiletime_strlen(p);
	size_t len;

	/* A constant string in a buffer no longer than @maxlen: its length is known. */
	if (__builtin_constant_p(maxlen) && known != SIZE_MAX && maxlen >= avail)
		return known;
	/* Never look past the buffer: no NUL within it is a read overflow. */
	len = __kc_fortify_real_strnlen(p, maxlen < avail ? maxlen : avail);
	if (avail <= len && maxlen != len)
		fortify_panic(FORTIFY_FUNC_strnlen, FORTIFY_READ, avail, len + 1, len);
	return len;
}

__kc_fortify size_t __fortify_strlen(const char *p)
{
	const size_t avail = __member_size(p);
	size_t len;

	if (avail == SIZE_MAX)
		return __builtin_strlen(p);
	len = strnlen(p, avail);
	if (avail <= len)
		fortify_panic(FORTIFY_FUNC_strlen, FORTIFY_READ, avail, len + 1, len);
	return len;
}
/* A constant string's length stays a constant expression. */
#define strlen(p) \
	__builtin_choose_expr(__is_constexpr(__builtin_strlen(p)), __builtin_strlen(p), \
			      __fortify_strlen(p))

__kc_fortify ssize_t sized_strscpy(char *p, const char *q, size_t size)
{
	const size_t avail = __member_size(p);
	const size_t q_avail = __member_size(q);
	size_t len;

	if (avail == SIZE_MAX && q_avail == SIZE_MAX)
		return __kc_fortify_real_strscpy(p, q, size);
	if (__compiletime_lessthan(avail, size))
		__write_overflow();
	/* A constant source that fits: a plain copy. */
	if (__compiletime_lessthan(avail, SIZE_MAX)) {
		len = __compiletime_strlen(q);
		if (len < SIZE_MAX && __compiletime_lessthan(len, size)) {
			__builtin_memcpy(p, q, len + 1);
			return len;
		}
	}
	/* What would be written: the string and its NUL, or @size bytes when it is cut. */
	len = strnlen(q, size);
	len = len == size ? size : len + 1;
	if (avail < len)
		fortify_panic(FORTIFY_FUNC_strscpy, FORTIFY_WRITE, avail, len, -E2BIG);
	return __kc_fortify_real_strscpy(p, q, len);
}

__kc_fortify size_t strlcat(char *p, const char *q, size_t avail)
{
	const size_t p_size = __member_size(p);
	const size_t q_size = __member_size(q);
	size_t p_len, copy_len, actual, wanted;

	if (p_size == SIZE_MAX && q_size == SIZE_MAX)
		return __kc_fortify_real_strlcat(p, q, avail);
	p_len = strnlen(p, avail);
	copy_len = strlen(q);
	wanted = actual = p_len + copy_len;
	/* No room to append at all: report the truncation only. */
	if (avail <= p_len)
		return wanted;
	/* The destination is already unterminated within its buffer. */
	if (p_size <= p_len)
		fortify_panic(FORTIFY_FUNC_strlcat, FORTIFY_READ, p_size, p_len + 1, wanted);
	if (actual >= avail) {
		copy_len = avail - p_len - 1;
		actual = p_len + copy_len;
	}
	if (p_size <= actual)
		fortify_panic(FORTIFY_FUNC_strlcat, FORTIFY_WRITE, p_size, actual + 1, wanted);
	__builtin_memcpy(p + p_len, q, copy_len);
	p[actual] = '\0';
	return wanted;
}

__kc_fortify char *strcat(char *p, const char *q)
{
	const size_t avail = __member_size(p);
	const size_t wanted = strlcat(p, q, avail);

	if (avail <= wanted)
		fortify_panic(FORTIFY_FUNC_strcat, FORTIFY_WRITE, avail, wanted + 1, p);
	return p;
}

__kc_fortify char *strncat(char *p, const char *q, size_t count)
{
	const size_t p_size = __member_size(p);
	const size_t q_size = __member_size(q);
	size_t p_len, copy_len, total;

	if (p_size == SIZE_MAX && q_size == SIZE_MAX)
		return __builtin_strncat(p, q, count);
	p_len = strlen(p);
	copy_len = strnlen(q, count);
	total = p_len + copy_len + 1;
	if (p_size < total)
		fortify_panic(FORTIFY_FUNC_strncat, FORTIFY_WRITE, p_size, total, p);
	__builtin_memcpy(p + p_len, q, copy_len);
	p[p_len + copy_len] = '\0';
	return p;
}

/*
 * memset/memcpy/memmove: @size against the whole object (a run-time overflow panics) and
 * against the member (a constant overflow of the member warns at build time; at run time a
 * write spanning fields of a struct warns once, the copy still done, as in the kernel).
 */
__kc_fortify bool fortify_memset_chk(size_t size, const size_t p_size, const size_t p_size_field)
{
	if (__builtin_constant_p(size)) {
		if (__compiletime_lessthan(p_size_field, p_size) &&
		    __compiletime_lessthan(p_size, size))
			__write_overflow();
		if (__compiletime_lessthan(p_size_field, size))
			__write_overflow_field(p_size_field, size);
	}
	if (p_size != SIZE_MAX && p_size < size)
		fortify_panic(FORTIFY_FUNC_memset, FORTIFY_WRITE, p_size, size, true);
	return false;
}

#define __fortify_memset_chk(p, c, size, p_size, p_size_field) ({		\
	size_t __kc_size = (size_t)(size);					\
	fortify_memset_chk(__kc_size, p_size, p_size_field),			\
	__builtin_memset(p, c, __kc_size);					\
})
#define memset(p, c, s) __fortify_memset_chk(p, c, s, __struct_size(p), __member_size(p))

__kc_fortify bool fortify_memcpy_chk(size_t size, const size_t p_size, const size_t q_size,
				     const size_t p_size_field, const size_t q_size_field,
				     const u8 func)
{
	if (__builtin_constant_p(size)) {
		if (__compiletime_lessthan(p_size_field, p_size) &&
		    __compiletime_lessthan(p_size, size))
			__write_overflow();
		if (__compiletime_lessthan(q_size_field, q_size) &&
		    __compiletime_lessthan(q_size, size))
			__read_overflow2();
		if (__compiletime_lessthan(p_size_field, size))
			__write_overflow_field(p_size_field, size);
		if (__compiletime_lessthan(p_size_field, size) &&
		    __compiletime_lessthan(q_size_field, size))
			__read_overflow2_field(q_size_field, size);
	}
	if (p_size != SIZE_MAX && p_size < size)
		fortify_panic(func, FORTIFY_WRITE, p_size, size, true);
	else if (q_size != SIZE_MAX && q_size < size)
		fortify_panic(func, FORTIFY_READ, q_size, size, true);
	/* Within the object but past the member: a field-spanning write. */
	return p_size_field != SIZE_MAX && p_size != p_size_field && p_size_field < size;
}

#define __kc_fortify_line2(f, l) f ":" #l
#define __kc_fortify_line(f, l) __kc_fortify_line2(f, l)
#define __fortify_memcpy_chk(p, q, size, p_size, q_size, p_size_field, q_size_field, op) ({ \
	const size_t __kc_size = (size_t)(size);				\
	fortify_warn_once(fortify_memcpy_chk(__kc_size, p_size, q_size,	\
					     p_size_field, q_size_field,	\
					     FORTIFY_FUNC_##op),		\
			  #op ": detected field-spanning write (size %zu) of single %s (size %zu)\n", \
			  __kc_size, "field \"" #p "\" at " __kc_fortify_line(__FILE__, __LINE__), \
			  (size_t)(p_size_field));				\
	__builtin_##op(p, q, __kc_size);					\
})
#define memcpy(p, q, s) __fortify_memcpy_chk(p, q, s, __struct_size(p), __struct_size(q), \
					     __member_size(p), __member_size(q), memcpy)
#define memmove(p, q, s) __fortify_memcpy_chk(p, q, s, __struct_size(p), __struct_size(q), \
					      __member_size(p), __member_size(q), memmove)
#define unsafe_memcpy(dst, src, bytes, justification) __builtin_memcpy(dst, src, bytes)

/* The memory scans and comparisons: @size against the whole object. */
__kc_fortify void *memscan(void *p, int c, size_t size)
{
	const size_t avail = __struct_size(p);

	if (__compiletime_lessthan(avail, size))
		__read_overflow();
	if (avail < size)
		fortify_panic(FORTIFY_FUNC_memscan, FORTIFY_READ, avail, size, NULL);
	return __kc_fortify_real_memscan(p, c, size);
}

__kc_fortify int memcmp(const void *p, const void *q, size_t size)
{
	const size_t p_size = __struct_size(p);
	const size_t q_size = __struct_size(q);

	if (__builtin_constant_p(size)) {
		if (__compiletime_lessthan(p_size, size))
			__read_overflow();
		if (__compiletime_lessthan(q_size, size))
			__read_overflow2();
	}
	if (p_size < size)
		fortify_panic(FORTIFY_FUNC_memcmp, FORTIFY_READ, p_size, size, INT_MIN);
	else if (q_size < size)
		fortify_panic(FORTIFY_FUNC_memcmp, FORTIFY_READ, q_size, size, INT_MIN);
	return __builtin_memcmp(p, q, size);
}

__kc_fortify void *memchr(const void *p, int c, size_t size)
{
	const size_t avail = __struct_size(p);

	if (__compiletime_lessthan(avail, size))
		__read_overflow();
	if (avail < size)
		fortify_panic(FORTIFY_FUNC_memchr, FORTIFY_READ, avail, size, NULL);
	return __builtin_memchr(p, c, size);
}

__kc_fortify void *memchr_inv(const void *p, int c, size_t size)
{
	const size_t avail = __struct_size(p);

	if (__compiletime_lessthan(avail, size))
		__read_overflow();
	if (avail < size)
		fortify_panic(FORTIFY_FUNC_memchr_inv, FORTIFY_READ, avail, size, NULL);
	return __kc_fortify_real_memchr_inv(p, c, size);
}

/* An over-long read copies nothing: the result is kmemdup(p, 0), ZERO_SIZE_PTR. */
__kc_fortify void *kmemdup_noprof(const void *p, size_t size, gfp_t gfp)
{
	const size_t avail = __struct_size(p);

	if (__compiletime_lessthan(avail, size))
		__read_overflow();
	if (avail < size)
		fortify_panic(FORTIFY_FUNC_kmemdup, FORTIFY_READ, avail, size,
			      __kc_fortify_real_kmemdup(p, 0, gfp));
	return __kc_fortify_real_kmemdup(p, size, gfp);
}

__kc_fortify char *strcpy(char *p, const char *q)
{
	const size_t p_size = __member_size(p);
	const size_t q_size = __member_size(q);
	size_t size;

	if (__builtin_constant_p(p_size) && __builtin_constant_p(q_size) &&
	    p_size == SIZE_MAX && q_size == SIZE_MAX)
		return __builtin_strcpy(p, q);
	size = strlen(q) + 1;
	if (__compiletime_lessthan(p_size, size))
		__write_overflow();
	if (p_size < size)
		fortify_panic(FORTIFY_FUNC_strcpy, FORTIFY_WRITE, p_size, size, p);
	__builtin_memcpy(p, q, size);
	return p;
}

#endif /* _LINUX_FORTIFY_STRING_H_ */
