/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: binary heaps over a caller's array, ordered by a less() callback (a min-heap
 * for "<", a max-heap for ">"), with the kernel's API. The _inline forms are here; the
 * plain forms call the kernel's lib/min_heap.c, which wraps the same inline code.
 */
#ifndef _LINUX_MIN_HEAP_H
#define _LINUX_MIN_HEAP_H

#include <stdbool.h>
#include <stddef.h>
#include <linux/bug.h>
#include <linux/string.h>
#include <linux/types.h>

/* A heap of @_type: @nr in use of @size at @data (or the @_nr preallocated ones). */
#define MIN_HEAP_PREALLOCATED(_type, _name, _nr)				\
	struct _name {								\
		size_t nr;							\
		size_t size;							\
		_type *data;							\
		_type preallocated[_nr];					\
	}

#define DEFINE_MIN_HEAP(_type, _name) MIN_HEAP_PREALLOCATED(_type, _name, 0)

/* The untyped view every heap is handled through. */
typedef DEFINE_MIN_HEAP(char, min_heap_char) min_heap_char;

#define __minheap_cast(_heap) (__typeof__((_heap)->data[0]) *)
#define __minheap_obj_size(_heap) sizeof((_heap)->data[0])

struct min_heap_callbacks {
	bool (*less)(const void *lhs, const void *rhs, void *args);
	void (*swp)(void *lhs, void *rhs, void *args); /* NULL: a byte-wise swap */
};

static inline void __kc_heap_swap(void *a, void *b, size_t size,
				  const struct min_heap_callbacks *func, void *args)
{
	unsigned char *x = a, *y = b;

	if (func->swp) {
		func->swp(a, b, args);
		return;
	}
	while (size--) {
		unsigned char t = *x;

		*x++ = *y;
		*y++ = t;
	}
}

#define __kc_heap_at(heap, i, size) ((heap)->data + (i) * (size))

static inline void __min_heap_init_inline(min_heap_char *heap, void *data, size_t size)
{
	heap->nr = 0;
	heap->size = size;
	heap->data = data ? data : heap->preallocated;
}

static inline void *__min_heap_peek_inline(struct min_heap_char *heap)
{
	return heap->nr ? heap->data : NULL;
}

static inline bool __min_heap_full_inline(min_heap_char *heap)
{
	return heap->nr == heap->size;
}

/* Moves the element at @pos down until neither child is less than it. */
static inline void __min_heap_sift_down_inline(min_heap_char *heap, size_t pos, size_t elem_size,
					       const struct min_heap_callbacks *func, void *args)
{
	for (;;) {
		size_t best = pos, left = 2 * pos + 1, right = left + 1;

		if (left < heap->nr &&
		    func->less(__kc_heap_at(heap, left, elem_size),
			       __kc_heap_at(heap, best, elem_size), args))
			best = left;
		if (right < heap->nr &&
		    func->less(__kc_heap_at(heap, right, elem_size),
			       __kc_heap_at(heap, best, elem_size), args))
			best = right;
		if (best == pos)
			return;
		__kc_heap_swap(__kc_heap_at(heap, pos, elem_size),
			       __kc_heap_at(heap, best, elem_size), elem_size, func, args);
		pos = best;
	}
}

/* Moves the element at @idx up while it is less than its parent. */
static inline void __min_heap_sift_up_inline(min_heap_char *heap, size_t elem_size, size_t idx,
					     const struct min_heap_callbacks *func, void *args)
{
	while (idx) {
		size_t parent = (idx - 1) / 2;

		if (!func->less(__kc_heap_at(heap, idx, elem_size),
				__kc_heap_at(heap, parent, elem_size), args))
			return;
		__kc_heap_swap(__kc_heap_at(heap, idx, elem_size),
			       __kc_heap_at(heap, parent, elem_size), elem_size, func, args);
		idx = parent;
	}
}

static inline void __min_heapify_all_inline(min_heap_char *heap, size_t elem_size,
					    const struct min_heap_callbacks *func, void *args)
{
	size_t i;

	for (i = heap->nr / 2; i-- > 0;)
		__min_heap_sift_down_inline(heap, i, elem_size, func, args);
}

/* Removes the root; false (and a warning) for an empty heap. */
static inline bool __min_heap_pop_inline(min_heap_char *heap, size_t elem_size,
					 const struct min_heap_callbacks *func, void *args)
{
	if (WARN_ONCE(heap->nr <= 0, "Popping an empty heap"))
		return false;
	heap->nr--;
	__builtin_memcpy(heap->data, __kc_heap_at(heap, heap->nr, elem_size), elem_size);
	__min_heap_sift_down_inline(heap, 0, elem_size, func, args);
	return true;
}

/* Replaces the root with @element: a pop and a push in one sift. */
static inline void __min_heap_pop_push_inline(min_heap_char *heap, const void *element,
					      size_t elem_size,
					      const struct min_heap_callbacks *func, void *args)
{
	__builtin_memcpy(heap->data, element, elem_size);
	__min_heap_sift_down_inline(heap, 0, elem_size, func, args);
}

/* Adds @element; false (and a warning) when the heap is full. */
static inline bool __min_heap_push_inline(min_heap_char *heap, const void *element,
					  size_t elem_size, const struct min_heap_callbacks *func,
					  void *args)
{
	if (WARN_ONCE(heap->nr >= heap->size, "Pushing on a full heap"))
		return false;
	__builtin_memcpy(__kc_heap_at(heap, heap->nr, elem_size), element, elem_size);
	heap->nr++;
	__min_heap_sift_up_inline(heap, elem_size, heap->nr - 1, func, args);
	return true;
}

