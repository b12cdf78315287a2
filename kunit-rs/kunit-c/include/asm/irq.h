/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: x86's interrupt numbering, as <asm/irq.h> (with <asm/irq_vectors.h>) gives it for
 * a configuration without an I/O APIC, which is kunit-c's (no interrupt controller: the
 * interrupts a test sees are run-in-irq's, delivered by signals). No vector is allocated and
 * no descriptor exists; generic headers get their constants and irq_canonicalize().
 */
#ifndef _ASM_X86_IRQ_H
#define _ASM_X86_IRQ_H

/* The CPU's vector table: 256 entries, the first 32 the exceptions'. */
#define NR_VECTORS 256
#define FIRST_EXTERNAL_VECTOR 0x20

/* The legacy PIC's 16 lines are all the interrupts without an I/O APIC. */
#define NR_IRQS_LEGACY 16
#define NR_IRQS NR_IRQS_LEGACY

/* The PC's cascade: line 2 of the first PIC is line 9 of the second. */
static inline int irq_canonicalize(int irq)
{
	return irq == 2 ? 9 : irq;
}

#endif /* _ASM_X86_IRQ_H */
