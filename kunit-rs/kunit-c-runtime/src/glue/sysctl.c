/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: sysctl tables (<linux/sysctl.h>). The proc handlers turn a table's values
 * into text and back with kernel/sysctl.c's rules: numbers in base 0 (0x.., 0..), one to
 * 21 characters each, separated by blanks, a bad or out-of-range number refuses the
 * write; a numeric write at a non-zero position is ignored (kernel.sysctl_writes_strict
 * is 1); a read at a non-zero position reads nothing. register_sysctl() checks a table as
 * fs/proc/proc_sysctl.c does (printing the kernel's "sysctl table check failed" lines) and
 * refuses a name that a folder already holds; the registrations are kept by path (there
 * is no /proc/sys to reach them through).
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glue.h"

int _printk(const char *fmt, ...);

struct kc_ctl_table;
typedef int kc_proc_handler(const struct kc_ctl_table *ctl, int write, void *buffer,
			    size_t *lenp, long long *ppos);

/* <linux/sysctl.h>'s layouts (its _Static_asserts pin the same sizes). */
struct kc_ctl_table {
	const char *procname;
	void *data;
	int maxlen;
	unsigned short mode;
	kc_proc_handler *proc_handler;
	void *poll;
	void *extra1;
	void *extra2;
};

struct kc_ctl_table_header {
	struct kc_ctl_table *ctl_table;
	int ctl_table_size;
	const struct kc_ctl_table *ctl_table_arg;
};

_Static_assert(sizeof(struct kc_ctl_table) == 6 * sizeof(void *) + 8, "<linux/sysctl.h>");
_Static_assert(sizeof(struct kc_ctl_table_header) == 3 * sizeof(void *), "<linux/sysctl.h>");

/* The kernel's values at the kernel's indices (SYSCTL_ZERO ... SYSCTL_NEG_ONE). */
const int sysctl_vals[] = { 0, 1, 2, 3, 4, 100, 200, 1000, 3000, INT_MAX, 65535, -1 };
const unsigned long sysctl_long_vals[] = { 0, 1, LONG_MAX };

/* A number's text is at most 21 characters: a longer run could be two numbers. */
#define KC_NUM_MAX 21

/* The kernel's isspace(): its ctype also counts Latin-1's no-break space (0xa0). */
static bool kc_blank(char c)
{
	unsigned char u = (unsigned char)c;

	return u == ' ' || (u >= '\t' && u <= '\r') || u == 0xa0;
}

static void skip_blanks(const char **p, size_t *left)
{
	while (*left && kc_blank(**p)) {
		(*p)++;
		(*left)--;
	}
}

static int digit_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return 99;
}

/*
 * One number at *p (at most *left bytes): an optional '-' (when more follows), then digits
 * in base 0 as kstrtoul's. It must be followed by the end or a blank (' ', '\t', '\n').
 * On success *p and *left move past it.
 */
static int get_number(const char **p, size_t *left, unsigned long *val, bool *neg)
{
	char text[KC_NUM_MAX + 1];
	size_t n = *left < KC_NUM_MAX ? *left : KC_NUM_MAX;
	const char *s = text;
	unsigned int base = 10;
	unsigned long long acc = 0;
	bool overflow = false;
	size_t used;

	if (!*left)
		return -EINVAL;
	memcpy(text, *p, n);
	text[n] = '\0';
	*neg = *s == '-' && *left > 1;
	if (*neg)
		s++;
	if (*s < '0' || *s > '9')
		return -EINVAL;
	if (s[0] == '0') {
		base = 8;
		if ((s[1] | 0x20) == 'x' && digit_value(s[2]) < 16) {
			base = 16;
			s += 2;
		}
	}
	for (; digit_value(*s) < (int)base; s++) {
		unsigned long long next = acc * base + (unsigned long long)digit_value(*s);

		if (acc > ULLONG_MAX / base || next < acc * base)
			overflow = true;
		acc = next;
	}
	if (overflow || acc > ULONG_MAX)
		return -EINVAL;
	used = (size_t)(s - text);
	if (used == KC_NUM_MAX)
		return -EINVAL;
	if (used < *left && *s != ' ' && *s != '\t' && *s != '\n')
		return -EINVAL;
	*val = (unsigned long)acc;
	*p += used;
	*left -= used;
	return 0;
}

