// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of <asm/checksum.h> (x86's inlines in plain C, the glue's csum_partial() and
 * ip_compute_csum()), <asm/word-at-a-time.h>'s load_unaligned_zeropad() and <linux/dcache.h>'s
 * bytemask_from_count(). The expected values are what UML's x86 assembly gives for the same
 * inputs.
 */
#include <kunit/test.h>
#include <asm/checksum.h>
#include <asm/page.h>
#include <asm/word-at-a-time.h>
#include <linux/dcache.h>
#include <linux/slab.h>

/* An IPv4 header (UDP, 192.168.0.1 -> 192.168.0.199) whose checksum field is b8 61. */
static const u8 ipv4_header[20] = {
	0x45, 0x00, 0x00, 0x73, 0x00, 0x00, 0x40, 0x00, 0x40, 0x11,
	0xb8, 0x61, 0xc0, 0xa8, 0x00, 0x01, 0xc0, 0xa8, 0x00, 0xc7,
};

static void csum_fold_adds_the_halves_with_end_around_carry(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, (u16)(__force u16)csum_fold(0), 0xffff);
	KUNIT_EXPECT_EQ(test, (u16)(__force u16)csum_fold(0xffffffff), 0);
	KUNIT_EXPECT_EQ(test, (u16)(__force u16)csum_fold(0x1234abcd), 0x41fe);
	KUNIT_EXPECT_EQ(test, (u16)(__force u16)csum_fold(0xffff0001), 0xfffe);
	/* 0x0001 + 0xfffe = 0xffff, no carry: the complement is 0. */
	KUNIT_EXPECT_EQ(test, (u16)(__force u16)csum_fold(0x0001fffe), 0);
}

static void ip_fast_csum_checks_an_ipv4_header(struct kunit *test)
{
	u8 hdr[sizeof(ipv4_header)];
	u8 buf[64];
	int i;

	/* A header with its checksum in place sums to 0; with the field cleared, to the field. */
	KUNIT_EXPECT_EQ(test, (u16)(__force u16)ip_fast_csum(ipv4_header, 5), 0);
	__builtin_memcpy(hdr, ipv4_header, sizeof(hdr));
	hdr[10] = hdr[11] = 0;
	KUNIT_EXPECT_EQ(test, (u16)(__force u16)ip_fast_csum(hdr, 5), 0x61b8);
	KUNIT_EXPECT_EQ(test, ip_fast_csum(hdr, 5), ip_compute_csum(hdr, sizeof(hdr)));

	/* Any ihl up to 15 words, at any alignment, as x86's assembly gives. */
	for (i = 0; i < 64; i++)
		buf[i] = (u8)(i * 37 + 11);
	KUNIT_EXPECT_EQ(test, (u16)(__force u16)ip_fast_csum(buf, 5), 0x198b);
	KUNIT_EXPECT_EQ(test, (u16)(__force u16)ip_fast_csum(buf + 1, 15), 0x3c92);
	KUNIT_EXPECT_EQ(test, (u16)(__force u16)ip_fast_csum(buf + 3, 9), 0x8f28);
	__builtin_memset(buf, 0xff, sizeof(buf));
	KUNIT_EXPECT_EQ(test, (u16)(__force u16)ip_fast_csum(buf, 5), 0);
}

static void csum_tcpudp_nofold_is_x86s_32_bit_sum(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test,
			(u32)(__force u32)csum_tcpudp_nofold((__force __be32)0xc0a80001,
							     (__force __be32)0x0a000001, 20, 6, 0),
			0xcaa81a02u);
	/* Every addition carries: the carries come back in at the bottom. */
	KUNIT_EXPECT_EQ(test,
			(u32)(__force u32)csum_tcpudp_nofold((__force __be32)0xffffffff,
							     (__force __be32)0xffffffff, 0xffff, 17,
							     (__force __wsum)0xffffffff),
			0x1001000u);
	KUNIT_EXPECT_EQ(test,
			(u32)(__force u32)csum_tcpudp_nofold((__force __be32)0x01020304,
							     (__force __be32)0xfffefdfc, 1500, 17,
							     (__force __wsum)0x80000000),
			0x8106ee01u);
	KUNIT_EXPECT_EQ(test, csum_tcpudp_magic((__force __be32)0xc0a80001,
						(__force __be32)0x0a000001, 20, 6, 0),
			csum_fold((__force __wsum)0xcaa81a02));
}

