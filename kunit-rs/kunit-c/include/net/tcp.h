/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: TCP's protocol, tcp_prot (kunit-c's glue defines it: name "TCP", in-use index 0),
 * over the sockets of <linux/tcp.h>. The TCP stack itself (segments, timers, congestion
 * control) does not exist in a test binary: code that calls it fails to compile with its
 * names undeclared.
 */
#ifndef _TCP_H
#define _TCP_H

#include <linux/in.h>
#include <linux/tcp.h>
#include <net/inet_connection_sock.h>
#include <net/sock.h>

extern struct proto tcp_prot;

#endif /* _TCP_H */