/* Writes "-123" (cut to what fits) at *buf. */
static void put_number(char **buf, size_t *left, unsigned long val, bool neg)
{
	char text[KC_NUM_MAX + 2];
	size_t n = (size_t)snprintf(text, sizeof(text), "%s%lu", neg ? "-" : "", val);

	if (n > *left)
		n = *left;
	memcpy(*buf, text, n);
	*buf += n;
	*left -= n;
}

static void put_char(char **buf, size_t *left, char c)
{
	if (*left) {
		**buf = c;
		(*buf)++;
		(*left)--;
	}
}

/* One int's conversion: to and from the sign and magnitude of the text. */
typedef int kc_int_conv(bool *neg, unsigned long *lval, int *valp, int write, void *data);

static int int_conv(bool *neg, unsigned long *lval, int *valp, int write, void *data)
{
	int v;

	if (!write) {
		v = __atomic_load_n(valp, __ATOMIC_RELAXED);
		*neg = v < 0;
		*lval = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
		return 0;
	}
	if (*lval > (unsigned long)INT_MAX + (*neg ? 1 : 0))
		return -EINVAL;
	v = *neg ? (int)(0UL - *lval) : (int)*lval;
	__atomic_store_n(valp, v, __ATOMIC_RELAXED);
	return 0;
}

struct int_range {
	const int *min, *max;
};

static int int_minmax_conv(bool *neg, unsigned long *lval, int *valp, int write, void *data)
{
	const struct int_range *r = data;
	int v;

	if (!write)
		return int_conv(neg, lval, valp, 0, NULL);
	if (int_conv(neg, lval, &v, 1, NULL))
		return -EINVAL;
	if ((r->min && v < *r->min) || (r->max && v > *r->max))
		return -EINVAL;
	__atomic_store_n(valp, v, __ATOMIC_RELAXED);
	return 0;
}

/* A vector of ints (table->maxlen / sizeof(int) of them at data), read or written. */
static int int_vector(void *data, const struct kc_ctl_table *table, int write, void *buffer,
		      size_t *lenp, long long *ppos, kc_int_conv *conv, void *conv_data)
{
	int *v = data;
	size_t count, i, left = *lenp;
	int err = 0;

	if (!data || !table->maxlen || !*lenp || (*ppos && !write)) {
		*lenp = 0;
		return 0;
	}
	count = (size_t)table->maxlen / sizeof(int);
	if (write) {
		const char *p = buffer;

		if (*ppos) {
			*ppos += (long long)*lenp;
			return 0;
		}
		if (left > KC_PAGE_SIZE - 1)
			left = KC_PAGE_SIZE - 1;
		for (i = 0; left && i < count; i++) {
			unsigned long lval;
			bool neg;

			skip_blanks(&p, &left);
			if (!left)
				break;
			err = get_number(&p, &left, &lval, &neg);
			if (!err && conv(&neg, &lval, &v[i], 1, conv_data))
				err = -EINVAL;
			if (err)
				break;
		}
		/* Nothing converted: the write fails (with the error, if one stopped it). */
		if (i == 0)
			return err ? err : -EINVAL;
		if (!err)
			skip_blanks(&p, &left);
	} else {
		char *out = buffer;

		for (i = 0; left && i < count; i++) {
			unsigned long lval;
			bool neg;

			if (conv(&neg, &lval, &v[i], 0, conv_data)) {
				err = -EINVAL;
				break;
			}
			if (i)
				put_char(&out, &left, '\t');
			put_number(&out, &left, lval, neg);
		}
		if (i && !err)
			put_char(&out, &left, '\n');
	}
	*lenp -= left;
	*ppos += (long long)*lenp;
	return err;
}

int proc_dointvec(const struct kc_ctl_table *table, int write, void *buffer, size_t *lenp,
		  long long *ppos)
{
	return int_vector(table->data, table, write, buffer, lenp, ppos, int_conv, NULL);
}

