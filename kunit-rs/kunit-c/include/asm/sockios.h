/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the socket ioctls x86-64's user ABI numbers in <asm/sockios.h> (x86 has no
 * header of its own here: kbuild generates one that takes asm-generic's, so these are the
 * generic values). The SIOCGSTAMP forms are the old (native time_t) ones; <linux/sockios.h>
 * picks between them and the 64-bit-time ones.
 */
#ifndef _ASM_SOCKIOS_H
#define _ASM_SOCKIOS_H

/* Who gets SIGIO/SIGURG for a socket: the F_SETOWN/F_GETOWN of sockets. */
#define FIOSETOWN 0x8901
#define SIOCSPGRP 0x8902
#define FIOGETOWN 0x8903
#define SIOCGPGRP 0x8904
/* Is the read pointer at the urgent-data mark? */
#define SIOCATMARK 0x8905
/* The last packet's receive time, as a struct timeval / struct timespec of native time_t. */
#define SIOCGSTAMP_OLD 0x8906
#define SIOCGSTAMPNS_OLD 0x8907

#endif /* _ASM_SOCKIOS_H */
