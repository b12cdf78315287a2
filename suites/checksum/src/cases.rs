//! The five cases of `lib/tests/checksum_kunit.c`, in registration order, with the kernel's
//! loops over every alignment and length and its ASSERT semantics (the first mismatch ends
//! the case). Each suite runs them on one implementation, stored as the test's private data.

use kunit::prelude::*;
use kunit_arch::checksum::{Impl, Sum16, Wsum};

use crate::vectors::{vectors, Vectors};

pub const MAX_LEN: usize = 512;
pub const MAX_ALIGN: usize = 64;
pub const TEST_BUFLEN: usize = MAX_LEN + MAX_ALIGN;
pub const IPV4_MIN_WORDS: usize = 5;
/// Exclusive bound.
pub const IPV4_MAX_WORDS: usize = 15;
pub const NUM_IPV6_TESTS: usize = 200;
pub const NUM_IP_FAST_CSUM_TESTS: usize = 181;

/// `static u8 tmp_buf[TEST_BUFLEN]`, 64-byte aligned so that `align` is the address mod 64
/// (which the generic and i386 code branch on).
#[repr(align(64))]
struct TmpBuf([u8; TEST_BUFLEN]);

/// `CHECK_EQ(lhs, rhs)`: `KUNIT_ASSERT_EQ(test, (__force u64)lhs, (__force u64)rhs)`. The
/// operands are variables, re-bound as their raw values so KUnit prints their names.
macro_rules! check_eq {
    ($test:expr, $lhs:ident, $rhs:ident) => {{
        let $lhs = u64::from($lhs);
        let $rhs = u64::from($rhs);
        kunit_assert_eq!($test, $lhs, $rhs);
    }};
}

/// The implementation the running suite tests (set by its `init`); skips the case if this
/// CPU cannot run it.
pub fn implementation(test: &mut Kunit) -> Impl {
    let imp = *test
        .priv_ref::<Impl>()
        .expect("suite init stores the implementation");
    if !imp.is_available() {
        kunit_skip!(test, "{} is not supported by this CPU", imp.name());
    }
    imp
}

/// `le16_to_cpu`: the expected values are for a little-endian CPU.
fn to_sum16(x: u16) -> Sum16 {
    Sum16::from_raw(u16::from_le(x))
}

/// `le16_to_cpu` on each 16-bit half.
fn to_wsum(x: u32) -> Wsum {
    let hi = u16::from_le((x >> 16) as u16) as u32;
    let lo = u16::from_le(x as u16) as u32;
    Wsum::from_raw(hi << 16 | lo)
}

fn full_csum(imp: Impl, buf: &[u8], sum: Wsum) -> Sum16 {
    imp.csum_fold(imp.csum_partial(buf, sum))
}

/// The data, checked against the constants this port uses (`assert_setup_correct` and more).
fn setup(test: &mut Kunit) -> &'static Vectors {
    let v = match vectors() {
        Ok(v) => v,
        Err(e) => kunit_fail_and_abort!(test, "checksum vectors: {}", e),
    };
    kunit_assert_eq!(test, v.random_buf.len(), MAX_LEN);
    kunit_assert_eq!(test, v.expected_results.len(), MAX_LEN);
    kunit_assert_eq!(test, v.init_sums_no_overflow.len(), MAX_LEN);
    kunit_assert_eq!(test, v.expected_csum_ipv6_magic.len(), NUM_IPV6_TESTS);
    let fast_csum_len = (IPV4_MAX_WORDS - IPV4_MIN_WORDS) * NUM_IP_FAST_CSUM_TESTS;
    kunit_assert_eq!(test, v.expected_fast_csum.len(), fast_csum_len);
    for &(name, value) in &v.constants {
        let ours = match name {
            "MAX_LEN" => MAX_LEN,
            "MAX_ALIGN" => MAX_ALIGN,
            "TEST_BUFLEN" => TEST_BUFLEN,
            "IPv4_MIN_WORDS" => IPV4_MIN_WORDS,
            "IPv4_MAX_WORDS" => IPV4_MAX_WORDS,
            "NUM_IPv6_TESTS" => NUM_IPV6_TESTS,
            "NUM_IP_FAST_CSUM_TESTS" => NUM_IP_FAST_CSUM_TESTS,
            "all_carry_fill_byte" => 0xff,
            "no_carry_fill_byte" => 0x04,
            _ => continue,
        } as u64;
        kunit_assert_eq_msg!(test, value, ours, "constants.json {}", name);
    }
    v
}

/// Every `(align, len)` pair of the kernel loops: `len < MAX_LEN && align + len < TEST_BUFLEN`.
fn lengths(align: usize) -> impl Iterator<Item = usize> {
    (0..MAX_LEN).take_while(move |len| align + len < TEST_BUFLEN)
}