int proc_dointvec_minmax(const struct kc_ctl_table *table, int write, void *buffer,
			 size_t *lenp, long long *ppos)
{
	struct int_range r = { table->extra1, table->extra2 };

	return int_vector(table->data, table, write, buffer, lenp, ppos, int_minmax_conv, &r);
}

int proc_dobool(const struct kc_ctl_table *table, int write, void *buffer, size_t *lenp,
		long long *ppos)
{
	struct kc_ctl_table as_int = *table;
	bool *b = table->data;
	int v, err;

	if (table->maxlen != sizeof(bool))
		return -EINVAL;
	v = __atomic_load_n(b, __ATOMIC_RELAXED);
	as_int.data = &v;
	as_int.maxlen = sizeof(v);
	err = proc_dointvec(&as_int, write, buffer, lenp, ppos);
	if (!err && write)
		__atomic_store_n(b, v != 0, __ATOMIC_RELAXED);
	return err;
}

static int uint_conv(unsigned long *lval, unsigned int *valp, int write, void *data)
{
	if (!write) {
		*lval = __atomic_load_n(valp, __ATOMIC_RELAXED);
		return 0;
	}
	if (*lval > UINT_MAX)
		return -EINVAL;
	__atomic_store_n(valp, (unsigned int)*lval, __ATOMIC_RELAXED);
	return 0;
}

/* One unsigned int (arrays are refused), read or written. */
int do_proc_douintvec(const struct kc_ctl_table *table, int write, void *buffer,
		      size_t *lenp, long long *ppos,
		      int (*conv)(unsigned long *lval, unsigned int *valp, int write, void *data),
		      void *data)
{
	unsigned int *v = table->data;
	size_t left = *lenp;
	unsigned long lval;

	if (!v || !table->maxlen || !*lenp || (*ppos && !write)) {
		*lenp = 0;
		return 0;
	}
	if ((size_t)table->maxlen / sizeof(unsigned int) != 1) {
		*lenp = 0;
		return -EINVAL;
	}
	if (!conv)
		conv = uint_conv;
	if (write) {
		const char *p = buffer;
		bool neg;

		if (*ppos) {
			*ppos += (long long)*lenp;
			return 0;
		}
		if (left > KC_PAGE_SIZE - 1)
			left = KC_PAGE_SIZE - 1;
		skip_blanks(&p, &left);
		/* The whole write is taken: *lenp and *ppos stay as they are. */
		if (!left || get_number(&p, &left, &lval, &neg) || neg ||
		    conv(&lval, v, 1, data))
			return -EINVAL;
		return 0;
	}
	if (conv(&lval, v, 0, data)) {
		*lenp = 0;
		return -EINVAL;
	}
	{
		char *out = buffer;

		put_number(&out, &left, lval, false);
		put_char(&out, &left, '\n');
	}
	*lenp -= left;
	*ppos += (long long)*lenp;
	return 0;
}

int proc_douintvec(const struct kc_ctl_table *table, int write, void *buffer, size_t *lenp,
		   long long *ppos)
{
	return do_proc_douintvec(table, write, buffer, lenp, ppos, uint_conv, NULL);
}

struct uint_range {
	const unsigned int *min, *max;
};

static int uint_minmax_conv(unsigned long *lval, unsigned int *valp, int write, void *data)
{
	const struct uint_range *r = data;
	unsigned int v;

	if (!write)
		return uint_conv(lval, valp, 0, NULL);
	if (uint_conv(lval, &v, 1, NULL))
		return -EINVAL;
	if ((r->min && v < *r->min) || (r->max && v > *r->max))
		return -ERANGE;
	__atomic_store_n(valp, v, __ATOMIC_RELAXED);
	return 0;
}

int proc_douintvec_minmax(const struct kc_ctl_table *table, int write, void *buffer,
			  size_t *lenp, long long *ppos)
{
	struct uint_range r = { table->extra1, table->extra2 };

	return do_proc_douintvec(table, write, buffer, lenp, ppos, uint_minmax_conv, &r);
}

