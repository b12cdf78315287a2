/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: <net/protocol.h>, the table of IP protocol handlers, has no handlers here (there
 * is no packet path): the table's size, and the socket it is for.
 */
#ifndef _PROTOCOL_H
#define _PROTOCOL_H

#include <net/sock.h>

/* One handler slot per IP protocol number. */
#define MAX_INET_PROTOS 256

#endif /* _PROTOCOL_H */
