/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: there is no trace-event machinery (ring buffer, trace_seq, perf and BPF hooks)
 * in a test process, as in a kernel built without CONFIG_TRACING. An events header
 * (under trace/events/) still declares its trace_*() calls through <linux/tracepoint.h>,
 * which are no-ops without CONFIG_TRACEPOINTS; this header only has to be includable.
 */
#ifndef _LINUX_TRACE_EVENT_H
#define _LINUX_TRACE_EVENT_H

#include <linux/types.h>

struct trace_event_call;
struct trace_array;

#endif /* _LINUX_TRACE_EVENT_H */
