/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: seq_printf() into a seq_file's buffer (include/linux/seq_file.h, whose
 * layout this mirrors), with the kernel's formats; when the text does not fit, count is
 * set to size (overflowed), as the kernel's seq_vprintf() does.
 */
#include "glue.h"

struct kc_seq_file {
	char *buf;
	size_t size;
	size_t from;
	size_t count;
	void *private;
	void *file;
};

void seq_printf(struct kc_seq_file *m, const char *fmt, ...)
{
	va_list ap;

	if (m->count < m->size) {
		size_t len;

		va_start(ap, fmt);
		len = (size_t)KC_KERNEL(vsnprintf)(m->buf + m->count, m->size - m->count, fmt, ap);
		va_end(ap);
		if (m->count + len < m->size) {
			m->count += len;
			return;
		}
	}
	m->count = m->size;
}
