/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: the device power-management types code names. Nothing suspends here: a device's
 * power state is the PM core's bookkeeping, of which kunit-c keeps the QoS constraints
 * (dev->power.qos, kernel/power/qos.c's and drivers/base/power/qos.c's) and the message
 * type that driver callbacks take.
 */
#ifndef _LINUX_PM_H
#define _LINUX_PM_H

#include <linux/types.h>

struct device;
struct dev_pm_qos;

typedef struct pm_message {
	int event;
} pm_message_t;

#define PM_EVENT_INVALID (-1)
#define PM_EVENT_ON 0x0000
#define PM_EVENT_FREEZE 0x0001
#define PM_EVENT_SUSPEND 0x0002
#define PM_EVENT_HIBERNATE 0x0004
#define PM_EVENT_QUIESCE 0x0008
#define PM_EVENT_RESUME 0x0010
#define PM_EVENT_THAW 0x0020
#define PM_EVENT_RESTORE 0x0040
#define PM_EVENT_RECOVER 0x0080
#define PMSG_INVALID ((struct pm_message){ .event = PM_EVENT_INVALID })
#define PMSG_ON ((struct pm_message){ .event = PM_EVENT_ON })
#define PMSG_FREEZE ((struct pm_message){ .event = PM_EVENT_FREEZE })
#define PMSG_QUIESCE ((struct pm_message){ .event = PM_EVENT_QUIESCE })
#define PMSG_SUSPEND ((struct pm_message){ .event = PM_EVENT_SUSPEND })
#define PMSG_HIBERNATE ((struct pm_message){ .event = PM_EVENT_HIBERNATE })
#define PMSG_RESUME ((struct pm_message){ .event = PM_EVENT_RESUME })
#define PMSG_THAW ((struct pm_message){ .event = PM_EVENT_THAW })
#define PMSG_RESTORE ((struct pm_message){ .event = PM_EVENT_RESTORE })
#define PMSG_RECOVER ((struct pm_message){ .event = PM_EVENT_RECOVER })

/* A driver's power-management callbacks (never called: nothing suspends). */
struct dev_pm_ops {
	int (*prepare)(struct device *dev);
	void (*complete)(struct device *dev);
	int (*suspend)(struct device *dev);
	int (*resume)(struct device *dev);
	int (*freeze)(struct device *dev);
	int (*thaw)(struct device *dev);
	int (*poweroff)(struct device *dev);
	int (*restore)(struct device *dev);
	int (*runtime_suspend)(struct device *dev);
	int (*runtime_resume)(struct device *dev);
	int (*runtime_idle)(struct device *dev);
};

/* A device's PM state: its power state and its QoS constraints (NULL until a request). */
struct dev_pm_info {
	pm_message_t power_state;
	bool can_wakeup;
	struct dev_pm_qos *qos;
};

/* A device's runtime PM status (no runtime PM here: devices stay RPM_ACTIVE). */
enum rpm_status {
	RPM_INVALID = -1,
	RPM_ACTIVE = 0,
	RPM_RESUMING,
	RPM_SUSPENDED,
	RPM_SUSPENDING,
	RPM_BLOCKED,
};

#endif /* _LINUX_PM_H */
