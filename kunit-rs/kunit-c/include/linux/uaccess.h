/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: user memory as the kernel sees it. User addresses are the mappings vm_mmap() and
 * kunit_vm_mmap() make (see <linux/mman.h>); any other address — kmalloc()ed memory, the
 * stack — is kernel memory, which access_ok() refuses and every copy below fails on, as on
 * an architecture where kernel and user share the address space. An access that runs past
 * a mapping faults at its end:
 * - copy_from_user()/copy_to_user()/clear_user() return the bytes not copied (0: all), and
 *   copy_from_user() zeroes the rest of the destination;
 * - get_user()/put_user() return 0 or -EFAULT (get_user() then sets the value to 0);
 * - check_zeroed_user() is 1 (all zero), 0 or -EFAULT; copy_struct_from_user() 0, -E2BIG
 *   (non-zero user bytes past the kernel's struct) or -EFAULT;
 * - strncpy_from_user() the length copied or -EFAULT, strnlen_user() length + 1 or 0.
 */
#ifndef __LINUX_UACCESS_H__
#define __LINUX_UACCESS_H__

#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/minmax.h>
#include <asm/page.h>

/* x86-64's: the top of the user half of the address space (as one page below 2^47). */
#ifndef TASK_SIZE_MAX
#define TASK_SIZE_MAX ((1UL << 47) - PAGE_SIZE)
#endif
#ifndef TASK_SIZE
#define TASK_SIZE TASK_SIZE_MAX
#endif

/* The glue's: bytes of @size at @addr reachable before a fault, -1 for no user address. */
long __kunit_c_user_reach(const void __user *addr, unsigned long size);

static inline bool __kc_access_ok(const void __user *addr, unsigned long size)
{
	return __kunit_c_user_reach(addr, size) >= 0;
}
#define access_ok(addr, size) __kc_access_ok((const void __user *)(addr), (size))
#define user_access_begin(ptr, len) access_ok(ptr, len)
#define user_access_end() do { } while (0)
#define user_read_access_begin user_access_begin
#define user_read_access_end user_access_end
#define user_write_access_begin user_access_begin
#define user_write_access_end user_access_end

static inline unsigned long __must_check copy_from_user(void *to, const void __user *from,
							unsigned long n)
{
	long reach = __kunit_c_user_reach(from, n);
	unsigned long done = reach > 0 ? (unsigned long)reach : 0;

	__builtin_memcpy(to, (const void __force *)from, done);
	__builtin_memset((char *)to + done, 0, n - done);
	return n - done;
}

static inline unsigned long __must_check copy_to_user(void __user *to, const void *from,
						      unsigned long n)
{
	long reach = __kunit_c_user_reach(to, n);
	unsigned long done = reach > 0 ? (unsigned long)reach : 0;

	__builtin_memcpy((void __force *)to, from, done);
	return n - done;
}
#define __copy_from_user(to, from, n) copy_from_user(to, from, n)
#define __copy_to_user(to, from, n) copy_to_user(to, from, n)
#define raw_copy_from_user(to, from, n) copy_from_user(to, from, n)
#define raw_copy_to_user(to, from, n) copy_to_user(to, from, n)
/* Page faults never sleep here, so the atomic and non-temporal forms are the plain ones. */
#define __copy_from_user_inatomic(to, from, n) copy_from_user(to, from, n)
#define __copy_to_user_inatomic(to, from, n) copy_to_user(to, from, n)
#define copy_from_user_inatomic_nontemporal(to, from, n) copy_from_user(to, from, n)

/* 0, or -EFAULT when any byte cannot be copied (mm/maccess.c's semantics). */
static inline long copy_to_user_nofault(void __user *dst, const void *src, size_t size)
{
	if (!access_ok(dst, size))
		return -EFAULT;
	return copy_to_user(dst, src, size) ? -EFAULT : 0;
}
static inline long copy_from_user_nofault(void *dst, const void __user *src, size_t size)
{
	if (!access_ok(src, size))
		return -EFAULT;
	return copy_from_user(dst, src, size) ? -EFAULT : 0;
}

static inline unsigned long __must_check clear_user(void __user *to, unsigned long n)
{
	long reach = __kunit_c_user_reach(to, n);
	unsigned long done = reach > 0 ? (unsigned long)reach : 0;

	__builtin_memset((void __force *)to, 0, done);
	return n - done;
}
#define __clear_user(to, n) clear_user(to, n)

#define get_user(x, ptr) ({							\
	/* + 0: the value's type without const, for a const source. */	\
	__typeof__(*(ptr) + 0) __kc_gu_val = 0;					\
	int __kc_gu_err = -EFAULT;						\
	if (__kunit_c_user_reach((ptr), sizeof(*(ptr))) == sizeof(*(ptr))) {	\
		__kc_gu_val = *(ptr);						\
		__kc_gu_err = 0;						\
	}									\
	(x) = (__typeof__(*(ptr)))__kc_gu_val;					\
	__kc_gu_err;								\
})
#define put_user(x, ptr) ({							\
	__typeof__(*(ptr)) __kc_pu_val = (x);					\
	int __kc_pu_err = -EFAULT;						\
	if (__kunit_c_user_reach((ptr), sizeof(*(ptr))) == sizeof(*(ptr))) {	\
		*(ptr) = __kc_pu_val;						\
		__kc_pu_err = 0;						\
	}									\
	__kc_pu_err;								\
})
#define __get_user(x, ptr) get_user(x, ptr)
#define __put_user(x, ptr) put_user(x, ptr)
/* Between user_access_begin() and _end(): a fault jumps to @label. */
#define unsafe_get_user(x, ptr, label) \
	do { if (unlikely(__get_user(x, ptr))) goto label; } while (0)
