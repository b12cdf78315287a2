/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the RCU list forms. Userspace has no grace periods, so readers must run under
 * the same exclusion as writers; the publishing stores are release stores as in the
 * kernel, and the _rcu iterations are the plain ones.
 */
#ifndef _LINUX_RCULIST_H
#define _LINUX_RCULIST_H

#include <linux/list.h>
#include <linux/rcupdate.h>

static inline void list_add_rcu(struct list_head *entry, struct list_head *head)
{
	struct list_head *next = head->next;

	entry->next = next;
	entry->prev = head;
	smp_store_release(&head->next, entry);
	next->prev = entry;
}

static inline void list_add_tail_rcu(struct list_head *entry, struct list_head *head)
{
	struct list_head *prev = head->prev;

	entry->next = head;
	entry->prev = prev;
	smp_store_release(&prev->next, entry);
	head->prev = entry;
}

/* Unlinks @entry; its next pointer stays valid for readers already on it. */
static inline void list_del_rcu(struct list_head *entry)
{
	__list_del_entry(entry);
	entry->prev = (struct list_head *)LIST_POISON2;
}

static inline void list_replace_rcu(struct list_head *old, struct list_head *replacement)
{
	replacement->next = old->next;
	replacement->prev = old->prev;
	smp_store_release(&replacement->prev->next, replacement);
	replacement->next->prev = replacement;
	old->prev = (struct list_head *)LIST_POISON2;
}

static inline void hlist_add_head_rcu(struct hlist_node *n, struct hlist_head *h)
{
	struct hlist_node *first = h->first;

	n->next = first;
	WRITE_ONCE(n->pprev, &h->first);
	smp_store_release(&h->first, n);
	if (first)
		WRITE_ONCE(first->pprev, &n->next);
}

static inline void hlist_del_rcu(struct hlist_node *n)
{
	__hlist_del(n);
	WRITE_ONCE(n->pprev, (struct hlist_node **)LIST_POISON2);
}

static inline void hlist_del_init_rcu(struct hlist_node *n)
{
	if (!hlist_unhashed(n)) {
		__hlist_del(n);
		WRITE_ONCE(n->pprev, NULL);
	}
}

#define list_for_each_rcu(pos, head) list_for_each(pos, head)
#define list_entry_rcu(ptr, type, member) container_of(READ_ONCE(ptr), type, member)
#define list_first_or_null_rcu(ptr, type, member) list_first_entry_or_null(ptr, type, member)
#define list_for_each_entry_rcu(pos, head, member, cond...)			\
	list_for_each_entry(pos, head, member)
#define list_for_each_entry_srcu(pos, head, member, cond) list_for_each_entry(pos, head, member)
#define hlist_for_each_entry_rcu(pos, head, member, cond...)			\
	hlist_for_each_entry(pos, head, member)
#define hlist_for_each_entry_rcu_bh(pos, head, member) hlist_for_each_entry(pos, head, member)
#define hlist_for_each_entry_continue_rcu(pos, member)				\
	hlist_for_each_entry_continue(pos, member)

#endif /* _LINUX_RCULIST_H */