pub fn test_csum_fixed_random_inputs(test: &mut Kunit) {
    let imp = implementation(test);
    let v = setup(test);
    let mut tmp_buf = Box::new(TmpBuf([0; TEST_BUFLEN]));
    for align in 0..TEST_BUFLEN {
        let n = MAX_LEN.min(TEST_BUFLEN - align);
        tmp_buf.0[align..align + n].copy_from_slice(&v.random_buf[..n]);
        for len in lengths(align) {
            // Test the precomputed random input.
            let sum = to_wsum(v.random_init_sum);
            let result = full_csum(imp, &tmp_buf.0[align..align + len], sum);
            let expec = to_sum16(v.expected_results[len]);
            check_eq!(test, result, expec);
        }
    }
}

pub fn test_csum_all_carry_inputs(test: &mut Kunit) {
    let imp = implementation(test);
    setup(test);
    let tmp_buf = Box::new(TmpBuf([0xff; TEST_BUFLEN]));
    for align in 0..TEST_BUFLEN {
        for len in lengths(align) {
            let buf = &tmp_buf.0[align..align + len];
            // All carries from input and initial sum.
            let sum = to_wsum(0xffffffff);
            let result = full_csum(imp, buf, sum);
            let expec = to_sum16(if len & 1 == 1 { 0xff00 } else { 0 });
            check_eq!(test, result, expec);

            // All carries from input.
            let sum = Wsum::from_raw(0);
            let result = full_csum(imp, buf, sum);
            let expec = if len & 1 == 1 {
                to_sum16(0xff00)
            } else if len != 0 {
                Sum16::from_raw(0)
            } else {
                to_sum16(0xffff)
            };
            check_eq!(test, result, expec);
        }
    }
}

pub fn test_csum_no_carry_inputs(test: &mut Kunit) {
    let imp = implementation(test);
    let v = setup(test);
    let tmp_buf = Box::new(TmpBuf([0x04; TEST_BUFLEN]));
    for align in 0..TEST_BUFLEN {
        for len in lengths(align) {
            let buf = &tmp_buf.0[align..align + len];
            // Expect no carries.
            let sum = to_wsum(v.init_sums_no_overflow[len]);
            let result = full_csum(imp, buf, sum);
            let expec = Sum16::from_raw(0);
            check_eq!(test, result, expec);

            // Expect one carry (the u32 `+ 1` wraps for len 0, as in C).
            let sum = to_wsum(v.init_sums_no_overflow[len].wrapping_add(1));
            let result = full_csum(imp, buf, sum);
            let expec = to_sum16(if len != 0 { 0xfffe } else { 0xffff });
            check_eq!(test, result, expec);
        }
    }
}

pub fn test_ip_fast_csum(test: &mut Kunit) {
    let imp = implementation(test);
    let v = setup(test);
    for len in IPV4_MIN_WORDS..IPV4_MAX_WORDS {
        for index in 0..NUM_IP_FAST_CSUM_TESTS {
            let csum_result = imp.ip_fast_csum(&v.random_buf[index..], len as u32);
            let expected = to_sum16(
                v.expected_fast_csum[(len - IPV4_MIN_WORDS) * NUM_IP_FAST_CSUM_TESTS + index],
            );
            check_eq!(test, expected, csum_result);
        }
    }
}

pub fn test_csum_ipv6_magic(test: &mut Kunit) {
    let imp = implementation(test);
    let v = setup(test);
    // sizeof(struct in6_addr), sizeof(int), sizeof(char).
    let daddr_offset = 16;
    let len_offset = 16 + 16;
    let proto_offset = 16 + 16 + 4;
    let csum_offset = 16 + 16 + 4 + 1;
    for i in 0..NUM_IPV6_TESTS {
        let b = &v.random_buf[i..];
        let saddr: &[u8; 16] = b[..16].try_into().expect("16 bytes");
        let daddr: &[u8; 16] = b[daddr_offset..daddr_offset + 16]
            .try_into()
            .expect("16 bytes");
        let len = u32::from_le_bytes(b[len_offset..len_offset + 4].try_into().expect("4 bytes"));
        let proto = b[proto_offset];
        let csum = Wsum::from_raw(u32::from_ne_bytes(
            b[csum_offset..csum_offset + 4].try_into().expect("4 bytes"),
        ));
        let expected = to_sum16(v.expected_csum_ipv6_magic[i]);
        let csum_result = imp.csum_ipv6_magic(saddr, daddr, len, proto, csum);
        check_eq!(test, expected, csum_result);
    }
}
