/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: kallsyms (the kernel's <linux/kallsyms.h>) over the test process's own symbol
 * tables (symbols.c): a name's address and an address's symbol, as kernel/kallsyms.c answers
 * for built-in code. Every symbol is the core's: no module name is ever printed.
 */
#include <stdio.h>
#include <string.h>

#include "glue.h"

/* The kernel's KSYM_NAME_LEN: a name is at most 511 characters. */
#define KC_KSYM_NAME_LEN 512

unsigned long kallsyms_lookup_name(const char *name)
{
	return kunit_c_symbol_address(name);
}

int kallsyms_lookup_size_offset(unsigned long addr, unsigned long *symbolsize, unsigned long *offset)
{
	const char *name;
	unsigned long off, size;

	if (!kunit_c_symbol((const void *)addr, &name, &off, &size))
		return 0;
	if (symbolsize)
		*symbolsize = size;
	if (offset)
		*offset = off;
	return 1;
}

const char *kallsyms_lookup(unsigned long addr, unsigned long *symbolsize, unsigned long *offset,
			    char **modname, char *namebuf)
{
	const char *name;
	unsigned long off, size;

	namebuf[KC_KSYM_NAME_LEN - 1] = '\0';
	namebuf[0] = '\0';
	if (!kunit_c_symbol((const void *)addr, &name, &off, &size))
		return NULL;
	/* A longer name is cut, as the kernel's table cannot hold it either. */
	snprintf(namebuf, KC_KSYM_NAME_LEN, "%s", name);
	if (symbolsize)
		*symbolsize = size;
	if (offset)
		*offset = off;
	if (modname)
		*modname = NULL;
	return namebuf;
}

int lookup_symbol_name(unsigned long addr, char *symname)
{
	unsigned long size, offset;

	symname[0] = '\0';
	return kallsyms_lookup(addr, &size, &offset, NULL, symname) ? 0 : -34 /* -ERANGE */;
}

/*
 * kernel/kallsyms.c's __sprint_symbol(): the symbol holding address + symbol_offset, printed
 * "name+0xoff/0xsize" (add_offset) or "name", the offset taken back by symbol_offset; an
 * address no symbol holds prints as "0x<address>".
 */
static int print_symbol(char *buffer, unsigned long address, int symbol_offset, bool add_offset)
{
	char name[KC_KSYM_NAME_LEN];
	unsigned long size, offset;
	int len;

	address += (unsigned long)symbol_offset;
	if (!kallsyms_lookup(address, &size, &offset, NULL, name))
		return sprintf(buffer, "0x%lx", address - (unsigned long)symbol_offset);
	len = sprintf(buffer, "%s", name);
	if (add_offset)
		len += sprintf(buffer + len, "+0x%lx/0x%lx", offset - (unsigned long)symbol_offset,
			       size);
	return len;
}

int sprint_symbol(char *buffer, unsigned long address)
{
	return print_symbol(buffer, address, 0, true);
}

int sprint_symbol_build_id(char *buffer, unsigned long address)
{
	return print_symbol(buffer, address, 0, true);
}

int sprint_symbol_no_offset(char *buffer, unsigned long address)
{
	return print_symbol(buffer, address, 0, false);
}

/* A return address: the call is the byte before it, so a call at a function's end names it. */
int sprint_backtrace(char *buffer, unsigned long address)
{
	return print_symbol(buffer, address, -1, true);
}

int sprint_backtrace_build_id(char *buffer, unsigned long address)
{
	return print_symbol(buffer, address, -1, true);
}
