// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of the address and resource types lib/vsprintf.c prints: <linux/socket.h>,
 * <linux/in.h>, <linux/in6.h>'s sockaddr_in6 and <net/addrconf.h> (the kernel's ABI layouts
 * and address classes), <linux/netdev_features.h>, <linux/ioport.h> and <linux/range.h>.
 */
#include <kunit/test.h>
#include <linux/byteorder.h>
#include <linux/in.h>
#include <linux/in6.h>
#include <linux/ioport.h>
#include <linux/netdev_features.h>
#include <linux/range.h>
#include <linux/socket.h>
#include <linux/stddef.h>
#include <net/addrconf.h>

static void net_addresses_have_the_abi_layout(struct kunit *test)
{
	struct sockaddr_in sa = { .sin_family = AF_INET };
	netdev_features_t features = 1ULL << 63;

	KUNIT_EXPECT_EQ(test, sizeof(struct sockaddr), (size_t)16);
	KUNIT_EXPECT_EQ(test, sizeof(struct sockaddr_in), sizeof(struct sockaddr));
	KUNIT_EXPECT_EQ(test, offsetof(struct sockaddr_in, sin_port), (size_t)2);
	KUNIT_EXPECT_EQ(test, offsetof(struct sockaddr_in, sin_addr), (size_t)4);
	KUNIT_EXPECT_EQ(test, sizeof(struct sockaddr_in6), (size_t)28);
	KUNIT_EXPECT_EQ(test, offsetof(struct sockaddr_in6, sin6_addr), (size_t)8);
	KUNIT_EXPECT_EQ(test, offsetof(struct sockaddr_in6, sin6_scope_id), (size_t)24);
	KUNIT_EXPECT_GE(test, sizeof(struct sockaddr_storage), (size_t)128);
	KUNIT_EXPECT_EQ(test, AF_INET, 2);
	KUNIT_EXPECT_EQ(test, AF_INET6, 10);
	/* Big-endian on the wire: 127.0.0.1's first byte is 127. */
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	KUNIT_EXPECT_EQ(test, ((const u8 *)&sa.sin_addr)[0], 127);
	KUNIT_EXPECT_TRUE(test, ipv4_is_loopback(sa.sin_addr.s_addr));
	KUNIT_EXPECT_FALSE(test, ipv4_is_multicast(sa.sin_addr.s_addr));
	KUNIT_EXPECT_TRUE(test, ipv4_is_multicast(htonl(0xe0000001)));
	KUNIT_EXPECT_EQ(test, ntohl(IPV6_FLOWINFO_MASK), 0x0fffffffU);
	KUNIT_EXPECT_EQ(test, sizeof(features), (size_t)8);
}

static void ipv6_address_classes(struct kunit *test)
{
	struct in6_addr a = { 0 };

	KUNIT_EXPECT_TRUE(test, ipv6_addr_any(&a));
	a.s6_addr[15] = 1;
	KUNIT_EXPECT_TRUE(test, ipv6_addr_loopback(&a));
	KUNIT_EXPECT_FALSE(test, ipv6_addr_v4mapped(&a));
	/* ::ffff:1.2.3.4 */
	a.s6_addr[10] = 0xff;
	a.s6_addr[11] = 0xff;
	KUNIT_EXPECT_TRUE(test, ipv6_addr_v4mapped(&a));
	KUNIT_EXPECT_FALSE(test, ipv6_addr_is_isatap(&a));
	/* fe80::5efe:a.b.c.d and fe80::200:5efe:a.b.c.d are ISATAP; ::100:5efe:... is not. */
	memset(&a, 0, sizeof(a));
	a.s6_addr[0] = 0xfe;
	a.s6_addr[1] = 0x80;
	a.s6_addr[10] = 0x5e;
	a.s6_addr[11] = 0xfe;
	KUNIT_EXPECT_TRUE(test, ipv6_addr_is_isatap(&a));
	a.s6_addr[8] = 0x02;
	KUNIT_EXPECT_TRUE(test, ipv6_addr_is_isatap(&a));
	a.s6_addr[8] = 0x01;
	KUNIT_EXPECT_FALSE(test, ipv6_addr_is_isatap(&a));
	KUNIT_EXPECT_FALSE(test, ipv6_addr_v4mapped(&a));
}

static void resources_and_ranges(struct kunit *test)
{
	struct resource mem = { .start = 0x1000, .end = 0x1fff, .flags = IORESOURCE_MEM };
	struct resource inner = { .start = 0x1800, .end = 0x18ff, .flags = IORESOURCE_MEM };
	struct resource io = { .start = 0x1800, .end = 0x18ff, .flags = IORESOURCE_IO };
	struct range r = DEFINE_RANGE(0x10, 0x1f);
	struct range s = DEFINE_RANGE(0x1f, 0x30);
	struct range t = DEFINE_RANGE(0x20, 0x30);

	/* The kernel's values: %pR prints them as flags 0x200 and so on. */
	KUNIT_EXPECT_EQ(test, IORESOURCE_MEM, 0x200);
	KUNIT_EXPECT_EQ(test, IORESOURCE_IO, 0x100);
	KUNIT_EXPECT_EQ(test, IORESOURCE_DISABLED, 0x10000000);
	KUNIT_EXPECT_EQ(test, resource_size(&mem), (resource_size_t)0x1000);
	KUNIT_EXPECT_EQ(test, resource_type(&mem), (unsigned long)IORESOURCE_MEM);
	KUNIT_EXPECT_TRUE(test, resource_contains(&mem, &inner));
	KUNIT_EXPECT_FALSE(test, resource_contains(&inner, &mem));
	/* Different types never contain each other; an unset one contains nothing. */
	KUNIT_EXPECT_FALSE(test, resource_contains(&mem, &io));
	inner.flags |= IORESOURCE_UNSET;
	KUNIT_EXPECT_FALSE(test, resource_contains(&mem, &inner));

	KUNIT_EXPECT_EQ(test, range_len(&r), 16ULL);
	KUNIT_EXPECT_TRUE(test, range_overlaps(&r, &s));
	KUNIT_EXPECT_FALSE(test, range_overlaps(&r, &t));
	KUNIT_EXPECT_TRUE(test, range_contains(&s, &t));
	KUNIT_EXPECT_FALSE(test, range_contains(&t, &s));
}

static struct kunit_case net_resource_cases[] = {
	KUNIT_CASE(net_addresses_have_the_abi_layout),
	KUNIT_CASE(ipv6_address_classes),
	KUNIT_CASE(resources_and_ranges),
	{}
};

static struct kunit_suite net_resource_suite = {
	.name = "kunit_c_net_resource",
	.test_cases = net_resource_cases,
};
kunit_test_suite(net_resource_suite);
