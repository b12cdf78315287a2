/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the kernel's typed FIFOs. A kfifo is a power-of-two ring of fixed-size elements
 * (or of variable-length records with a 1- or 2-byte length header); the typed front end
 * here calls the kernel's lib/kfifo.c (__kfifo_*) for bulk operations, and inlines
 * kfifo_put()/kfifo_get()/kfifo_peek() for a single element, as the kernel does. With one
 * reader and one writer no lock is needed; otherwise use the _spinlocked forms.
 *
 * struct __kfifo is shared with lib/kfifo.c, so its layout is the kernel's.
 */
#ifndef _LINUX_KFIFO_H
#define _LINUX_KFIFO_H

#include <stddef.h>
#include <linux/array_size.h>
#include <linux/compiler.h>
#include <linux/dma-mapping.h>
#include <linux/err.h>
#include <linux/numa.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <asm-generic/barrier.h>

struct scatterlist;

struct __kfifo {
	unsigned int in;    /* free-running write count */
	unsigned int out;   /* free-running read count */
	unsigned int mask;  /* size - 1 (size is a power of two) */
	unsigned int esize; /* element size in bytes */
	void *data;
};

/*
 * Every typed kfifo starts with this union: its members carry the element type
 * (type/const_type), the record header size (the array size of *rectype) and the pointer
 * type of the bulk calls (ptr/ptr_const) to the macros, which read them with typeof and
 * sizeof only.
 */
#define __STRUCT_KFIFO_COMMON(datatype, recsize, ptrtype)			\
	union {									\
		struct __kfifo kfifo;						\
		datatype *type;							\
		const datatype *const_type;					\
		char (*rectype)[recsize];					\
		ptrtype *ptr;							\
		ptrtype const *ptr_const;					\
	}

/* An in-place kfifo of @size elements: @size must be a power of two >= 2. */
#define __STRUCT_KFIFO(type, size, recsize, ptrtype)				\
	{									\
		__STRUCT_KFIFO_COMMON(type, recsize, ptrtype);			\
		type buf[((size < 2) || (size & (size - 1))) ? -1 : size];	\
	}
#define STRUCT_KFIFO(type, size) struct __STRUCT_KFIFO(type, size, 0, type)

/* A kfifo whose buffer is allocated (kfifo_alloc) or given (kfifo_init). */
#define __STRUCT_KFIFO_PTR(type, recsize, ptrtype)				\
	{									\
		__STRUCT_KFIFO_COMMON(type, recsize, ptrtype);			\
		type buf[0];							\
	}
#define STRUCT_KFIFO_PTR(type) struct __STRUCT_KFIFO_PTR(type, 0, type)

struct kfifo __STRUCT_KFIFO_PTR(unsigned char, 0, void);

#define STRUCT_KFIFO_REC_1(size) struct __STRUCT_KFIFO(unsigned char, size, 1, void)
#define STRUCT_KFIFO_REC_2(size) struct __STRUCT_KFIFO(unsigned char, size, 2, void)
struct kfifo_rec_ptr_1 __STRUCT_KFIFO_PTR(unsigned char, 1, void);
struct kfifo_rec_ptr_2 __STRUCT_KFIFO_PTR(unsigned char, 2, void);

/* A pointer kfifo is exactly the size of the bare pointer form (its buf[] is empty). */
#define __is_kfifo_ptr(fifo)							\
	(sizeof(*fifo) == sizeof(STRUCT_KFIFO_PTR(__typeof__(*(fifo)->type))))

#define DECLARE_KFIFO_PTR(fifo, type) STRUCT_KFIFO_PTR(type) fifo
#define DECLARE_KFIFO(fifo, type, size) STRUCT_KFIFO(type, size) fifo

/* The elements of a kfifo, wherever they live. */
#define __kc_kfifo_buf(tmp)							\
	(__is_kfifo_ptr(tmp) ? ((__typeof__((tmp)->type))(tmp)->kfifo.data) : ((tmp)->buf))

