/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: <net/inet_common.h> gives the INET socket calls (inet_release(), inet_bind(),
 * the proto_ops tables), none of which exists in a test binary; what it brings its
 * includers is the socket (<net/sock.h>) and the address families (<linux/in.h>).
 */
#ifndef _INET_COMMON_H
#define _INET_COMMON_H

#include <linux/in.h>
#include <net/sock.h>

#endif /* _INET_COMMON_H */
