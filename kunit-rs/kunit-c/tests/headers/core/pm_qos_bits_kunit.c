// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of what kernel/power/qos.c and kernel/notifier.c need of the layer below: a
 * registered device's PM state (<linux/pm.h>) starts with no QoS constraints and the
 * message type carries its event; probes cannot be registered (<linux/kprobes.h>, as
 * without CONFIG_KPROBES); every thread is one RCU watches (<linux/rcupdate.h>) and
 * RCU_LOCKDEP_WARN() does not evaluate its condition; the die events keep x86-64's values
 * (<asm/kdebug.h>); the architecture's device data is empty (<asm/device.h>).
 */
#include <kunit/device.h>
#include <kunit/test.h>
#include <asm/device.h>
#include <asm/kdebug.h>
#include <linux/cpufreq.h>
#include <linux/device.h>
#include <linux/kprobes.h>
#include <linux/miscdevice.h>
#include <linux/pm.h>
#include <linux/rcupdate.h>
#include <linux/trace_events.h>

static void device_pm_state_starts_empty(struct kunit *test)
{
	struct device *dev = kunit_device_register(test, "kc-pm");
	pm_message_t msg = PMSG_SUSPEND;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	KUNIT_EXPECT_NULL(test, dev->power.qos);
	KUNIT_EXPECT_EQ(test, dev->power.power_state.event, PM_EVENT_ON);
	KUNIT_EXPECT_EQ(test, msg.event, PM_EVENT_SUSPEND);
	msg = PMSG_INVALID;
	KUNIT_EXPECT_EQ(test, msg.event, -1);
	/* The glue allocates devices of the header's size: the last field is writable. */
	dev->power.qos = (struct dev_pm_qos *)dev;
	KUNIT_EXPECT_PTR_EQ(test, (void *)dev->power.qos, (void *)dev);
	dev->power.qos = NULL;
}

static int kc_evaluated;

static int kc_condition(void)
{
	kc_evaluated++;
	return 1;
}

static void probes_and_rcu_checks(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, register_kprobe(NULL), -EOPNOTSUPP);
	KUNIT_EXPECT_EQ(test, register_kretprobe(NULL), -EOPNOTSUPP);
	KUNIT_EXPECT_FALSE(test, kprobe_running());
	KUNIT_EXPECT_TRUE(test, rcu_is_watching());
	kc_evaluated = 0;
	RCU_LOCKDEP_WARN(kc_condition(), "not evaluated");
	KUNIT_EXPECT_EQ(test, kc_evaluated, 0);
}

static void arch_constants(struct kunit *test)
{
	struct miscdevice misc = { .minor = MISC_DYNAMIC_MINOR, .name = "kc" };

	KUNIT_EXPECT_EQ(test, DIE_OOPS, 1);
	KUNIT_EXPECT_EQ(test, DIE_NMIUNKNOWN, 12);
	KUNIT_EXPECT_EQ(test, sizeof(struct pdev_archdata), 0);
	KUNIT_EXPECT_EQ(test, misc.minor, 255);
}

static struct kunit_case pm_qos_bits_cases[] = {
	KUNIT_CASE(device_pm_state_starts_empty),
	KUNIT_CASE(probes_and_rcu_checks),
	KUNIT_CASE(arch_constants),
	{}
};

static struct kunit_suite pm_qos_bits_suite = {
	.name = "kunit_c_pm_qos_services",
	.test_cases = pm_qos_bits_cases,
};
kunit_test_suite(pm_qos_bits_suite);
