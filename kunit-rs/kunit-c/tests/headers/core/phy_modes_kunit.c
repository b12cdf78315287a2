// SPDX-License-Identifier: GPL-2.0-only OR MIT
/* <linux/phy.h>: each PHY interface mode's firmware name, as "phy-mode" properties spell it. */
#include <kunit/test.h>
#include <linux/phy.h>
#include <linux/string.h>

static void names_round_trip(struct kunit *test)
{
	/* Every mode but NA has a distinct non-empty name that finds it again. */
	for (int i = PHY_INTERFACE_MODE_INTERNAL; i < PHY_INTERFACE_MODE_MAX; i++) {
		int found = -1;

		KUNIT_EXPECT_GT(test, strlen(phy_modes(i)), 0);
		for (int j = 0; j < PHY_INTERFACE_MODE_MAX; j++)
			if (!strcasecmp(phy_modes(i), phy_modes(j)))
				found = j;
		KUNIT_EXPECT_EQ(test, found, i);
	}
}

static void known_names(struct kunit *test)
{
	KUNIT_EXPECT_STREQ(test, phy_modes(PHY_INTERFACE_MODE_NA), "");
	KUNIT_EXPECT_STREQ(test, phy_modes(PHY_INTERFACE_MODE_RGMII_ID), "rgmii-id");
	KUNIT_EXPECT_STREQ(test, phy_modes(PHY_INTERFACE_MODE_10GKR), "10gbase-kr");
	KUNIT_EXPECT_STREQ(test, phy_modes(PHY_INTERFACE_MODE_1000BASEKX), "1000base-kx");
	KUNIT_EXPECT_STREQ(test, phy_modes(PHY_INTERFACE_MODE_MAX), "unknown");
	KUNIT_EXPECT_STREQ(test, phy_modes((phy_interface_t)-1), "unknown");
}

static struct kunit_case phy_modes_cases[] = {
	KUNIT_CASE(names_round_trip),
	KUNIT_CASE(known_names),
	{}
};

static struct kunit_suite phy_modes_suite = {
	.name = "kunit-c-phy-modes",
	.test_cases = phy_modes_cases,
};
kunit_test_suite(phy_modes_suite);
