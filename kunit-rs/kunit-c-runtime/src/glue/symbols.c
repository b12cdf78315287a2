/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: the symbol an address is in, for %pS/%ps, as kallsyms answers in the kernel:
 * the test binary's own symbol table (static functions included, read once from
 * /proc/self/exe), then the dynamic linker's view of shared libraries.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "glue.h"

static const ElfW(Sym) *symtab;
static size_t nsyms;
static const char *strtab;
static uintptr_t load_bias;
static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static int main_program_bias(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	/* The first object is the program itself. */
	*(uintptr_t *)data = info->dlpi_addr;
	return 1;
}

static void load(void)
{
	int fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
	struct stat st;
	const unsigned char *map;
	const ElfW(Ehdr) *eh;
	const ElfW(Shdr) *sh;

	if (fd < 0)
		return;
	if (fstat(fd, &st) || (size_t)st.st_size < sizeof(*eh)) {
		close(fd);
		return;
	}
	map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED)
		return;
	eh = (const ElfW(Ehdr) *)map;
	if (memcmp(eh->e_ident, ELFMAG, SELFMAG) || eh->e_shoff == 0 ||
	    eh->e_shoff + (size_t)eh->e_shnum * sizeof(*sh) > (size_t)st.st_size)
		return;
	sh = (const ElfW(Shdr) *)(map + eh->e_shoff);
	for (unsigned i = 0; i < eh->e_shnum; i++) {
		if (sh[i].sh_type != SHT_SYMTAB || sh[i].sh_link >= eh->e_shnum)
			continue;
		symtab = (const ElfW(Sym) *)(map + sh[i].sh_offset);
		nsyms = sh[i].sh_size / sizeof(ElfW(Sym));
		strtab = (const char *)(map + sh[sh[i].sh_link].sh_offset);
		break;
	}
	dl_iterate_phdr(main_program_bias, &load_bias);
}

/* The function or object of the program covering addr: name, start and size. */
static bool program_symbol(uintptr_t addr, const char **name, uintptr_t *start, size_t *size)
{
	uintptr_t a;

	pthread_once(&loaded, load);
	if (!symtab)
		return false;
	a = addr - load_bias;
	for (size_t i = 0; i < nsyms; i++) {
		const ElfW(Sym) *s = &symtab[i];
		int type = ELF64_ST_TYPE(s->st_info);

		if ((type != STT_FUNC && type != STT_OBJECT) || s->st_shndx == SHN_UNDEF ||
		    !s->st_size)
			continue;
		if (a >= s->st_value && a - s->st_value < s->st_size) {
			*name = strtab + s->st_name;
			*start = s->st_value + load_bias;
			*size = s->st_size;
			return true;
		}
	}
	return false;
}

bool kunit_c_symbol(const void *p, const char **name, unsigned long *offset, unsigned long *size)
{
	Dl_info info;
	const ElfW(Sym) *sym = NULL;
	uintptr_t start;
	size_t sz;

	if (program_symbol((uintptr_t)p, name, &start, &sz)) {
		*offset = (unsigned long)((uintptr_t)p - start);
		*size = (unsigned long)sz;
		return true;
	}
	if (dladdr1(p, &info, (void **)&sym, RTLD_DL_SYMENT) && info.dli_sname && sym &&
	    sym->st_size && (uintptr_t)p >= (uintptr_t)info.dli_saddr &&
	    (uintptr_t)p - (uintptr_t)info.dli_saddr < sym->st_size) {
		*name = info.dli_sname;
		*offset = (unsigned long)((uintptr_t)p - (uintptr_t)info.dli_saddr);
		*size = (unsigned long)sym->st_size;
		return true;
	}
	return false;
}
