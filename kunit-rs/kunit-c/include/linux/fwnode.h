/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: firmware nodes (the kernel's <linux/fwnode.h>): the handle every kind of node
 * (software, OF, ACPI) embeds, and the operations it answers through. Only software nodes
 * exist here (<linux/property.h>); the ops kunit-c's nodes implement are the naming and
 * parent ones.
 */
#if __has_include_next(<linux/fwnode.h>)
/* The tree's own header, when the tree has one. */
#include_next <linux/fwnode.h>
#elif !defined(_LINUX_FWNODE_H_)
#define _LINUX_FWNODE_H_

#include <linux/bits.h>
#include <linux/list.h>
#include <linux/types.h>

struct fwnode_operations;
struct device;

struct fwnode_handle {
	struct fwnode_handle *secondary;
	const struct fwnode_operations *ops;
	struct device *dev;
	struct list_head suppliers;
	struct list_head consumers;
	u8 flags;
};

/* What a node answers; a NULL op is one the node's kind does not have. */
struct fwnode_operations {
	struct fwnode_handle *(*get)(struct fwnode_handle *fwnode);
	void (*put)(struct fwnode_handle *fwnode);
	bool (*device_is_available)(const struct fwnode_handle *fwnode);
	bool (*property_present)(const struct fwnode_handle *fwnode, const char *propname);
	const char *(*get_name)(const struct fwnode_handle *fwnode);
	const char *(*get_name_prefix)(const struct fwnode_handle *fwnode);
	struct fwnode_handle *(*get_parent)(const struct fwnode_handle *fwnode);
	struct fwnode_handle *(*get_next_child_node)(const struct fwnode_handle *fwnode,
						     struct fwnode_handle *child);
};

static inline void fwnode_init(struct fwnode_handle *fwnode, const struct fwnode_operations *ops)
{
	fwnode->ops = ops;
	INIT_LIST_HEAD(&fwnode->consumers);
	INIT_LIST_HEAD(&fwnode->suppliers);
}

#define fwnode_has_op(fwnode, op) \
	(!IS_ERR_OR_NULL(fwnode) && (fwnode)->ops && (fwnode)->ops->op)

#endif /* _LINUX_FWNODE_H_ */
