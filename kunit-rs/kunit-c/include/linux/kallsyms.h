/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: kallsyms, the kernel's symbol table, here the test process's own: the symbol
 * tables of the test binary (static functions included) and of the objects it loads. A
 * name's address (kallsyms_lookup_name()), an address's symbol and offset, and the
 * "name+0xoff/0xsize" texts of sprint_symbol() and friends, as for built-in code (no
 * " [module]"). A stripped binary names only its dynamic symbols.
 */
#ifndef _LINUX_KALLSYMS_H
#define _LINUX_KALLSYMS_H

#include <linux/compiler.h>
#include <linux/types.h>

/* A name is at most KSYM_NAME_LEN - 1 characters. */
#define KSYM_NAME_LEN 512
/* The kernel's module name and build-id bounds, for KSYM_SYMBOL_LEN. */
#ifndef MODULE_NAME_LEN
#define MODULE_NAME_LEN (64 - sizeof(unsigned long))
#endif
#define BUILD_ID_SIZE_MAX 20
/* Room for "name+0x<offset>/0x<size> [module build-id]" and its NUL. */
#define KSYM_SYMBOL_LEN (KSYM_NAME_LEN + 2 * (3 + 2 * sizeof(long)) + 3 + \
			 MODULE_NAME_LEN + 2 * BUILD_ID_SIZE_MAX + 1)

/* The address of the function or object called @name, or 0 (the first object defining it). */
unsigned long kallsyms_lookup_name(const char *name);
/* 1 and the size and offset of the symbol holding @addr (either pointer may be NULL), or 0. */
int kallsyms_lookup_size_offset(unsigned long addr, unsigned long *symbolsize,
				unsigned long *offset);
/* The name of the symbol holding @addr, in @namebuf (KSYM_NAME_LEN bytes), or NULL. */
const char *kallsyms_lookup(unsigned long addr, unsigned long *symbolsize,
			    unsigned long *offset, char **modname, char *namebuf);
/* 0 and the name in @symname (KSYM_NAME_LEN bytes), or -ERANGE. */
int lookup_symbol_name(unsigned long addr, char *symname);

/* "name+0xoff/0xsize" into @buffer (KSYM_SYMBOL_LEN bytes), "0x<address>" if none; the length. */
int sprint_symbol(char *buffer, unsigned long address);
int sprint_symbol_build_id(char *buffer, unsigned long address);
/* "name" only. */
int sprint_symbol_no_offset(char *buffer, unsigned long address);
/* For a return address: the symbol of the call before it (address - 1). */
int sprint_backtrace(char *buffer, unsigned long address);
int sprint_backtrace_build_id(char *buffer, unsigned long address);

/* Whether kallsyms may show addresses to the reader: the test is its own reader. */
struct cred;
static inline bool kallsyms_show_value(const struct cred *cred)
{
	(void)cred;
	return true;
}

/* x86-64 has no function descriptors: a function pointer is its code's address. */
static inline void *dereference_symbol_descriptor(void *ptr)
{
	return ptr;
}

static inline void *dereference_kernel_function_descriptor(void *ptr)
{
	return ptr;
}

#endif /* _LINUX_KALLSYMS_H */
