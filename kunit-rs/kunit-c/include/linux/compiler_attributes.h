/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: the kernel's short names for GCC/Clang attributes. */
#ifndef __LINUX_COMPILER_ATTRIBUTES_H
#define __LINUX_COMPILER_ATTRIBUTES_H

#ifndef __has_attribute
#define __has_attribute(x) 0
#endif

#define __alias(symbol) __attribute__((__alias__(#symbol)))
#define __aligned(x) __attribute__((__aligned__(x)))
#define __aligned_largest __attribute__((__aligned__))
#define __alloc_size__(x, ...) __attribute__((__alloc_size__(x, ##__VA_ARGS__)))
#define __malloc __attribute__((__malloc__))
#undef __always_inline
#define __always_inline inline __attribute__((__always_inline__))
#define __attribute_const__ __attribute__((__const__))
#define __cleanup(func) __attribute__((__cleanup__(func)))
#define __cold __attribute__((__cold__))
#define __hot __attribute__((__hot__))
#define __copy(symbol) __attribute__((__copy__(symbol)))
#define __deprecated
#define __designated_init
#define __visible __attribute__((__externally_visible__))
#define __flatten __attribute__((flatten))
#define __gnu_inline __attribute__((__gnu_inline__))
#define __must_check __attribute__((__warn_unused_result__))
#define __maybe_unused __attribute__((__unused__))
#define __always_unused __attribute__((__unused__))
#define __mode(x) __attribute__((__mode__(x)))
#define __noreturn __attribute__((__noreturn__))
#define __packed __attribute__((__packed__))
#define __pure __attribute__((__pure__))
#define __section(section) __attribute__((__section__(section)))
#define __used __attribute__((__used__))
#define __weak __attribute__((__weak__))
#define __noclone __attribute__((__noclone__))
#define __no_reorder __attribute__((__no_reorder__))
#define noinline __attribute__((__noinline__))
#define __printf(a, b) __attribute__((__format__(printf, a, b)))
#define __scanf(a, b) __attribute__((__format__(scanf, a, b)))
#define __nonstring __attribute__((__nonstring__))
/* The kernel's: no AddressSanitizer checks in the function (kunit c --sanitize=address). */
#define __no_sanitize_address __attribute__((__no_sanitize_address__))
#define __no_stack_protector
#define __nocfi
#define __noscs
#define __no_kcsan
#define __no_profile
#define __naked __attribute__((__naked__)) notrace
#define __assume_aligned(a, ...) __attribute__((__assume_aligned__(a, ##__VA_ARGS__)))
#define __error(msg) __attribute__((__error__(msg)))
#define __warning(msg) __attribute__((__warning__(msg)))

#if __has_attribute(__fallthrough__)
#define fallthrough __attribute__((__fallthrough__))
#else
#define fallthrough do {} while (0)
#endif

/* Bounds annotations the kernel checks with newer compilers; layout-neutral here. */
#define __counted_by(member)
#define __counted_by_le(member)
#define __counted_by_be(member)
#define __counted_by_ptr(member)
#define __sized_by(member)

#endif /* __LINUX_COMPILER_ATTRIBUTES_H */
