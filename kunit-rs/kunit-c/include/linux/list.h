/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the kernel's circular doubly linked lists (list_head) and hash lists (hlist),
 * with the kernel's names and semantics: unlinking poisons the entry, the *_careful and
 * *_lockless variants use READ_ONCE()/WRITE_ONCE() as the kernel's do.
 */
#ifndef _LINUX_LIST_H
#define _LINUX_LIST_H

#include <stddef.h>
#include <stdbool.h>
#include <linux/compiler.h>
#include <linux/types.h> /* struct list_head, hlist_head, hlist_node */
#include <linux/container_of.h>
#include <linux/poison.h>
#include <asm-generic/barrier.h>


#define LIST_HEAD_INIT(name) { &(name), &(name) }
#define LIST_HEAD(name) struct list_head name = LIST_HEAD_INIT(name)

static inline void INIT_LIST_HEAD(struct list_head *list)
{
	WRITE_ONCE(list->next, list);
	WRITE_ONCE(list->prev, list);
}

/* Links @entry between two consecutive entries. */
static inline void __list_add(struct list_head *entry, struct list_head *prev,
			      struct list_head *next)
{
	next->prev = entry;
	entry->next = next;
	entry->prev = prev;
	WRITE_ONCE(prev->next, entry);
}

/* Inserts @entry right after @head (a stack). */
static inline void list_add(struct list_head *entry, struct list_head *head)
{
	__list_add(entry, head, head->next);
}

/* Inserts @entry right before @head (a queue). */
static inline void list_add_tail(struct list_head *entry, struct list_head *head)
{
	__list_add(entry, head->prev, head);
}

/* Joins @prev and @next, dropping whatever was between them. */
static inline void __list_del(struct list_head *prev, struct list_head *next)
{
	next->prev = prev;
	WRITE_ONCE(prev->next, next);
}

static inline void __list_del_clearprev(struct list_head *entry)
{
	__list_del(entry->prev, entry->next);
	entry->prev = NULL;
}

static inline void __list_del_entry(struct list_head *entry)
{
	__list_del(entry->prev, entry->next);
}

/* Unlinks @entry and poisons it: list_empty() on it is undefined afterwards. */
static inline void list_del(struct list_head *entry)
{
	__list_del_entry(entry);
	entry->next = (struct list_head *)LIST_POISON1;
	entry->prev = (struct list_head *)LIST_POISON2;
}

/* Puts @replacement where @old was; @old's own links are left as they were. */
static inline void list_replace(struct list_head *old, struct list_head *replacement)
{
	replacement->next = old->next;
	replacement->next->prev = replacement;
	replacement->prev = old->prev;
	replacement->prev->next = replacement;
}

static inline void list_replace_init(struct list_head *old, struct list_head *replacement)
{
	list_replace(old, replacement);
	INIT_LIST_HEAD(old);
}

/* Exchanges the positions of two entries (of one list or of two). */
static inline void list_swap(struct list_head *entry1, struct list_head *entry2)
{
	struct list_head *pos = entry2->prev;

	list_del(entry2);
	list_replace(entry1, entry2);
	if (pos == entry1)
		pos = entry2;
	list_add(entry1, pos);
}

static inline void list_del_init(struct list_head *entry)
{
	__list_del_entry(entry);
	INIT_LIST_HEAD(entry);
}

static inline void list_move(struct list_head *list, struct list_head *head)
{
	__list_del_entry(list);
	list_add(list, head);
}

static inline void list_move_tail(struct list_head *list, struct list_head *head)
{
	__list_del_entry(list);
	list_add_tail(list, head);
}

/* Moves the run first..last (in that order, one list) to the tail of @head. */
static inline void list_bulk_move_tail(struct list_head *head, struct list_head *first,
				       struct list_head *last)
{
	first->prev->next = last->next;
	last->next->prev = first->prev;

	head->prev->next = first;
	first->prev = head->prev;

	last->next = head;
	head->prev = last;
}

static inline int list_is_first(const struct list_head *list, const struct list_head *head)
{
	return list->prev == head;
}

static inline int list_is_last(const struct list_head *list, const struct list_head *head)
{
	return list->next == head;
}

static inline int list_is_head(const struct list_head *list, const struct list_head *head)
{
	return list == head;
}

static inline int list_empty(const struct list_head *head)
{
	return READ_ONCE(head->next) == head;
}

/* list_del_init() whose final store pairs with list_empty_careful()'s acquire load. */
static inline void list_del_init_careful(struct list_head *entry)
{
	__list_del_entry(entry);
	WRITE_ONCE(entry->prev, entry);
	smp_store_release(&entry->next, entry);
}

