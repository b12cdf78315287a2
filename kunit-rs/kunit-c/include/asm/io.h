/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: memory-mapped I/O accessors for a test process. There is no device memory: an
 * `__iomem` pointer is an ordinary address (a test's buffer playing a register block), and
 * the accessors are the kernel's generic ones over it: volatile loads and stores of the
 * access's width, little-endian for read*()/write*() (the bus order of PCI and most SoCs;
 * the __raw_ forms are the CPU's order), ordered by full barriers around them as the
 * non-relaxed forms are. ioremap() has no physical memory to map and fails (NULL), as a
 * mapping the kernel cannot make does; port I/O does not exist.
 */
#ifndef _ASM_IO_H
#define _ASM_IO_H

#include <linux/compiler_types.h>
#include <linux/string.h>
#include <linux/types.h>
#include <asm/byteorder.h>
#include <asm-generic/barrier.h>

/* x86's port space, 64 KiB (there is no port I/O, but resource trees span it). */
#define IO_SPACE_LIMIT 0xffff

#define __KUNIT_C_RAW_IO(bwlq, type)                                                          \
	static inline type __raw_read##bwlq(const volatile void __iomem *addr)                \
	{                                                                                     \
		return *(const volatile type __force *)addr;                                  \
	}                                                                                     \
	static inline void __raw_write##bwlq(type value, volatile void __iomem *addr)         \
	{                                                                                     \
		*(volatile type __force *)addr = value;                                       \
	}
__KUNIT_C_RAW_IO(b, u8)
__KUNIT_C_RAW_IO(w, u16)
__KUNIT_C_RAW_IO(l, u32)
__KUNIT_C_RAW_IO(q, u64)
#undef __KUNIT_C_RAW_IO

#define readb_relaxed(a) __raw_readb(a)
#define readw_relaxed(a) le16_to_cpu((__force __le16)__raw_readw(a))
#define readl_relaxed(a) le32_to_cpu((__force __le32)__raw_readl(a))
#define readq_relaxed(a) le64_to_cpu((__force __le64)__raw_readq(a))
#define writeb_relaxed(v, a) __raw_writeb(v, a)
#define writew_relaxed(v, a) __raw_writew((__force u16)cpu_to_le16(v), a)
#define writel_relaxed(v, a) __raw_writel((__force u32)cpu_to_le32(v), a)
#define writeq_relaxed(v, a) __raw_writeq((__force u64)cpu_to_le64(v), a)

/* A read completes before what follows; a write follows what came before. */
#define readb(a) ({ u8 __v = readb_relaxed(a); mb(); __v; })
#define readw(a) ({ u16 __v = readw_relaxed(a); mb(); __v; })
#define readl(a) ({ u32 __v = readl_relaxed(a); mb(); __v; })
#define readq(a) ({ u64 __v = readq_relaxed(a); mb(); __v; })
#define writeb(v, a) do { mb(); writeb_relaxed(v, a); } while (0)
#define writew(v, a) do { mb(); writew_relaxed(v, a); } while (0)
#define writel(v, a) do { mb(); writel_relaxed(v, a); } while (0)
#define writeq(v, a) do { mb(); writeq_relaxed(v, a); } while (0)

#define ioread8(a) readb(a)
#define ioread16(a) readw(a)
#define ioread32(a) readl(a)
#define ioread64(a) readq(a)
#define iowrite8(v, a) writeb(v, a)
#define iowrite16(v, a) writew(v, a)
#define iowrite32(v, a) writel(v, a)
#define iowrite64(v, a) writeq(v, a)
#define ioread16be(a) be16_to_cpu((__force __be16)__raw_readw(a))
#define ioread32be(a) be32_to_cpu((__force __be32)__raw_readl(a))
#define iowrite16be(v, a) __raw_writew((__force u16)cpu_to_be16(v), a)
#define iowrite32be(v, a) __raw_writel((__force u32)cpu_to_be32(v), a)

static inline void memset_io(volatile void __iomem *addr, int value, size_t size)
{
	memset((void __force *)addr, value, size);
}

static inline void memcpy_fromio(void *buffer, const volatile void __iomem *addr, size_t size)
{
	memcpy(buffer, (const void __force *)addr, size);
}

static inline void memcpy_toio(volatile void __iomem *addr, const void *buffer, size_t size)
{
	memcpy((void __force *)addr, buffer, size);
}

/* One address space: a virtual address is its own "physical" address. */
static inline phys_addr_t virt_to_phys(const volatile void *address)
{
	return (phys_addr_t)(unsigned long)address;
}

static inline void *phys_to_virt(phys_addr_t address)
{
	return (void *)(unsigned long)address;
}

static inline void __iomem *ioremap(phys_addr_t offset, size_t size)
{
	(void)offset;
	(void)size;
	return NULL;
}
#define ioremap_wc ioremap
#define ioremap_uc ioremap
#define ioremap_np ioremap
#define ioremap_cache ioremap

static inline void iounmap(volatile void __iomem *addr)
{
	(void)addr;
}

#endif /* _ASM_IO_H */
