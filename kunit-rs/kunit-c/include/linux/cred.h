/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: task credentials (the kernel's <linux/cred.h>): every task runs with the initial
 * credentials, ids 0 (real, effective, saved and filesystem ids equal) and every capability
 * (<linux/capability.h>), as a test started by root in the initial namespace would.
 */
#if __has_include_next(<linux/cred.h>)
/* The tree's own header, when the tree has one. */
#include_next <linux/cred.h>
#elif !defined(_LINUX_CRED_H)
#define _LINUX_CRED_H

#include <linux/capability.h>
#include <linux/sched.h>
#include <linux/types.h>
#include <linux/uidgid_types.h>

struct cred {
	kuid_t uid, suid, euid, fsuid;
	kgid_t gid, sgid, egid, fsgid;
};

static inline bool uid_eq(kuid_t left, kuid_t right) { return left.val == right.val; }
static inline bool gid_eq(kgid_t left, kgid_t right) { return left.val == right.val; }

/* The one set of credentials every task has. */
static inline const struct cred *current_cred(void)
{
	static const struct cred initial;

	return &initial;
}
#define current_uid() (current_cred()->uid)
#define current_gid() (current_cred()->gid)
#define current_euid() (current_cred()->euid)
#define current_egid() (current_cred()->egid)

static inline const struct cred *get_cred(const struct cred *cred) { return cred; }
static inline void put_cred(const struct cred *cred) { (void)cred; }

#endif /* _LINUX_CRED_H */