#define INIT_KFIFO(fifo) (void)({						\
	__typeof__(&(fifo)) __kc_t = &(fifo);					\
	struct __kfifo *__kc_k = &__kc_t->kfifo;				\
	__kc_k->in = 0;								\
	__kc_k->out = 0;							\
	__kc_k->mask = __is_kfifo_ptr(__kc_t) ? 0 : ARRAY_SIZE(__kc_t->buf) - 1; \
	__kc_k->esize = sizeof(*__kc_t->buf);					\
	__kc_k->data = __is_kfifo_ptr(__kc_t) ? NULL : __kc_t->buf; })

#define DEFINE_KFIFO(fifo, type, size)						\
	DECLARE_KFIFO(fifo, type, size) = (__typeof__(fifo)) { { {		\
		.in = 0,							\
		.out = 0,							\
		.mask = __is_kfifo_ptr(&(fifo)) ? 0 : ARRAY_SIZE((fifo).buf) - 1, \
		.esize = sizeof(*(fifo).buf),					\
		.data = __is_kfifo_ptr(&(fifo)) ? NULL : (fifo).buf,		\
	} } }

static inline unsigned int __attribute__((warn_unused_result))
__kfifo_uint_must_check_helper(unsigned int val)
{
	return val;
}

static inline int __attribute__((warn_unused_result)) __kfifo_int_must_check_helper(int val)
{
	return val;
}

#define kfifo_initialized(fifo) ((fifo)->kfifo.mask)
#define kfifo_esize(fifo) ((fifo)->kfifo.esize)
#define kfifo_recsize(fifo) (sizeof(*(fifo)->rectype))
#define kfifo_size(fifo) ((fifo)->kfifo.mask + 1)

#define kfifo_reset(fifo) (void)({						\
	__typeof__((fifo) + 1) __kc_t = (fifo);					\
	__kc_t->kfifo.in = __kc_t->kfifo.out = 0; })

/* Drops what is unread; safe against a concurrent writer, unlike kfifo_reset(). */
#define kfifo_reset_out(fifo) (void)({						\
	__typeof__((fifo) + 1) __kc_t = (fifo);					\
	__kc_t->kfifo.out = __kc_t->kfifo.in; })

#define kfifo_len(fifo) ({							\
	__typeof__((fifo) + 1) __kc_tl = (fifo);				\
	__kc_tl->kfifo.in - __kc_tl->kfifo.out; })

#define kfifo_is_empty(fifo) ({							\
	__typeof__((fifo) + 1) __kc_te = (fifo);				\
	__kc_te->kfifo.in == __kc_te->kfifo.out; })

#define kfifo_is_empty_spinlocked(fifo, lock) ({				\
	unsigned long __kc_flags;						\
	bool __kc_r;								\
	spin_lock_irqsave(lock, __kc_flags);					\
	__kc_r = kfifo_is_empty(fifo);						\
	spin_unlock_irqrestore(lock, __kc_flags);				\
	__kc_r; })

#define kfifo_is_empty_spinlocked_noirqsave(fifo, lock) ({			\
	bool __kc_r;								\
	spin_lock(lock);							\
	__kc_r = kfifo_is_empty(fifo);						\
	spin_unlock(lock);							\
	__kc_r; })

#define kfifo_is_full(fifo) ({							\
	__typeof__((fifo) + 1) __kc_tf = (fifo);				\
	kfifo_len(__kc_tf) > __kc_tf->kfifo.mask; })

/* Free space: elements, or for a record fifo the largest record that still fits. */
#define kfifo_avail(fifo) __kfifo_uint_must_check_helper(({			\
	__typeof__((fifo) + 1) __kc_ta = (fifo);				\
	const size_t __kc_rs = sizeof(*__kc_ta->rectype);			\
	unsigned int __kc_av = kfifo_size(__kc_ta) - kfifo_len(__kc_ta);	\
	__kc_rs ? (__kc_av <= __kc_rs ? 0 : __kfifo_max_r(__kc_av - __kc_rs, __kc_rs)) \
		: __kc_av; }))

#define kfifo_skip_count(fifo, count) do {					\
	__typeof__((fifo) + 1) __kc_t = (fifo);					\
	const size_t __kc_rs = sizeof(*__kc_t->rectype);			\
	if (__kc_rs)								\
		__kfifo_skip_r(&__kc_t->kfifo, __kc_rs);			\
	else									\
		__kc_t->kfifo.out += (count);					\
} while (0)
#define kfifo_skip(fifo) kfifo_skip_count(fifo, 1)

