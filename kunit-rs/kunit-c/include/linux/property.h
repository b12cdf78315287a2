/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: firmware-node properties (the kernel's <linux/property.h>), for a tree that has
 * none of its own (a tree with include/linux/property.h gets the kernel's, below). Software
 * nodes (drivers/base/swnode.c's): a group registered with
 * software_node_register_node_group() gets fwnode handles, which answer their name, their
 * parent and, through the fwnode_*() helpers (drivers/base/property.c's), a path's names
 * and prefixes: the %pfw printing of lib/vsprintf.c. Properties are not read: a node's
 * property_entry table is kept but no fwnode_property_*() reader is declared.
 */
#if __has_include_next(<linux/property.h>)
#include_next <linux/property.h>
#elif !defined(_LINUX_PROPERTY_H_)
#define _LINUX_PROPERTY_H_

#include <linux/err.h>
#include <linux/fwnode.h>
#include <linux/types.h>

struct property_entry;

/* A node the code describes itself: a name, a parent (NULL: a root) and properties. */
struct software_node {
	const char *name;
	const struct software_node *parent;
	const struct property_entry *properties;
};

/* Registers each node of the NULL-terminated @node_group, parents first; 0 or -errno. */
int software_node_register_node_group(const struct software_node * const *node_group);
void software_node_unregister_node_group(const struct software_node * const *node_group);
int software_node_register(const struct software_node *node);
void software_node_unregister(const struct software_node *node);

/* The handle of a registered node, or NULL; the node of a software node's handle, or NULL. */
struct fwnode_handle *software_node_fwnode(const struct software_node *node);
const struct software_node *to_software_node(const struct fwnode_handle *fwnode);
bool is_software_node(const struct fwnode_handle *fwnode);

/* drivers/base/property.c's walk over any node's ops. */
const char *fwnode_get_name(const struct fwnode_handle *fwnode);
const char *fwnode_get_name_prefix(const struct fwnode_handle *fwnode);
struct fwnode_handle *fwnode_get_parent(const struct fwnode_handle *fwnode);
struct fwnode_handle *fwnode_get_next_parent(struct fwnode_handle *fwnode);
unsigned int fwnode_count_parents(const struct fwnode_handle *fwn);
struct fwnode_handle *fwnode_get_nth_parent(struct fwnode_handle *fwn, unsigned int depth);
struct fwnode_handle *fwnode_handle_get(struct fwnode_handle *fwnode);
void fwnode_handle_put(struct fwnode_handle *fwnode);

#endif /* _LINUX_PROPERTY_H_ */
