/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the architecture's per-device data, empty as on x86-64 (no IOMMU or NUMA
 * placement to record in a test process).
 */
#ifndef _ASM_DEVICE_H
#define _ASM_DEVICE_H

struct dev_archdata {
};

struct pdev_archdata {
};

#endif /* _ASM_DEVICE_H */