static void csum_partial_sums_words_in_memory_order(struct kunit *test)
{
	static const u8 five[6] = { 0x00, 0x01, 0x02, 0x03, 0x04, 0x05 };
	static const u8 ones[4] = { 0xff, 0xff, 0xff, 0xff };

	/* 0x0201 + 0x0403 + 0x05 (an odd last byte is the low half), from an odd address. */
	KUNIT_EXPECT_EQ(test, (u32)(__force u32)csum_partial(five + 1, 5, 0), 0x0609u);
	KUNIT_EXPECT_EQ(test, (u16)(__force u16)csum_fold(csum_partial(five + 1, 5, 0)), 0xf9f6);
	KUNIT_EXPECT_EQ(test, (u16)(__force u16)ip_compute_csum(five + 1, 5), 0xf9f6);
	/* The initial sum is added; an empty buffer gives it back. */
	KUNIT_EXPECT_EQ(test, (u16)(__force u16)csum_fold(csum_partial(ones, 4, (__force __wsum)1)),
			0xfffe);
	KUNIT_EXPECT_EQ(test, (u32)(__force u32)csum_partial(ones, 0, (__force __wsum)0x1234),
			0x1234u);
	KUNIT_EXPECT_EQ(test, (u16)(__force u16)ip_compute_csum(ipv4_header, 20), 0);
}

/* Two pages, the second all 0xff: a read past the first page's end would show. */
static u8 two_pages[2 * PAGE_SIZE] __aligned(PAGE_SIZE);

static void load_unaligned_zeropad_stops_at_the_page_end(struct kunit *test)
{
	unsigned long word, want;
	u8 *end = two_pages + PAGE_SIZE;
	size_t i;

	for (i = 0; i < PAGE_SIZE; i++)
		two_pages[i] = (u8)(i + 1);
	__builtin_memset(end, 0xff, PAGE_SIZE);

	/* Within a page, at any alignment: the plain unaligned load. */
	__builtin_memcpy(&want, two_pages + 13, sizeof(want));
	KUNIT_EXPECT_EQ(test, load_unaligned_zeropad(two_pages + 13), want);
	__builtin_memcpy(&want, end - sizeof(want), sizeof(want));
	KUNIT_EXPECT_EQ(test, load_unaligned_zeropad(end - sizeof(want)), want);

	/* Across the page end: the bytes in the page, then zeros (the high bytes). */
	end[-3] = 'a';
	end[-2] = 'b';
	end[-1] = 'c';
	word = load_unaligned_zeropad(end - 3);
	KUNIT_EXPECT_EQ(test, word, 0x636261ul);
	KUNIT_EXPECT_EQ(test, load_unaligned_zeropad(end - 1), 0x63ul);
	/* find_zero() then sees the string end at the page end. */
	KUNIT_EXPECT_EQ(test, find_zero(create_zero_mask(((word - REPEAT_BYTE(0x01)) & ~word) &
							  REPEAT_BYTE(0x80))),
			3ul);
	/* What siphash keeps of a 3-byte tail: those bytes, whatever followed them. */
	KUNIT_EXPECT_EQ(test, load_unaligned_zeropad(two_pages + 13) & bytemask_from_count(3),
			0x100f0eul);
	KUNIT_EXPECT_EQ(test, bytemask_from_count(0), 0ul);
	KUNIT_EXPECT_EQ(test, bytemask_from_count(7), 0x00fffffffffffffful);
}

/*
 * strscpy()'s use: the word read from a short string runs past its NUL into the bytes after
 * the object. The kernel's load is unseen by KASAN; under --sanitize=address it must not be a
 * report either (the first three bytes are the string's, the rest whatever follows).
 */
static void load_unaligned_zeropad_reads_past_a_short_object(struct kunit *test)
{
	char *s = kmalloc(3, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, s);
	s[0] = 'a';
	s[1] = 'b';
	s[2] = '\0';
	KUNIT_EXPECT_EQ(test, load_unaligned_zeropad(s) & bytemask_from_count(3), 0x6261ul);
	kfree(s);
}

static struct kunit_case checksum_header_cases[] = {
	KUNIT_CASE(csum_fold_adds_the_halves_with_end_around_carry),
	KUNIT_CASE(ip_fast_csum_checks_an_ipv4_header),
	KUNIT_CASE(csum_tcpudp_nofold_is_x86s_32_bit_sum),
	KUNIT_CASE(csum_partial_sums_words_in_memory_order),
	KUNIT_CASE(load_unaligned_zeropad_stops_at_the_page_end),
	KUNIT_CASE(load_unaligned_zeropad_reads_past_a_short_object),
	{}
};

static struct kunit_suite checksum_header_suite = {
	.name = "kunit-c-checksum",
	.test_cases = checksum_header_cases,
};
kunit_test_suite(checksum_header_suite);
