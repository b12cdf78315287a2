/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the kernel image's section boundaries, as <asm-generic/sections.h> names them, and
 * the range tests on them. They are declared only: a test process has no kernel image, so a
 * file that reads one links only where something defines it (tree mode then names the
 * symbol in the file's skip reason). The range helpers themselves are exact.
 */
#ifndef _ASM_SECTIONS_H
#define _ASM_SECTIONS_H

#include <linux/types.h>

extern char _text[], _stext[], _etext[];
extern char _data[], _sdata[], _edata[];
extern char __bss_start[], __bss_stop[];
extern char __init_begin[], __init_end[];
extern char _sinittext[], _einittext[];
extern char __start_ro_after_init[], __end_ro_after_init[];
extern char __start_rodata[], __end_rodata[];
extern char _end[];
extern char __per_cpu_load[], __per_cpu_start[], __per_cpu_end[];
extern char __kprobes_text_start[], __kprobes_text_end[];
extern char __entry_text_start[], __entry_text_end[];
extern char __irqentry_text_start[], __irqentry_text_end[];
extern char __softirqentry_text_start[], __softirqentry_text_end[];
extern char __noinstr_text_start[], __noinstr_text_end[];

/* Is [virt, virt + size) inside [begin, end)? */
static inline bool memory_contains(void *begin, void *end, void *virt, size_t size)
{
	return (char *)virt >= (char *)begin && (char *)virt + size <= (char *)end;
}

/* Does [virt, virt + size) overlap [begin, end)? */
static inline bool memory_intersects(void *begin, void *end, void *virt, size_t size)
{
	void *vend = (char *)virt + size;

	return size && (char *)virt < (char *)end && (char *)vend > (char *)begin;
}

static inline bool init_section_contains(void *virt, size_t size)
{
	return memory_contains(__init_begin, __init_end, virt, size);
}

static inline bool init_section_intersects(void *virt, size_t size)
{
	return memory_intersects(__init_begin, __init_end, virt, size);
}

static inline bool is_kernel_core_data(unsigned long addr)
{
	if (addr >= (unsigned long)_sdata && addr < (unsigned long)_edata)
		return true;
	return addr >= (unsigned long)__bss_start && addr < (unsigned long)__bss_stop;
}

static inline bool is_kernel_rodata(unsigned long addr)
{
	return addr >= (unsigned long)__start_rodata && addr < (unsigned long)__end_rodata;
}

static inline bool is_kernel_ro_after_init(unsigned long addr)
{
	return addr >= (unsigned long)__start_ro_after_init &&
	       addr < (unsigned long)__end_ro_after_init;
}

static inline bool is_kernel_inittext(unsigned long addr)
{
	return addr >= (unsigned long)_sinittext && addr < (unsigned long)_einittext;
}

static inline bool __is_kernel_text(unsigned long addr)
{
	return addr >= (unsigned long)_stext && addr < (unsigned long)_etext;
}

static inline bool __is_kernel(unsigned long addr)
{
	return (addr >= (unsigned long)_stext && addr < (unsigned long)_end) ||
	       (addr >= (unsigned long)__init_begin && addr < (unsigned long)__init_end);
}

#endif /* _ASM_SECTIONS_H */