/* Removes the element at @idx; false (and a warning) for an empty heap. */
static inline bool __min_heap_del_inline(min_heap_char *heap, size_t elem_size, size_t idx,
					 const struct min_heap_callbacks *func, void *args)
{
	if (WARN_ONCE(heap->nr <= 0, "Popping an empty heap"))
		return false;
	heap->nr--;
	if (idx == heap->nr)
		return true;
	__kc_heap_swap(__kc_heap_at(heap, idx, elem_size),
		       __kc_heap_at(heap, heap->nr, elem_size), elem_size, func, args);
	__min_heap_sift_up_inline(heap, elem_size, idx, func, args);
	__min_heap_sift_down_inline(heap, idx, elem_size, func, args);
	return true;
}

#define __kc_heap(_heap) ((min_heap_char *)(_heap))

#define min_heap_init_inline(_heap, _data, _size)				\
	__min_heap_init_inline(__kc_heap(_heap), _data, _size)
#define min_heap_peek_inline(_heap)						\
	(__minheap_cast(_heap) __min_heap_peek_inline(__kc_heap(_heap)))
#define min_heap_full_inline(_heap) __min_heap_full_inline(__kc_heap(_heap))
#define min_heap_sift_down_inline(_heap, _pos, _func, _args)			\
	__min_heap_sift_down_inline(__kc_heap(_heap), _pos, __minheap_obj_size(_heap), _func, _args)
#define min_heap_sift_up_inline(_heap, _idx, _func, _args)			\
	__min_heap_sift_up_inline(__kc_heap(_heap), __minheap_obj_size(_heap), _idx, _func, _args)
#define min_heapify_all_inline(_heap, _func, _args)				\
	__min_heapify_all_inline(__kc_heap(_heap), __minheap_obj_size(_heap), _func, _args)
#define min_heap_pop_inline(_heap, _func, _args)				\
	__min_heap_pop_inline(__kc_heap(_heap), __minheap_obj_size(_heap), _func, _args)
#define min_heap_pop_push_inline(_heap, _element, _func, _args)		\
	__min_heap_pop_push_inline(__kc_heap(_heap), _element, __minheap_obj_size(_heap), \
				   _func, _args)
#define min_heap_push_inline(_heap, _element, _func, _args)			\
	__min_heap_push_inline(__kc_heap(_heap), _element, __minheap_obj_size(_heap), _func, _args)
#define min_heap_del_inline(_heap, _idx, _func, _args)				\
	__min_heap_del_inline(__kc_heap(_heap), __minheap_obj_size(_heap), _idx, _func, _args)

void __min_heap_init(min_heap_char *heap, void *data, size_t size);
void *__min_heap_peek(struct min_heap_char *heap);
bool __min_heap_full(min_heap_char *heap);
void __min_heap_sift_down(min_heap_char *heap, size_t pos, size_t elem_size,
			  const struct min_heap_callbacks *func, void *args);
void __min_heap_sift_up(min_heap_char *heap, size_t elem_size, size_t idx,
			const struct min_heap_callbacks *func, void *args);
void __min_heapify_all(min_heap_char *heap, size_t elem_size,
		       const struct min_heap_callbacks *func, void *args);
bool __min_heap_pop(min_heap_char *heap, size_t elem_size,
		    const struct min_heap_callbacks *func, void *args);
void __min_heap_pop_push(min_heap_char *heap, const void *element, size_t elem_size,
			 const struct min_heap_callbacks *func, void *args);
bool __min_heap_push(min_heap_char *heap, const void *element, size_t elem_size,
		     const struct min_heap_callbacks *func, void *args);
bool __min_heap_del(min_heap_char *heap, size_t elem_size, size_t idx,
		    const struct min_heap_callbacks *func, void *args);

#define min_heap_init(_heap, _data, _size) __min_heap_init(__kc_heap(_heap), _data, _size)
#define min_heap_peek(_heap) (__minheap_cast(_heap) __min_heap_peek(__kc_heap(_heap)))
#define min_heap_full(_heap) __min_heap_full(__kc_heap(_heap))
#define min_heap_sift_down(_heap, _pos, _func, _args)				\
	__min_heap_sift_down(__kc_heap(_heap), _pos, __minheap_obj_size(_heap), _func, _args)
#define min_heap_sift_up(_heap, _idx, _func, _args)				\
	__min_heap_sift_up(__kc_heap(_heap), __minheap_obj_size(_heap), _idx, _func, _args)
#define min_heapify_all(_heap, _func, _args)					\
	__min_heapify_all(__kc_heap(_heap), __minheap_obj_size(_heap), _func, _args)
#define min_heap_pop(_heap, _func, _args)					\
	__min_heap_pop(__kc_heap(_heap), __minheap_obj_size(_heap), _func, _args)
#define min_heap_pop_push(_heap, _element, _func, _args)			\
	__min_heap_pop_push(__kc_heap(_heap), _element, __minheap_obj_size(_heap), _func, _args)
#define min_heap_push(_heap, _element, _func, _args)				\
	__min_heap_push(__kc_heap(_heap), _element, __minheap_obj_size(_heap), _func, _args)
#define min_heap_del(_heap, _idx, _func, _args)				\
	__min_heap_del(__kc_heap(_heap), __minheap_obj_size(_heap), _idx, _func, _args)

#endif /* _LINUX_MIN_HEAP_H */
