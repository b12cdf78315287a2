/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: in KUnit, a case runs in a kthread that an assertion ends. Here a case
 * runs on a kunit-rs driver thread and an assertion unwinds out of the C frames
 * (C-unwind); there is nothing for C code to use in this header.
 */
#ifndef _KUNIT_TRY_CATCH_H
#define _KUNIT_TRY_CATCH_H
#endif
