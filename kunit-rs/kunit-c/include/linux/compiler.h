/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: userspace stand-in for the kernel's compiler attributes and helpers. */
#ifndef _LINUX_COMPILER_H
#define _LINUX_COMPILER_H

#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

#define __printf(a, b) __attribute__((format(printf, a, b)))
#undef __always_inline
#define __always_inline inline __attribute__((always_inline))
#define noinline __attribute__((noinline))
#define noinline_for_stack noinline
#define __maybe_unused __attribute__((unused))
#define __always_unused __attribute__((unused))
#define __used __attribute__((used))
#define __aligned(x) __attribute__((aligned(x)))
#define __packed __attribute__((packed))
#define __pure __attribute__((pure))
#define __cold __attribute__((cold))
#define __must_check __attribute__((warn_unused_result))
#define __noreturn __attribute__((noreturn))
#define __weak __attribute__((weak))
#define __section(s) __attribute__((section(s)))
#define fallthrough __attribute__((fallthrough))
#define __nonstring
#define __counted_by(m)

/* sparse annotations: nothing to a compiler */
#define __force
#define __user
#define __iomem
#define __bitwise
#define __rcu
#define __percpu
#define __must_hold(x)
#define __acquires(x)
#define __releases(x)

/* Sections for code used only at boot; plain code in userspace. */
#define __init
#define __exit
#define __initdata
#define __initconst
#define __ro_after_init
#define __refdata
#define __initref

#define barrier() __asm__ __volatile__("" : : : "memory")
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, val) (*(volatile __typeof__(x) *)&(x) = (val))
#define OPTIMIZER_HIDE_VAR(var) __asm__("" : "=r"(var) : "0"(var))

#define __same_type(a, b) __builtin_types_compatible_p(__typeof__(a), __typeof__(b))
#define __must_be_array(a) 0
#define __stringify_1(x...) #x
#define __stringify(x...) __stringify_1(x)

#endif /* _LINUX_COMPILER_H */