/* Empty only when both links agree, so a half-finished list_del_init() is not empty. */
static inline int list_empty_careful(const struct list_head *head)
{
	struct list_head *next = smp_load_acquire(&head->next);

	return list_is_head(next, head) && (next == READ_ONCE(head->prev));
}

/* Moves the first entry to the tail. */
static inline void list_rotate_left(struct list_head *head)
{
	struct list_head *first;

	if (!list_empty(head)) {
		first = head->next;
		list_move_tail(first, head);
	}
}

/* Rotates the list so that @list becomes its first entry. */
static inline void list_rotate_to_front(struct list_head *list, struct list_head *head)
{
	list_move_tail(head, list);
}

static inline int list_is_singular(const struct list_head *head)
{
	return !list_empty(head) && (head->next == head->prev);
}

static inline void __list_cut_position(struct list_head *list, struct list_head *head,
				       struct list_head *entry)
{
	struct list_head *new_first = entry->next;

	list->next = head->next;
	list->next->prev = list;
	list->prev = entry;
	entry->next = list;
	head->next = new_first;
	new_first->prev = head;
}

/*
 * Moves the entries of @head up to and including @entry onto @list (which is overwritten);
 * @entry == @head leaves @list empty.
 */
static inline void list_cut_position(struct list_head *list, struct list_head *head,
				     struct list_head *entry)
{
	if (list_empty(head))
		return;
	if (list_is_singular(head) && !list_is_head(entry, head) && (entry != head->next))
		return;
	if (list_is_head(entry, head))
		INIT_LIST_HEAD(list);
	else
		__list_cut_position(list, head, entry);
}

/* Moves the entries of @head before @entry (not including it) onto @list. */
static inline void list_cut_before(struct list_head *list, struct list_head *head,
				   struct list_head *entry)
{
	if (head->next == entry) {
		INIT_LIST_HEAD(list);
		return;
	}
	list->next = head->next;
	list->next->prev = list;
	list->prev = entry->prev;
	list->prev->next = list;
	head->next = entry;
	entry->prev = head;
}

static inline void __list_splice(const struct list_head *list, struct list_head *prev,
				 struct list_head *next)
{
	struct list_head *first = list->next;
	struct list_head *last = list->prev;

	first->prev = prev;
	prev->next = first;

	last->next = next;
	next->prev = last;
}

/* Joins @list's entries at the front of @head; @list itself is left stale. */
static inline void list_splice(const struct list_head *list, struct list_head *head)
{
	if (!list_empty(list))
		__list_splice(list, head, head->next);
}

static inline void list_splice_tail(struct list_head *list, struct list_head *head)
{
	if (!list_empty(list))
		__list_splice(list, head->prev, head);
}

static inline void list_splice_init(struct list_head *list, struct list_head *head)
{
	if (!list_empty(list)) {
		__list_splice(list, head, head->next);
		INIT_LIST_HEAD(list);
	}
}

static inline void list_splice_tail_init(struct list_head *list, struct list_head *head)
{
	if (!list_empty(list)) {
		__list_splice(list, head->prev, head);
		INIT_LIST_HEAD(list);
	}
}

#define list_entry(ptr, type, member) container_of(ptr, type, member)
#define list_first_entry(ptr, type, member) list_entry((ptr)->next, type, member)
#define list_last_entry(ptr, type, member) list_entry((ptr)->prev, type, member)

#define list_first_entry_or_null(ptr, type, member) ({				\
	struct list_head *__kc_head = (ptr);					\
	struct list_head *__kc_pos = READ_ONCE(__kc_head->next);		\
	__kc_pos != __kc_head ? list_entry(__kc_pos, type, member) : NULL; })

#define list_last_entry_or_null(ptr, type, member) ({				\
	struct list_head *__kc_head = (ptr);					\
	struct list_head *__kc_pos = READ_ONCE(__kc_head->prev);		\
	__kc_pos != __kc_head ? list_entry(__kc_pos, type, member) : NULL; })

#define list_next_entry(pos, member)						\
	list_entry((pos)->member.next, __typeof__(*(pos)), member)
#define list_prev_entry(pos, member)						\
	list_entry((pos)->member.prev, __typeof__(*(pos)), member)

/* Past the last entry comes the first again, skipping the head. */
#define list_next_entry_circular(pos, head, member)				\
	(list_is_last(&(pos)->member, head) ?					\
	 list_first_entry(head, __typeof__(*(pos)), member) : list_next_entry(pos, member))
#define list_prev_entry_circular(pos, head, member)				\
	(list_is_first(&(pos)->member, head) ?					\
	 list_last_entry(head, __typeof__(*(pos)), member) : list_prev_entry(pos, member))