/* The length of the next record (or the element size for a plain fifo). */
#define kfifo_peek_len(fifo) __kfifo_uint_must_check_helper(({		\
	__typeof__((fifo) + 1) __kc_t = (fifo);					\
	const size_t __kc_rs = sizeof(*__kc_t->rectype);			\
	(!__kc_rs) ? kfifo_esize(__kc_t) : __kfifo_len_r(&__kc_t->kfifo, __kc_rs); }))

/* Allocates room for @size elements (rounded down to a power of two). */
#define kfifo_alloc_node(fifo, size, gfp_mask, node) __kfifo_int_must_check_helper(({ \
	__typeof__((fifo) + 1) __kc_t = (fifo);					\
	__is_kfifo_ptr(__kc_t) ?						\
		__kfifo_alloc_node(&__kc_t->kfifo, size, sizeof(*__kc_t->type), gfp_mask, node) \
		: -EINVAL; }))
#define kfifo_alloc(fifo, size, gfp_mask) kfifo_alloc_node(fifo, size, gfp_mask, NUMA_NO_NODE)

#define kfifo_free(fifo) ({							\
	__typeof__((fifo) + 1) __kc_t = (fifo);					\
	if (__is_kfifo_ptr(__kc_t))						\
		__kfifo_free(&__kc_t->kfifo); })

/* Uses @buffer of @size bytes (rounded down to a power of two of elements). */
#define kfifo_init(fifo, buffer, size) ({					\
	__typeof__((fifo) + 1) __kc_t = (fifo);					\
	__is_kfifo_ptr(__kc_t) ?						\
		__kfifo_init(&__kc_t->kfifo, buffer, size, sizeof(*__kc_t->type)) \
		: -EINVAL; })

/* Adds one element; 0 when the fifo is full. */
#define kfifo_put(fifo, val) ({							\
	__typeof__((fifo) + 1) __kc_t = (fifo);					\
	__typeof__(*__kc_t->const_type) __kc_v = (val);				\
	unsigned int __kc_r;							\
	const size_t __kc_rs = sizeof(*__kc_t->rectype);			\
	struct __kfifo *__kc_k = &__kc_t->kfifo;				\
	if (__kc_rs) {								\
		__kc_r = __kfifo_in_r(__kc_k, &__kc_v, sizeof(__kc_v), __kc_rs); \
	} else {								\
		__kc_r = !kfifo_is_full(__kc_t);				\
		if (__kc_r) {							\
			__kc_kfifo_buf(__kc_t)[__kc_k->in & __kc_k->mask] =	\
				*(__typeof__(__kc_t->type))&__kc_v;		\
			smp_wmb();						\
			__kc_k->in++;						\
		}								\
	}									\
	__kc_r; })

/* Takes one element into *@val; 0 when the fifo is empty. */
#define kfifo_get(fifo, val) __kfifo_uint_must_check_helper(({		\
	__typeof__((fifo) + 1) __kc_t = (fifo);					\
	__typeof__(__kc_t->ptr) __kc_v = (val);					\
	unsigned int __kc_r;							\
	const size_t __kc_rs = sizeof(*__kc_t->rectype);			\
	struct __kfifo *__kc_k = &__kc_t->kfifo;				\
	if (__kc_rs) {								\
		__kc_r = __kfifo_out_r(__kc_k, __kc_v, sizeof(*__kc_v), __kc_rs); \
	} else {								\
		__kc_r = !kfifo_is_empty(__kc_t);				\
		if (__kc_r) {							\
			*(__typeof__(__kc_t->type))__kc_v =			\
				__kc_kfifo_buf(__kc_t)[__kc_k->out & __kc_k->mask]; \
			smp_wmb();						\
			__kc_k->out++;						\
		}								\
	}									\
	__kc_r; }))