/* One u8, its bounds (extra1, extra2) read as unsigned ints, 0 and 255 when unset. */
int proc_dou8vec_minmax(const struct kc_ctl_table *table, int write, void *buffer,
			size_t *lenp, long long *ppos)
{
	unsigned int min = 0, max = 255, v;
	struct uint_range r = { &min, &max };
	struct kc_ctl_table as_uint = *table;
	unsigned char *u8 = table->data;
	int err;

	if (table->maxlen != 1)
		return -EINVAL;
	if (table->extra1)
		min = *(const unsigned int *)table->extra1;
	if (table->extra2)
		max = *(const unsigned int *)table->extra2;
	v = __atomic_load_n(u8, __ATOMIC_RELAXED);
	as_uint.data = &v;
	as_uint.maxlen = sizeof(v);
	err = do_proc_douintvec(&as_uint, write, buffer, lenp, ppos, uint_minmax_conv, &r);
	if (!err && write)
		__atomic_store_n(u8, (unsigned char)v, __ATOMIC_RELAXED);
	return err;
}

/* A vector of unsigned longs within [extra1, extra2], read or written. */
int proc_doulongvec_minmax(const struct kc_ctl_table *table, int write, void *buffer,
			   size_t *lenp, long long *ppos)
{
	unsigned long *v = table->data;
	const unsigned long *min = table->extra1, *max = table->extra2;
	size_t count, i, left = *lenp;
	int err = 0;

	if (!v || !table->maxlen || !*lenp || (*ppos && !write)) {
		*lenp = 0;
		return 0;
	}
	count = (size_t)table->maxlen / sizeof(unsigned long);
	if (write) {
		const char *p = buffer;

		if (*ppos) {
			*ppos += (long long)*lenp;
			return 0;
		}
		if (left > KC_PAGE_SIZE - 1)
			left = KC_PAGE_SIZE - 1;
		for (i = 0; left && i < count; i++) {
			unsigned long lval;
			bool neg;

			skip_blanks(&p, &left);
			if (!left)
				break;
			/* A negative or out-of-range number stops the write there. */
			if (get_number(&p, &left, &lval, &neg) || neg ||
			    (min && lval < *min) || (max && lval > *max)) {
				err = -EINVAL;
				break;
			}
			__atomic_store_n(&v[i], lval, __ATOMIC_RELAXED);
		}
		if (i == 0)
			return err ? err : -EINVAL;
		if (!err)
			skip_blanks(&p, &left);
	} else {
		char *out = buffer;

		for (i = 0; left && i < count; i++) {
			if (i)
				put_char(&out, &left, '\t');
			put_number(&out, &left, __atomic_load_n(&v[i], __ATOMIC_RELAXED), false);
		}
		if (i)
			put_char(&out, &left, '\n');
	}
	*lenp -= left;
	*ppos += (long long)*lenp;
	return err;
}

/* A string of at most maxlen - 1 bytes: a write continues at *ppos, a read adds '\n'. */
int proc_dostring(const struct kc_ctl_table *table, int write, void *buffer, size_t *lenp,
		  long long *ppos)
{
	char *s = table->data;
	size_t maxlen = (size_t)table->maxlen, len;

	if (!s || !table->maxlen || !*lenp) {
		*lenp = 0;
		return 0;
	}
	len = strnlen(s, maxlen);
	if (write) {
		const char *in = buffer;
		size_t i;

		if (len > maxlen - 1)
			len = maxlen - 1;
		if (*ppos > (long long)len)
			return 0;
		len = (size_t)*ppos;
		*ppos += (long long)*lenp;
		for (i = 0; i < *lenp && len < maxlen - 1; i++) {
			if (in[i] == '\0' || in[i] == '\n')
				break;
			s[len++] = in[i];
		}
		s[len] = '\0';
		return 0;
	}
	if (*ppos > (long long)len) {
		*lenp = 0;
		return 0;
	}
	s += *ppos;
	len -= (size_t)*ppos;
	if (len > *lenp)
		len = *lenp;
	memcpy(buffer, s, len);
	if (len < *lenp)
		((char *)buffer)[len++] = '\n';
	*lenp = len;
	*ppos += (long long)len;
	return 0;
}