#define list_for_each(pos, head)						\
	for (pos = (head)->next; !list_is_head(pos, (head)); pos = pos->next)
#define list_for_each_rcu(pos, head) list_for_each(pos, head)
#define list_for_each_continue(pos, head)					\
	for (pos = pos->next; !list_is_head(pos, (head)); pos = pos->next)
#define list_for_each_prev(pos, head)						\
	for (pos = (head)->prev; !list_is_head(pos, (head)); pos = pos->prev)
#define list_for_each_safe(pos, n, head)					\
	for (pos = (head)->next, n = pos->next; !list_is_head(pos, (head));	\
	     pos = n, n = pos->next)
#define list_for_each_prev_safe(pos, n, head)					\
	for (pos = (head)->prev, n = pos->prev; !list_is_head(pos, (head));	\
	     pos = n, n = pos->prev)

static inline size_t list_count_nodes(struct list_head *head)
{
	struct list_head *pos;
	size_t count = 0;

	list_for_each(pos, head)
		count++;
	return count;
}

#define list_entry_is_head(pos, head, member) list_is_head(&(pos)->member, (head))

#define list_for_each_entry(pos, head, member)					\
	for (pos = list_first_entry(head, __typeof__(*pos), member);		\
	     !list_entry_is_head(pos, head, member);				\
	     pos = list_next_entry(pos, member))
#define list_for_each_entry_reverse(pos, head, member)				\
	for (pos = list_last_entry(head, __typeof__(*pos), member);		\
	     !list_entry_is_head(pos, head, member);				\
	     pos = list_prev_entry(pos, member))

/* A start for list_for_each_entry_continue(): @pos, or the head when @pos is NULL. */
#define list_prepare_entry(pos, head, member)					\
	((pos) ? : list_entry(head, __typeof__(*pos), member))

#define list_for_each_entry_continue(pos, head, member)				\
	for (pos = list_next_entry(pos, member);				\
	     !list_entry_is_head(pos, head, member);				\
	     pos = list_next_entry(pos, member))
#define list_for_each_entry_continue_reverse(pos, head, member)			\
	for (pos = list_prev_entry(pos, member);				\
	     !list_entry_is_head(pos, head, member);				\
	     pos = list_prev_entry(pos, member))
#define list_for_each_entry_from(pos, head, member)				\
	for (; !list_entry_is_head(pos, head, member);				\
	     pos = list_next_entry(pos, member))
#define list_for_each_entry_from_reverse(pos, head, member)			\
	for (; !list_entry_is_head(pos, head, member);				\
	     pos = list_prev_entry(pos, member))

#define list_for_each_entry_safe(pos, n, head, member)				\
	for (pos = list_first_entry(head, __typeof__(*pos), member),		\
	     n = list_next_entry(pos, member);					\
	     !list_entry_is_head(pos, head, member);				\
	     pos = n, n = list_next_entry(n, member))
#define list_for_each_entry_safe_continue(pos, n, head, member)			\
	for (pos = list_next_entry(pos, member), n = list_next_entry(pos, member); \
	     !list_entry_is_head(pos, head, member);				\
	     pos = n, n = list_next_entry(n, member))
#define list_for_each_entry_safe_from(pos, n, head, member)			\
	for (n = list_next_entry(pos, member);					\
	     !list_entry_is_head(pos, head, member);				\
	     pos = n, n = list_next_entry(n, member))
#define list_for_each_entry_safe_reverse(pos, n, head, member)			\
	for (pos = list_last_entry(head, __typeof__(*pos), member),		\
	     n = list_prev_entry(pos, member);					\
	     !list_entry_is_head(pos, head, member);				\
	     pos = n, n = list_prev_entry(n, member))
#define list_safe_reset_next(pos, n, member) n = list_next_entry(pos, member)

/* Hash lists: a one-pointer head, nodes linked through a pointer to the previous link. */
#define HLIST_HEAD_INIT { .first = NULL }
#define HLIST_HEAD(name) struct hlist_head name = { .first = NULL }
#define INIT_HLIST_HEAD(ptr) ((ptr)->first = NULL)

static inline void INIT_HLIST_NODE(struct hlist_node *h)
{
	h->next = NULL;
	h->pprev = NULL;
}

static inline int hlist_unhashed(const struct hlist_node *h)
{
	return !h->pprev;
}

static inline int hlist_unhashed_lockless(const struct hlist_node *h)
{
	return !READ_ONCE(h->pprev);
}

static inline int hlist_empty(const struct hlist_head *h)
{
	return !READ_ONCE(h->first);
}