/* As kfifo_get(), leaving the element in the fifo. */
#define kfifo_peek(fifo, val) __kfifo_uint_must_check_helper(({		\
	__typeof__((fifo) + 1) __kc_t = (fifo);					\
	__typeof__(__kc_t->ptr) __kc_v = (val);					\
	unsigned int __kc_r;							\
	const size_t __kc_rs = sizeof(*__kc_t->rectype);			\
	struct __kfifo *__kc_k = &__kc_t->kfifo;				\
	if (__kc_rs) {								\
		__kc_r = __kfifo_out_peek_r(__kc_k, __kc_v, sizeof(*__kc_v), __kc_rs); \
	} else {								\
		__kc_r = !kfifo_is_empty(__kc_t);				\
		if (__kc_r) {							\
			*(__typeof__(__kc_t->type))__kc_v =			\
				__kc_kfifo_buf(__kc_t)[__kc_k->out & __kc_k->mask]; \
			smp_wmb();						\
		}								\
	}									\
	__kc_r; }))

/* Copies up to @n elements (or one record of @n bytes) in; returns how many went in. */
#define kfifo_in(fifo, buf, n) ({						\
	__typeof__((fifo) + 1) __kc_t = (fifo);					\
	__typeof__(__kc_t->ptr_const) __kc_b = (buf);				\
	unsigned long __kc_n = (n);						\
	const size_t __kc_rs = sizeof(*__kc_t->rectype);			\
	__kc_rs ? __kfifo_in_r(&__kc_t->kfifo, __kc_b, __kc_n, __kc_rs)		\
		: __kfifo_in(&__kc_t->kfifo, __kc_b, __kc_n); })

#define kfifo_in_spinlocked(fifo, buf, n, lock) ({				\
	unsigned long __kc_flags;						\
	unsigned int __kc_r;							\
	spin_lock_irqsave(lock, __kc_flags);					\
	__kc_r = kfifo_in(fifo, buf, n);					\
	spin_unlock_irqrestore(lock, __kc_flags);				\
	__kc_r; })
#define kfifo_in_spinlocked_noirqsave(fifo, buf, n, lock) ({			\
	unsigned int __kc_r;							\
	spin_lock(lock);							\
	__kc_r = kfifo_in(fifo, buf, n);					\
	spin_unlock(lock);							\
	__kc_r; })
#define kfifo_in_locked(fifo, buf, n, lock) kfifo_in_spinlocked(fifo, buf, n, lock)

/* Copies up to @n elements (or the next record, up to @n bytes) out. */
#define kfifo_out(fifo, buf, n) __kfifo_uint_must_check_helper(({		\
	__typeof__((fifo) + 1) __kc_t = (fifo);					\
	__typeof__(__kc_t->ptr) __kc_b = (buf);					\
	unsigned long __kc_n = (n);						\
	const size_t __kc_rs = sizeof(*__kc_t->rectype);			\
	__kc_rs ? __kfifo_out_r(&__kc_t->kfifo, __kc_b, __kc_n, __kc_rs)	\
		: __kfifo_out(&__kc_t->kfifo, __kc_b, __kc_n); }))

#define kfifo_out_spinlocked(fifo, buf, n, lock) __kfifo_uint_must_check_helper(({ \
	unsigned long __kc_flags;						\
	unsigned int __kc_r;							\
	spin_lock_irqsave(lock, __kc_flags);					\
	__kc_r = kfifo_out(fifo, buf, n);					\
	spin_unlock_irqrestore(lock, __kc_flags);				\
	__kc_r; }))
#define kfifo_out_spinlocked_noirqsave(fifo, buf, n, lock) __kfifo_uint_must_check_helper(({ \
	unsigned int __kc_r;							\
	spin_lock(lock);							\
	__kc_r = kfifo_out(fifo, buf, n);					\
	spin_unlock(lock);							\
	__kc_r; }))
#define kfifo_out_locked(fifo, buf, n, lock) kfifo_out_spinlocked(fifo, buf, n, lock)