/* --- Registration ------------------------------------------------------------------ */

/*
 * A registration: the header register_sysctl() returns first, then the folder and copies
 * of the names, which outlive the table (sysctl-test.c registers a table on its stack and
 * never unregisters it).
 */
struct kc_registration {
	struct kc_ctl_table_header h;
	struct kc_registration *next;
	char *path;
	size_t n;
	char *names[];
};

static pthread_mutex_t sysctl_lock = PTHREAD_MUTEX_INITIALIZER;
static struct kc_registration *registered;

/* One fault of a table entry, printed as fs/proc/proc_sysctl.c prints it. */
static bool check_fault(const char *path, const struct kc_ctl_table *e, const char *what)
{
	_printk("\0013sysctl table check failed: %s/%s %s\n", path,
		e->procname ? e->procname : "(null)", what);
	return true;
}

static bool bad_bound_u8(const void *extra)
{
	return extra && *(const unsigned int *)extra > 255;
}

/* fs/proc/proc_sysctl.c's checks of a table, every fault printed. */
static bool table_bad(const char *path, const struct kc_ctl_table *t, size_t n)
{
	bool bad = false;
	size_t i;

	for (i = 0; i < n; i++) {
		const struct kc_ctl_table *e = &t[i];
		kc_proc_handler *h = e->proc_handler;

		if (!e->procname)
			bad |= check_fault(path, e, "procname is null");
		if (h == proc_dostring || h == proc_dobool || h == proc_dointvec ||
		    h == proc_douintvec || h == proc_douintvec_minmax ||
		    h == proc_dointvec_minmax || h == proc_dou8vec_minmax ||
		    h == proc_doulongvec_minmax) {
			if (!e->data)
				bad |= check_fault(path, e, "No data");
			if (!e->maxlen) {
				bad |= check_fault(path, e, "No maxlen");
			} else {
				if ((h == proc_douintvec || h == proc_douintvec_minmax) &&
				    e->maxlen != sizeof(unsigned int))
					bad |= check_fault(path, e, "array not allowed");
				if (h == proc_dou8vec_minmax && e->maxlen != 1)
					bad |= check_fault(path, e, "array not allowed");
				if (h == proc_dou8vec_minmax && bad_bound_u8(e->extra1))
					bad |= check_fault(path, e,
							   "range value too large for proc_dou8vec_minmax");
				if (h == proc_dou8vec_minmax && bad_bound_u8(e->extra2))
					bad |= check_fault(path, e,
							   "range value too large for proc_dou8vec_minmax");
				if (h == proc_dobool && e->maxlen != sizeof(bool))
					bad |= check_fault(path, e, "array not allowed");
			}
		}
		if (!h)
			bad |= check_fault(path, e, "No proc_handler");
		if ((e->mode & 0666) != e->mode) {
			char what[32];

			snprintf(what, sizeof(what), "bogus .mode 0%o", e->mode);
			bad |= check_fault(path, e, what);
		}
	}
	return bad;
}

/* "a//b/" as "a/b": the folders the kernel's path walk makes. */
static char *normal_path(const char *path)
{
	char *out = malloc(strlen(path) + 1), *o = out;

	if (!out)
		return NULL;
	for (; *path; path++) {
		if (*path == '/' && (o == out || o[-1] == '/'))
			continue;
		*o++ = *path;
	}
	if (o != out && o[-1] == '/')
		o--;
	*o = '\0';
	return out;
}

/* The folder and name of path's last part ("a/b/c": "a/b" and "c"), in buf. */
static void split_last(const char *path, char *buf, const char **dir, const char **name)
{
	char *slash;

	strcpy(buf, path);
	slash = strrchr(buf, '/');
	if (slash) {
		*slash = '\0';
		*dir = buf;
		*name = slash + 1;
	} else {
		*dir = "";
		*name = buf;
	}
}

/* Is there an entry (a file) dir/name? Under sysctl_lock. */
static bool is_entry(const char *dir, const char *name)
{
	const struct kc_registration *r;
	size_t i;

	for (r = registered; r; r = r->next)
		if (!strcmp(r->path, dir))
			for (i = 0; i < r->n; i++)
				if (!strcmp(r->names[i], name))
					return true;
	return false;
}