static inline void __hlist_del(struct hlist_node *n)
{
	struct hlist_node *next = n->next;
	struct hlist_node **pprev = n->pprev;

	WRITE_ONCE(*pprev, next);
	if (next)
		WRITE_ONCE(next->pprev, pprev);
}

static inline void hlist_del(struct hlist_node *n)
{
	__hlist_del(n);
	n->next = (struct hlist_node *)LIST_POISON1;
	n->pprev = (struct hlist_node **)LIST_POISON2;
}

static inline void hlist_del_init(struct hlist_node *n)
{
	if (!hlist_unhashed(n)) {
		__hlist_del(n);
		INIT_HLIST_NODE(n);
	}
}

static inline void hlist_add_head(struct hlist_node *n, struct hlist_head *h)
{
	struct hlist_node *first = h->first;

	WRITE_ONCE(n->next, first);
	if (first)
		WRITE_ONCE(first->pprev, &n->next);
	WRITE_ONCE(h->first, n);
	WRITE_ONCE(n->pprev, &h->first);
}

/* Inserts @n before @next, which must be hashed. */
static inline void hlist_add_before(struct hlist_node *n, struct hlist_node *next)
{
	WRITE_ONCE(n->pprev, next->pprev);
	WRITE_ONCE(n->next, next);
	WRITE_ONCE(next->pprev, &n->next);
	WRITE_ONCE(*(n->pprev), n);
}

/* Inserts @n after @prev, which must be hashed. */
static inline void hlist_add_behind(struct hlist_node *n, struct hlist_node *prev)
{
	WRITE_ONCE(n->next, prev->next);
	WRITE_ONCE(prev->next, n);
	WRITE_ONCE(n->pprev, &prev->next);
	if (n->next)
		WRITE_ONCE(n->next->pprev, &n->next);
}

/* A node that looks hashed but is on no list, so hlist_del() on it is harmless. */
static inline void hlist_add_fake(struct hlist_node *n)
{
	n->pprev = &n->next;
}

static inline bool hlist_fake(struct hlist_node *h)
{
	return h->pprev == &h->next;
}

/* True when @n is the only node of the list @h (which may be a fake node). */
static inline bool hlist_is_singular_node(struct hlist_node *n, struct hlist_head *h)
{
	return !n->next && n->pprev == &h->first;
}

/* Moves the whole list from @old to @new; @old ends empty. */
static inline void hlist_move_list(struct hlist_head *old, struct hlist_head *new_head)
{
	new_head->first = old->first;
	if (new_head->first)
		new_head->first->pprev = &new_head->first;
	old->first = NULL;
}

/* Puts @from's nodes at the front of @to; @last must be @from's last node. */
static inline void hlist_splice_init(struct hlist_head *from, struct hlist_node *last,
				     struct hlist_head *to)
{
	if (to->first)
		to->first->pprev = &last->next;
	last->next = to->first;
	to->first = from->first;
	from->first->pprev = &to->first;
	from->first = NULL;
}

#define hlist_entry(ptr, type, member) container_of(ptr, type, member)

#define hlist_for_each(pos, head) for (pos = (head)->first; pos; pos = pos->next)
#define hlist_for_each_safe(pos, n, head)					\
	for (pos = (head)->first; pos && ({ n = pos->next; 1; }); pos = n)

#define hlist_entry_safe(ptr, type, member) ({					\
	__typeof__(ptr) ____kc_ptr = (ptr);					\
	____kc_ptr ? hlist_entry(____kc_ptr, type, member) : NULL; })

#define hlist_for_each_entry(pos, head, member)					\
	for (pos = hlist_entry_safe((head)->first, __typeof__(*(pos)), member); \
	     pos;								\
	     pos = hlist_entry_safe((pos)->member.next, __typeof__(*(pos)), member))
#define hlist_for_each_entry_continue(pos, member)				\
	for (pos = hlist_entry_safe((pos)->member.next, __typeof__(*(pos)), member); \
	     pos;								\
	     pos = hlist_entry_safe((pos)->member.next, __typeof__(*(pos)), member))
#define hlist_for_each_entry_from(pos, member)					\
	for (; pos;								\
	     pos = hlist_entry_safe((pos)->member.next, __typeof__(*(pos)), member))
#define hlist_for_each_entry_safe(pos, n, head, member)				\
	for (pos = hlist_entry_safe((head)->first, __typeof__(*pos), member);	\
	     pos && ({ n = pos->member.next; 1; });				\
	     pos = hlist_entry_safe(n, __typeof__(*pos), member))

static inline size_t hlist_count_nodes(struct hlist_head *head)
{
	struct hlist_node *pos;
	size_t count = 0;

	hlist_for_each(pos, head)
		count++;
	return count;
}

#endif /* _LINUX_LIST_H */