#define kfifo_from_user(fifo, from, len, copied) __kfifo_uint_must_check_helper(({ \
	__typeof__((fifo) + 1) __kc_t = (fifo);					\
	const void __user *__kc_from = (from);					\
	unsigned int __kc_len = (len);						\
	unsigned int *__kc_copied = (copied);					\
	const size_t __kc_rs = sizeof(*__kc_t->rectype);			\
	__kc_rs ? __kfifo_from_user_r(&__kc_t->kfifo, __kc_from, __kc_len, __kc_copied, __kc_rs) \
		: __kfifo_from_user(&__kc_t->kfifo, __kc_from, __kc_len, __kc_copied); }))

#define kfifo_to_user(fifo, to, len, copied) __kfifo_int_must_check_helper(({	\
	__typeof__((fifo) + 1) __kc_t = (fifo);					\
	void __user *__kc_to = (to);						\
	unsigned int __kc_len = (len);						\
	unsigned int *__kc_copied = (copied);					\
	const size_t __kc_rs = sizeof(*__kc_t->rectype);			\
	__kc_rs ? __kfifo_to_user_r(&__kc_t->kfifo, __kc_to, __kc_len, __kc_copied, __kc_rs) \
		: __kfifo_to_user(&__kc_t->kfifo, __kc_to, __kc_len, __kc_copied); }))

#define kfifo_dma_in_prepare_mapped(fifo, sgl, nents, len, dma) ({		\
	__typeof__((fifo) + 1) __kc_t = (fifo);					\
	const size_t __kc_rs = sizeof(*__kc_t->rectype);			\
	__kc_rs ? __kfifo_dma_in_prepare_r(&__kc_t->kfifo, sgl, nents, len, __kc_rs, dma) \
		: __kfifo_dma_in_prepare(&__kc_t->kfifo, sgl, nents, len, dma); })
#define kfifo_dma_in_prepare(fifo, sgl, nents, len)				\
	kfifo_dma_in_prepare_mapped(fifo, sgl, nents, len, DMA_MAPPING_ERROR)

#define kfifo_dma_in_finish(fifo, len) (void)({					\
	__typeof__((fifo) + 1) __kc_t = (fifo);					\
	unsigned int __kc_len = (len);						\
	const size_t __kc_rs = sizeof(*__kc_t->rectype);			\
	if (__kc_rs)								\
		__kfifo_dma_in_finish_r(&__kc_t->kfifo, __kc_len, __kc_rs);	\
	else									\
		__kc_t->kfifo.in += __kc_len / sizeof(*__kc_t->type); })

#define kfifo_dma_out_prepare_mapped(fifo, sgl, nents, len, dma) ({		\
	__typeof__((fifo) + 1) __kc_t = (fifo);					\
	const size_t __kc_rs = sizeof(*__kc_t->rectype);			\
	__kc_rs ? __kfifo_dma_out_prepare_r(&__kc_t->kfifo, sgl, nents, len, __kc_rs, dma) \
		: __kfifo_dma_out_prepare(&__kc_t->kfifo, sgl, nents, len, dma); })
#define kfifo_dma_out_prepare(fifo, sgl, nents, len)				\
	kfifo_dma_out_prepare_mapped(fifo, sgl, nents, len, DMA_MAPPING_ERROR)

#define kfifo_dma_out_finish(fifo, len) do {					\
	__typeof__((fifo) + 1) __kc_t = (fifo);					\
	unsigned int __kc_len = (len);						\
	const size_t __kc_rs = sizeof(*__kc_t->rectype);			\
	if (__kc_rs)								\
		__kfifo_skip_r(&__kc_t->kfifo, __kc_rs);			\
	else									\
		__kc_t->kfifo.out += __kc_len / sizeof(*__kc_t->type);		\
} while (0)

/* Copies up to @n elements out without consuming them. */
#define kfifo_out_peek(fifo, buf, n) __kfifo_uint_must_check_helper(({	\
	__typeof__((fifo) + 1) __kc_t = (fifo);					\
	__typeof__(__kc_t->ptr) __kc_b = (buf);					\
	unsigned long __kc_n = (n);						\
	const size_t __kc_rs = sizeof(*__kc_t->rectype);			\
	__kc_rs ? __kfifo_out_peek_r(&__kc_t->kfifo, __kc_b, __kc_n, __kc_rs)	\
		: __kfifo_out_peek(&__kc_t->kfifo, __kc_b, __kc_n); }))