/* Is dir/name a folder: some registration's path, or a folder on its way? */
static bool is_folder(const char *dir, const char *name)
{
	const struct kc_registration *r;
	size_t d = strlen(dir), len = strlen(name);

	for (r = registered; r; r = r->next) {
		const char *p = r->path;

		if (d) {
			if (strncmp(p, dir, d) || p[d] != '/')
				continue;
			p += d + 1;
		}
		if (!strncmp(p, name, len) && (p[len] == '\0' || p[len] == '/'))
			return true;
	}
	return false;
}

/* Is a folder on path (path itself included) an entry already? Under sysctl_lock. */
static bool path_blocked(const char *path)
{
	size_t len = strlen(path);
	char *prefix = malloc(len + 1), *buf = malloc(len + 1);
	bool blocked = !prefix || !buf;
	size_t at;

	for (at = 1; !blocked && at <= len; at++) {
		const char *dir, *name;

		if (path[at] != '/' && path[at] != '\0')
			continue;
		memcpy(prefix, path, at);
		prefix[at] = '\0';
		split_last(prefix, buf, &dir, &name);
		blocked = is_entry(dir, name);
	}
	free(prefix);
	free(buf);
	return blocked;
}

static void free_registration(struct kc_registration *r)
{
	size_t i;

	for (i = 0; i < r->n; i++)
		free(r->names[i]);
	free(r->path);
	free(r);
}

struct kc_ctl_table_header *register_sysctl_sz(const char *path, struct kc_ctl_table *table,
					       size_t table_size)
{
	struct kc_registration *r;
	size_t i, j;

	if (table_bad(path, table, table_size))
		return NULL;
	r = calloc(1, sizeof(*r) + table_size * sizeof(r->names[0]));
	if (!r)
		return NULL;
	r->h.ctl_table = table;
	r->h.ctl_table_size = (int)table_size;
	r->h.ctl_table_arg = table;
	r->path = normal_path(path);
	for (; r->n < table_size; r->n++)
		if (!(r->names[r->n] = strdup(table[r->n].procname)))
			break;
	if (!r->path || r->n < table_size) {
		free_registration(r);
		return NULL;
	}
	pthread_mutex_lock(&sysctl_lock);
	if (path_blocked(r->path)) {
		pthread_mutex_unlock(&sysctl_lock);
		_printk("\0013sysctl could not get directory: /%s -20\n", r->path);
		free_registration(r);
		return NULL;
	}
	for (i = 0; i < table_size; i++) {
		bool dup = is_entry(r->path, r->names[i]) || is_folder(r->path, r->names[i]);

		for (j = 0; j < i && !dup; j++)
			dup = !strcmp(r->names[j], r->names[i]);
		if (dup) {
			pthread_mutex_unlock(&sysctl_lock);
			_printk("\0013sysctl duplicate entry: /%s%s%s\n", r->path,
				*r->path ? "/" : "", r->names[i]);
			free_registration(r);
			return NULL;
		}
	}
	r->next = registered;
	registered = r;
	pthread_mutex_unlock(&sysctl_lock);
	return &r->h;
}

void __register_sysctl_init(const char *path, struct kc_ctl_table *table,
			    const char *table_name, size_t table_size)
{
	if (!register_sysctl_sz(path, table, table_size))
		_printk("\0013failed when register_sysctl_sz %s to %s\n", table_name, path);
}

/* An empty folder (the kernel's permanently empty mount point). */
struct kc_ctl_table_header *register_sysctl_mount_point(const char *path)
{
	return register_sysctl_sz(path, NULL, 0);
}

void unregister_sysctl_table(struct kc_ctl_table_header *header)
{
	struct kc_registration *r = (struct kc_registration *)header, **p;

	if (!header)
		return;
	pthread_mutex_lock(&sysctl_lock);
	for (p = &registered; *p && *p != r; p = &(*p)->next)
		;
	if (*p)
		*p = r->next;
	pthread_mutex_unlock(&sysctl_lock);
	free_registration(r);
}
