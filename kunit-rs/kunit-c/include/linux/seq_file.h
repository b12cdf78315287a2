/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the write side of seq_file for code that prints into one (there are no files
 * to read it from in userspace): a buffer of @size bytes filling up to @count, with
 * count == size marking an overflow, as in the kernel's fs/seq_file.c.
 */
#ifndef _LINUX_SEQ_FILE_H
#define _LINUX_SEQ_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <linux/compiler.h>
#include <linux/dcache.h>
#include <linux/types.h>

struct file;

struct seq_file {
	char *buf;
	size_t size;
	size_t from;
	size_t count;
	void *private;
	struct file *file;
};

/* An iterator over records that show() prints, as the kernel's seq_file reads them. */
struct seq_operations {
	void *(*start)(struct seq_file *m, loff_t *pos);
	void (*stop)(struct seq_file *m, void *v);
	void *(*next)(struct seq_file *m, void *v, loff_t *pos);
	int (*show)(struct seq_file *m, void *v);
};

/* Formats into the buffer; on overflow, count == size (as seq_write()). */
__printf(2, 3) void seq_printf(struct seq_file *m, const char *fmt, ...);

static inline bool seq_has_overflowed(struct seq_file *m)
{
	return m->count == m->size;
}

/* Appends @len bytes; 0, or -1 (and overflowed) when they do not fit. */
static inline int seq_write(struct seq_file *seq, const void *data, size_t len)
{
	if (seq->count + len < seq->size) {
		__builtin_memcpy(seq->buf + seq->count, data, len);
		seq->count += len;
		return 0;
	}
	seq->count = seq->size;
	return -1;
}

static inline void seq_putc(struct seq_file *m, char c)
{
	if (m->count >= m->size)
		return;
	m->buf[m->count++] = c;
}

static inline void seq_puts(struct seq_file *m, const char *s)
{
	seq_write(m, s, __builtin_strlen(s));
}

/*
 * Copies the path @p to @s with each character of @esc written as \ooo; returns the end
 * of the result, or NULL when it would run into @p (the result is built in place in the
 * same buffer, below @p).
 */
static inline char *mangle_path(char *s, const char *p, const char *esc)
{
	while (s <= p) {
		char c = *p++;

		if (!c)
			return s;
		if (!__builtin_strchr(esc, c)) {
			*s++ = c;
		} else if (s + 4 > p) {
			break;
		} else {
			*s++ = '\\';
			*s++ = '0' + ((c & 0300) >> 6);
			*s++ = '0' + ((c & 070) >> 3);
			*s++ = '0' + (c & 07);
		}
	}
	return NULL;
}

#endif /* _LINUX_SEQ_FILE_H */