#define unsafe_put_user(x, ptr, label) \
	do { if (unlikely(__put_user(x, ptr))) goto label; } while (0)
#define unsafe_copy_to_user(to, from, n, label) \
	do { if (unlikely(__copy_to_user(to, from, n))) goto label; } while (0)

/* 1 when the @size user bytes at @from are all zero, 0 when one is not, -EFAULT. */
static inline int check_zeroed_user(const void __user *from, size_t size)
{
	const unsigned char *p = (const unsigned char __force *)from;
	size_t i;

	if (!size)
		return 1;
	if (__kunit_c_user_reach(from, size) != (long)size)
		return -EFAULT;
	for (i = 0; i < size; i++)
		if (p[i])
			return 0;
	return 1;
}

/*
 * A struct that may have grown: the user's @usize bytes into the kernel's @ksize. A
 * shorter user struct is zero-extended; a longer one must be zero past @ksize (-E2BIG).
 */
static __always_inline __must_check int copy_struct_from_user(void *dst, size_t ksize,
							      const void __user *src,
							      size_t usize)
{
	size_t size = ksize < usize ? ksize : usize;
	size_t rest = (ksize > usize ? ksize : usize) - size;

	if (usize < ksize) {
		__builtin_memset((char *)dst + size, 0, rest);
	} else if (usize > ksize) {
		int ret = check_zeroed_user((const char __user *)src + size, rest);

		if (ret <= 0)
			return ret ?: -E2BIG;
	}
	if (copy_from_user(dst, src, size))
		return -EFAULT;
	return 0;
}

/* The string's length (without its NUL) copied, @count when none within, or -EFAULT. */
static inline long strncpy_from_user(char *dst, const char __user *src, long count)
{
	long reach, i;

	if (count <= 0)
		return 0;
	reach = __kunit_c_user_reach(src, count);
	if (reach < 0)
		return -EFAULT;
	for (i = 0; i < reach; i++) {
		dst[i] = ((const char __force *)src)[i];
		if (!dst[i])
			return i;
	}
	return reach == count ? count : -EFAULT;
}

/* The string's length including its NUL, @n + 1 when none within @n, 0 on a fault. */
static inline long strnlen_user(const char __user *str, long n)
{
	long reach, i;

	if (n <= 0)
		return 0;
	reach = __kunit_c_user_reach(str, n);
	for (i = 0; i < reach; i++)
		if (!((const char __force *)str)[i])
			return i + 1;
	return reach == n ? n + 1 : 0;
}

#endif /* __LINUX_UACCESS_H__ */