/* How many elements can be read in one piece from index *@tail. */
#define kfifo_out_linear(fifo, tail, n) __kfifo_uint_must_check_helper(({	\
	__typeof__((fifo) + 1) __kc_t = (fifo);					\
	unsigned int *__kc_tail = (tail);					\
	unsigned long __kc_n = (n);						\
	const size_t __kc_rs = sizeof(*__kc_t->rectype);			\
	__kc_rs ? __kfifo_out_linear_r(&__kc_t->kfifo, __kc_tail, __kc_n, __kc_rs) \
		: __kfifo_out_linear(&__kc_t->kfifo, __kc_tail, __kc_n); }))

/* As kfifo_out_linear(), giving a pointer to the first element in *@ptr. */
#define kfifo_out_linear_ptr(fifo, ptr, n) __kfifo_uint_must_check_helper(({	\
	__typeof__((fifo) + 1) __kc_tp = (fifo);				\
	unsigned int __kc_tail;							\
	unsigned int __kc_cnt = kfifo_out_linear(__kc_tp, &__kc_tail, n);	\
	*(ptr) = (void *)((char *)__kc_tp->kfifo.data + __kc_tail * kfifo_esize(__kc_tp)); \
	__kc_cnt; }))

int __kfifo_alloc_node(struct __kfifo *fifo, unsigned int size, size_t esize, gfp_t gfp_mask,
		       int node);
void __kfifo_free(struct __kfifo *fifo);
int __kfifo_init(struct __kfifo *fifo, void *buffer, unsigned int size, size_t esize);
unsigned int __kfifo_in(struct __kfifo *fifo, const void *buf, unsigned int len);
unsigned int __kfifo_out(struct __kfifo *fifo, void *buf, unsigned int len);
int __kfifo_from_user(struct __kfifo *fifo, const void __user *from, unsigned long len,
		      unsigned int *copied);
int __kfifo_to_user(struct __kfifo *fifo, void __user *to, unsigned long len,
		    unsigned int *copied);
unsigned int __kfifo_dma_in_prepare(struct __kfifo *fifo, struct scatterlist *sgl, int nents,
				    unsigned int len, dma_addr_t dma);
unsigned int __kfifo_dma_out_prepare(struct __kfifo *fifo, struct scatterlist *sgl,
				     int nents, unsigned int len, dma_addr_t dma);
unsigned int __kfifo_out_peek(struct __kfifo *fifo, void *buf, unsigned int len);
unsigned int __kfifo_out_linear(struct __kfifo *fifo, unsigned int *tail, unsigned int n);
unsigned int __kfifo_in_r(struct __kfifo *fifo, const void *buf, unsigned int len,
			  size_t recsize);
unsigned int __kfifo_out_r(struct __kfifo *fifo, void *buf, unsigned int len, size_t recsize);
int __kfifo_from_user_r(struct __kfifo *fifo, const void __user *from, unsigned long len,
			unsigned int *copied, size_t recsize);
int __kfifo_to_user_r(struct __kfifo *fifo, void __user *to, unsigned long len,
		      unsigned int *copied, size_t recsize);
unsigned int __kfifo_dma_in_prepare_r(struct __kfifo *fifo, struct scatterlist *sgl,
				      int nents, unsigned int len, size_t recsize,
				      dma_addr_t dma);
void __kfifo_dma_in_finish_r(struct __kfifo *fifo, unsigned int len, size_t recsize);
unsigned int __kfifo_dma_out_prepare_r(struct __kfifo *fifo, struct scatterlist *sgl,
				       int nents, unsigned int len, size_t recsize,
				       dma_addr_t dma);
unsigned int __kfifo_len_r(struct __kfifo *fifo, size_t recsize);
void __kfifo_skip_r(struct __kfifo *fifo, size_t recsize);
unsigned int __kfifo_out_peek_r(struct __kfifo *fifo, void *buf, unsigned int len,
				size_t recsize);
unsigned int __kfifo_out_linear_r(struct __kfifo *fifo, unsigned int *tail, unsigned int n,
				  size_t recsize);
unsigned int __kfifo_max_r(unsigned int len, size_t recsize);

#endif /* _LINUX_KFIFO_H */
