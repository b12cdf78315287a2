/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: the symbol an address is in, for %pS/%ps, as kallsyms answers in the kernel:
 * the symbol table of the file the address is in (static functions included: the test
 * binary's, or the shared object of C suites `kunit c` loads), then the dynamic linker's
 * view of shared libraries; and the other way, a name's address, as kallsyms_lookup_name()
 * answers (kallsyms.c).
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

/*
 * One loaded object's symbol table, read from its file once: the program's, and each shared
 * object's (kunit c's suites live in a dlopen()ed object whose static functions and hidden
 * symbols are in no dynamic table, so dladdr() cannot name them).
 */
struct symfile {
	uintptr_t bias; /* the loader's dlpi_addr: file addresses + bias = run-time addresses */
	const ElfW(Sym) *symtab;
	size_t nsyms;
	const char *strtab;
};

/* The objects read so far; the harness never unloads one, so a bias names one file. */
#define MAX_FILES 64
static struct symfile files[MAX_FILES];
static size_t nfiles;
static pthread_mutex_t files_lock = PTHREAD_MUTEX_INITIALIZER;

struct lookup {
	uintptr_t addr;
	uintptr_t bias;
	const char *path;
	bool found;
};

/* The loaded object one of whose segments holds addr. */
static int object_of(struct dl_phdr_info *info, size_t size, void *data)
{
	struct lookup *l = data;

	(void)size;
	for (unsigned i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t lo = info->dlpi_addr + ph->p_vaddr;

		if (ph->p_type == PT_LOAD && l->addr >= lo && l->addr - lo < ph->p_memsz) {
			l->bias = info->dlpi_addr;
			/* The program itself has no name here. */
			l->path = info->dlpi_name && info->dlpi_name[0] ? info->dlpi_name : "/proc/self/exe";
			l->found = true;
			return 1;
		}
	}
	return 0;
}

/* Maps path and finds its .symtab (none: an empty table, so it is not read again). */
static void read_symtab(const char *path, struct symfile *f)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
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
	    eh->e_shoff + (size_t)eh->e_shnum * sizeof(*sh) > (size_t)st.st_size) {
		munmap((void *)map, (size_t)st.st_size);
		return;
	}
	sh = (const ElfW(Shdr) *)(map + eh->e_shoff);
	for (unsigned i = 0; i < eh->e_shnum; i++) {
		if (sh[i].sh_type != SHT_SYMTAB || sh[i].sh_link >= eh->e_shnum)
			continue;
		f->symtab = (const ElfW(Sym) *)(map + sh[i].sh_offset);
		f->nsyms = sh[i].sh_size / sizeof(ElfW(Sym));
		f->strtab = (const char *)(map + sh[sh[i].sh_link].sh_offset);
		return; /* the mapping stays: the table is read in place */
	}
	munmap((void *)map, (size_t)st.st_size);
}

/* The symbol table of the object holding addr, read on first use. */
static const struct symfile *symfile_of(uintptr_t addr)
{
	struct lookup l = { .addr = addr };
	const struct symfile *out = NULL;

	dl_iterate_phdr(object_of, &l);
	if (!l.found)
		return NULL;
	pthread_mutex_lock(&files_lock);
	for (size_t i = 0; i < nfiles; i++) {
		if (files[i].bias == l.bias) {
			out = &files[i];
			break;
		}
	}
	if (!out && nfiles < MAX_FILES) {
		struct symfile *f = &files[nfiles];

		f->bias = l.bias;
		read_symtab(l.path, f);
		nfiles++;
		out = f;
	}
	pthread_mutex_unlock(&files_lock);
	return out;
}

/* The function or object covering addr in its file's symbol table: name, start and size. */
static bool file_symbol(uintptr_t addr, const char **name, uintptr_t *start, size_t *size)
{
	const struct symfile *f = symfile_of(addr);
	uintptr_t a;

	if (!f || !f->symtab)
		return false;
	a = addr - f->bias;
	for (size_t i = 0; i < f->nsyms; i++) {
		const ElfW(Sym) *s = &f->symtab[i];
		int type = ELF64_ST_TYPE(s->st_info);

		if ((type != STT_FUNC && type != STT_OBJECT) || s->st_shndx == SHN_UNDEF ||
		    !s->st_size)
			continue;
		if (a >= s->st_value && a - s->st_value < s->st_size) {
			*name = f->strtab + s->st_name;
			*start = s->st_value + f->bias;
			*size = s->st_size;
			return true;
		}
	}
	return false;
}

struct objects {
	uintptr_t first[MAX_FILES]; /* an address inside each loaded object, in load order */
	size_t n;
};

static int collect_object(struct dl_phdr_info *info, size_t size, void *data)
{
	struct objects *o = data;

	(void)size;
	for (unsigned i = 0; i < info->dlpi_phnum; i++) {
		if (info->dlpi_phdr[i].p_type == PT_LOAD && info->dlpi_phdr[i].p_memsz) {
			if (o->n < MAX_FILES)
				o->first[o->n++] = info->dlpi_addr + info->dlpi_phdr[i].p_vaddr;
			break;
		}
	}
	return 0;
}

/* The defined function or object called name in f's symbol table, or 0. */
static uintptr_t defined_in(const struct symfile *f, const char *name)
{
	if (!f || !f->symtab)
		return 0;
	for (size_t i = 0; i < f->nsyms; i++) {
		const ElfW(Sym) *s = &f->symtab[i];
		int type = ELF64_ST_TYPE(s->st_info);

		if ((type == STT_FUNC || type == STT_OBJECT) && s->st_shndx != SHN_UNDEF &&
		    !strcmp(f->strtab + s->st_name, name))
			return (uintptr_t)(s->st_value + f->bias);
	}
	return 0;
}

unsigned long kunit_c_symbol_address(const char *name)
{
	struct objects o = { .n = 0 };

	if (!name || !*name)
		return 0;
	/* Collected first, read after: symfile_of() walks the objects itself. */
	dl_iterate_phdr(collect_object, &o);
	for (size_t i = 0; i < o.n; i++) {
		uintptr_t addr = defined_in(symfile_of(o.first[i]), name);

		if (addr)
			return addr;
	}
	/* A stripped object still has its dynamic symbols. */
	return (unsigned long)(uintptr_t)dlsym(RTLD_DEFAULT, name);
}

bool kunit_c_symbol(const void *p, const char **name, unsigned long *offset, unsigned long *size)
{
	Dl_info info;
	const ElfW(Sym) *sym = NULL;
	uintptr_t start;
	size_t sz;

	if (file_symbol((uintptr_t)p, name, &start, &sz)) {
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
