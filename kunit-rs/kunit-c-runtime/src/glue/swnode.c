/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c glue: software nodes (drivers/base/swnode.c's registry) and the fwnode helpers of
 * drivers/base/property.c that walk any node through its ops (<linux/property.h>,
 * <linux/fwnode.h>). A registered node gets a fwnode handle answering its name, its parent
 * and its name's prefix ("/" under a parent, "" for a root), as the kernel's software nodes
 * answer. All weak: a tree's swnode.c and property.c, when linked, replace them.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "glue.h"

/* <linux/fwnode.h>'s layouts. */
struct kc_fwnode_handle;
struct kc_fwnode_operations {
	struct kc_fwnode_handle *(*get)(struct kc_fwnode_handle *fwnode);
	void (*put)(struct kc_fwnode_handle *fwnode);
	bool (*device_is_available)(const struct kc_fwnode_handle *fwnode);
	bool (*property_present)(const struct kc_fwnode_handle *fwnode, const char *propname);
	const char *(*get_name)(const struct kc_fwnode_handle *fwnode);
	const char *(*get_name_prefix)(const struct kc_fwnode_handle *fwnode);
	struct kc_fwnode_handle *(*get_parent)(const struct kc_fwnode_handle *fwnode);
	struct kc_fwnode_handle *(*get_next_child_node)(const struct kc_fwnode_handle *fwnode,
							struct kc_fwnode_handle *child);
};
struct kc_list_head {
	struct kc_list_head *next, *prev;
};
struct kc_fwnode_handle {
	struct kc_fwnode_handle *secondary;
	const struct kc_fwnode_operations *ops;
	void *dev;
	struct kc_list_head suppliers;
	struct kc_list_head consumers;
	unsigned char flags;
};

/* <linux/property.h>'s struct software_node. */
struct kc_software_node {
	const char *name;
	const struct kc_software_node *parent;
	const void *properties;
};

/* A registered node: its handle first, so a handle is its swnode. */
struct swnode {
	struct kc_fwnode_handle fwnode;
	const struct kc_software_node *node;
	struct swnode *parent;
	struct swnode *next;
	char auto_name[24]; /* "node<N>" for a node without a name, as the kernel names it */
};

static struct swnode *registered;
static unsigned int auto_ids;
static pthread_mutex_t swnodes_lock = PTHREAD_MUTEX_INITIALIZER;

static const struct kc_fwnode_operations software_node_ops;

static bool bad_handle(const struct kc_fwnode_handle *fwnode)
{
	return !fwnode || KC_IS_ERR_VALUE(fwnode);
}

/* The registered swnode of @node; the lock held. */
static struct swnode *find_locked(const struct kc_software_node *node)
{
	for (struct swnode *s = registered; s; s = s->next)
		if (s->node == node)
			return s;
	return NULL;
}

KC_WEAK bool is_software_node(const struct kc_fwnode_handle *fwnode)
{
	return !bad_handle(fwnode) && fwnode->ops == &software_node_ops;
}

static const struct swnode *to_swnode(const struct kc_fwnode_handle *fwnode)
{
	return is_software_node(fwnode) ? (const struct swnode *)fwnode : NULL;
}

static struct kc_fwnode_handle *swnode_get(struct kc_fwnode_handle *fwnode)
{
	return fwnode;
}

static void swnode_put(struct kc_fwnode_handle *fwnode)
{
	(void)fwnode;
}

static const char *swnode_get_name(const struct kc_fwnode_handle *fwnode)
{
	const struct swnode *s = to_swnode(fwnode);

	return s->node->name ? s->node->name : s->auto_name;
}

/* Only software nodes exist here, so every ancestor is one: "/" under a parent. */
static const char *swnode_get_name_prefix(const struct kc_fwnode_handle *fwnode)
{
	return to_swnode(fwnode)->parent ? "/" : "";
}

static struct kc_fwnode_handle *swnode_get_parent(const struct kc_fwnode_handle *fwnode)
{
	const struct swnode *s = to_swnode(fwnode);

	return s->parent ? &s->parent->fwnode : NULL;
}

static const struct kc_fwnode_operations software_node_ops = {
	.get = swnode_get,
	.put = swnode_put,
	.get_name = swnode_get_name,
	.get_name_prefix = swnode_get_name_prefix,
	.get_parent = swnode_get_parent,
};

KC_WEAK int software_node_register(const struct kc_software_node *node)
{
	struct swnode *s, *parent = NULL;

	pthread_mutex_lock(&swnodes_lock);
	if (find_locked(node)) {
		pthread_mutex_unlock(&swnodes_lock);
		return -EEXIST;
	}
	/* A parent must be registered first. */
	if (node->parent && !(parent = find_locked(node->parent))) {
		pthread_mutex_unlock(&swnodes_lock);
		return -EINVAL;
	}
	s = calloc(1, sizeof(*s));
	if (!s) {
		pthread_mutex_unlock(&swnodes_lock);
		return -ENOMEM;
	}
	s->fwnode.ops = &software_node_ops;
	s->fwnode.suppliers.next = s->fwnode.suppliers.prev = &s->fwnode.suppliers;
	s->fwnode.consumers.next = s->fwnode.consumers.prev = &s->fwnode.consumers;
	s->node = node;
	s->parent = parent;
	snprintf(s->auto_name, sizeof(s->auto_name), "node%u", auto_ids++);
	s->next = registered;
	registered = s;
	pthread_mutex_unlock(&swnodes_lock);
	return 0;
}

KC_WEAK void software_node_unregister(const struct kc_software_node *node)
{
	pthread_mutex_lock(&swnodes_lock);
	for (struct swnode **p = &registered; *p; p = &(*p)->next) {
		if ((*p)->node == node) {
			struct swnode *s = *p;

			*p = s->next;
			free(s);
			break;
		}
	}
	pthread_mutex_unlock(&swnodes_lock);
}

/* In order, parents first; on a failure the ones registered so far are unregistered. */
KC_WEAK int software_node_register_node_group(const struct kc_software_node *const *node_group)
{
	if (!node_group)
		return 0;
	for (size_t i = 0; node_group[i]; i++) {
		int ret = software_node_register(node_group[i]);

		if (ret) {
			while (i--)
				software_node_unregister(node_group[i]);
			return ret;
		}
	}
	return 0;
}

/* Children before parents: the group in reverse order. */
KC_WEAK void software_node_unregister_node_group(const struct kc_software_node *const *node_group)
{
	size_t n = 0;

	if (!node_group)
		return;
	while (node_group[n])
		n++;
	while (n--)
		software_node_unregister(node_group[n]);
}

KC_WEAK struct kc_fwnode_handle *software_node_fwnode(const struct kc_software_node *node)
{
	struct swnode *s;

	pthread_mutex_lock(&swnodes_lock);
	s = find_locked(node);
	pthread_mutex_unlock(&swnodes_lock);
	return s ? &s->fwnode : NULL;
}

KC_WEAK const struct kc_software_node *to_software_node(const struct kc_fwnode_handle *fwnode)
{
	const struct swnode *s = to_swnode(fwnode);

	return s ? s->node : NULL;
}

/* drivers/base/property.c: each helper calls the node's op, NULL when it has none. */
#define HAS_OP(fwnode, op) (!bad_handle(fwnode) && (fwnode)->ops && (fwnode)->ops->op)

KC_WEAK const char *fwnode_get_name(const struct kc_fwnode_handle *fwnode)
{
	return HAS_OP(fwnode, get_name) ? fwnode->ops->get_name(fwnode) : NULL;
}

KC_WEAK const char *fwnode_get_name_prefix(const struct kc_fwnode_handle *fwnode)
{
	return HAS_OP(fwnode, get_name_prefix) ? fwnode->ops->get_name_prefix(fwnode) : NULL;
}

KC_WEAK struct kc_fwnode_handle *fwnode_get_parent(const struct kc_fwnode_handle *fwnode)
{
	return HAS_OP(fwnode, get_parent) ? fwnode->ops->get_parent(fwnode) : NULL;
}

KC_WEAK struct kc_fwnode_handle *fwnode_handle_get(struct kc_fwnode_handle *fwnode)
{
	return HAS_OP(fwnode, get) ? fwnode->ops->get(fwnode) : fwnode;
}

KC_WEAK void fwnode_handle_put(struct kc_fwnode_handle *fwnode)
{
	if (HAS_OP(fwnode, put))
		fwnode->ops->put(fwnode);
}

/* The parent, the reference to @fwnode dropped. */
KC_WEAK struct kc_fwnode_handle *fwnode_get_next_parent(struct kc_fwnode_handle *fwnode)
{
	struct kc_fwnode_handle *parent = fwnode_get_parent(fwnode);

	fwnode_handle_put(fwnode);
	return parent;
}

/* How many ancestors @fwn has. */
KC_WEAK unsigned int fwnode_count_parents(const struct kc_fwnode_handle *fwn)
{
	unsigned int count = 0;
	struct kc_fwnode_handle *p = fwnode_get_parent(fwn);

	while (p) {
		count++;
		p = fwnode_get_next_parent(p);
	}
	return count;
}

/* The ancestor @depth levels up (0: @fwn itself), with a reference; NULL past the root. */
KC_WEAK struct kc_fwnode_handle *fwnode_get_nth_parent(struct kc_fwnode_handle *fwn,
						      unsigned int depth)
{
	fwnode_handle_get(fwn);
	while (depth-- && fwn)
		fwn = fwnode_get_next_parent(fwn);
	return fwn;
}
