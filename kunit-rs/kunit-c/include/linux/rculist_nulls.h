/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the RCU forms of <linux/list_nulls.h>: writers publish with
 * rcu_assign_pointer() and leave a removed node's next in place, so a reader on it still
 * reaches the chain's nulls marker; readers load with rcu_dereference_raw().
 */
#ifndef _LINUX_RCULIST_NULLS_H
#define _LINUX_RCULIST_NULLS_H

#include <linux/list_nulls.h>
#include <linux/rcupdate.h>

static inline void hlist_nulls_del_init_rcu(struct hlist_nulls_node *n)
{
	if (!hlist_nulls_unhashed(n)) {
		__hlist_nulls_del(n);
		WRITE_ONCE(n->pprev, NULL);
	}
}

#define hlist_nulls_first_rcu(head) (*((struct hlist_nulls_node __rcu __force **)&(head)->first))
#define hlist_nulls_next_rcu(node) (*((struct hlist_nulls_node __rcu __force **)&(node)->next))

static inline void hlist_nulls_del_rcu(struct hlist_nulls_node *n)
{
	__hlist_nulls_del(n);
	WRITE_ONCE(n->pprev, LIST_POISON2);
}

static inline void hlist_nulls_add_head_rcu(struct hlist_nulls_node *n, struct hlist_nulls_head *h)
{
	struct hlist_nulls_node *first = h->first;

	WRITE_ONCE(n->next, first);
	WRITE_ONCE(n->pprev, &h->first);
	rcu_assign_pointer(hlist_nulls_first_rcu(h), n);
	if (!is_a_nulls(first))
		WRITE_ONCE(first->pprev, &n->next);
}

static inline void hlist_nulls_add_tail_rcu(struct hlist_nulls_node *n, struct hlist_nulls_head *h)
{
	struct hlist_nulls_node *i, *last = NULL;

	for (i = h->first; !is_a_nulls(i); i = i->next)
		last = i;
	if (last) {
		WRITE_ONCE(n->next, last->next);
		n->pprev = &last->next;
		rcu_assign_pointer(hlist_nulls_next_rcu(last), n);
	} else {
		hlist_nulls_add_head_rcu(n, h);
	}
}

/* Puts @new where @old was (@old must be hashed) and leaves @old unhashed. */
static inline void hlist_nulls_replace_rcu(struct hlist_nulls_node *old,
					   struct hlist_nulls_node *new)
{
	struct hlist_nulls_node *next = old->next;

	WRITE_ONCE(new->next, next);
	WRITE_ONCE(new->pprev, old->pprev);
	rcu_assign_pointer(*(struct hlist_nulls_node __rcu **)new->pprev, new);
	if (!is_a_nulls(next))
		WRITE_ONCE(next->pprev, &new->next);
}

static inline void hlist_nulls_replace_init_rcu(struct hlist_nulls_node *old,
						struct hlist_nulls_node *new)
{
	hlist_nulls_replace_rcu(old, new);
	WRITE_ONCE(old->pprev, NULL);
}

#define hlist_nulls_for_each_entry_rcu(tpos, pos, head, member)                          \
	for (({ barrier(); }), pos = rcu_dereference_raw(hlist_nulls_first_rcu(head));   \
	     (!is_a_nulls(pos)) && ({ tpos = hlist_nulls_entry(pos, typeof(*tpos), member); 1; }); \
	     pos = rcu_dereference_raw(hlist_nulls_next_rcu(pos)))

#endif /* _LINUX_RCULIST_NULLS_H */
