/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the device tree (the kernel's <linux/of.h>) as in a kernel without CONFIG_OF:
 * struct device_node and struct property are laid out for code that names their fields,
 * but no tree exists, so lookups find nothing, reads fail with -ENOSYS and no flag is set,
 * as the kernel's !CONFIG_OF stubs answer.
 */
#if __has_include_next(<linux/of.h>)
/* The tree's own header, when the tree has one. */
#include_next <linux/of.h>
#elif !defined(_LINUX_OF_H)
#define _LINUX_OF_H

#include <linux/err.h>
#include <linux/errno.h>
#include <linux/fwnode.h>
#include <linux/types.h>

typedef u32 phandle;

struct property {
	char *name;
	int length;
	void *value;
	struct property *next;
};

struct device_node {
	const char *name;
	phandle phandle;
	const char *full_name;
	struct fwnode_handle fwnode;
	struct property *properties;
	struct property *deadprops;
	struct device_node *parent;
	struct device_node *child;
	struct device_node *sibling;
	unsigned long _flags;
	void *data;
};

/* The node flags (bit numbers in _flags). */
#define OF_DYNAMIC		1
#define OF_DETACHED		2
#define OF_POPULATED		3
#define OF_POPULATED_BUS	4
#define OF_OVERLAY		5
#define OF_OVERLAY_FREE_CSET	6

#define of_fwnode_handle(node)						\
	({								\
		typeof(node) __of_fwnode_handle_node = (node);		\
									\
		__of_fwnode_handle_node ?				\
			&__of_fwnode_handle_node->fwnode : NULL;	\
	})

static inline bool is_of_node(const struct fwnode_handle *fwnode)
{
	(void)fwnode;
	return false;
}

static inline struct device_node *to_of_node(const struct fwnode_handle *fwnode)
{
	(void)fwnode;
	return NULL;
}

static inline int of_node_check_flag(const struct device_node *n, unsigned long flag)
{
	(void)n;
	(void)flag;
	return 0;
}

static inline struct device_node *of_node_get(struct device_node *node) { return node; }
static inline void of_node_put(struct device_node *node) { (void)node; }

static inline struct property *of_find_property(const struct device_node *np,
						const char *name, int *lenp)
{
	(void)np;
	(void)name;
	(void)lenp;
	return NULL;
}

static inline int of_property_read_string(const struct device_node *np, const char *propname,
					  const char **out_string)
{
	(void)np;
	(void)propname;
	(void)out_string;
	return -ENOSYS;
}

static inline const char *of_prop_next_string(const struct property *prop, const char *cur)
{
	(void)prop;
	(void)cur;
	return NULL;
}

/* Each string of a string-list property: none, with no tree. */
#define of_property_for_each_string(np, propname, prop, s)		\
	for (prop = of_find_property(np, propname, NULL),		\
	     s = of_prop_next_string(prop, NULL);			\
	     s;								\
	     s = of_prop_next_string(prop, s))

#endif /* _LINUX_OF_H */
