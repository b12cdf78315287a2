//! Portable implementations: `lib/checksum.c` (`do_csum`, `csum_partial`, `ip_fast_csum`),
//! `include/asm-generic/checksum.h` (`csum_fold`, `csum_tcpudp_nofold`) and
//! `net/ipv6/ip6_checksum.c` (`csum_ipv6_magic`).
//!
//! `do_csum` aligns itself on the *absolute* address of the buffer, like the C code: an odd
//! start address puts the first byte in the high lane, sums the rest pairwise on aligned
//! words and byte-swaps the folded result at the end (a swap is a multiplication by 2^8
//! modulo 0xffff, which undoes the shifted lanes).

use super::types::{Sum16, Wsum};

fn load_u16(b: &[u8]) -> u32 {
    u16::from_ne_bytes([b[0], b[1]]) as u32
}

/// Folds a 32-bit sum to 16 bits with end-around carry (twice: the first add may carry).
fn from32to16(x: u32) -> u32 {
    let x = (x & 0xffff) + (x >> 16);
    (x & 0xffff) + (x >> 16)
}

/// `do_csum(buff, len)`: the 16-bit one's-complement sum of `buf`, not complemented.
pub(crate) fn do_csum(buf: &[u8]) -> u32 {
    let mut len = buf.len();
    if len == 0 {
        return 0;
    }
    let mut pos = 0usize;
    let mut result: u32 = 0;
    let odd = buf.as_ptr() as usize & 1 == 1;
    if odd {
        result = if cfg!(target_endian = "little") {
            (buf[0] as u32) << 8
        } else {
            buf[0] as u32
        };
        len -= 1;
        pos = 1;
    }
    if len >= 2 {
        if (buf.as_ptr() as usize + pos) & 2 != 0 {
            result += load_u16(&buf[pos..]);
            len -= 2;
            pos += 2;
        }
        if len >= 4 {
            let words = &buf[pos..pos + (len & !3)];
            let mut carry = 0u32;
            for w in words.chunks_exact(4) {
                let w = u32::from_ne_bytes([w[0], w[1], w[2], w[3]]);
                result = result.wrapping_add(carry).wrapping_add(w);
                carry = (w > result) as u32;
            }
            pos += words.len();
            result += carry;
            result = (result & 0xffff) + (result >> 16);
        }
        if len & 2 != 0 {
            result += load_u16(&buf[pos..]);
            pos += 2;
        }
    }
    if len & 1 != 0 {
        result += if cfg!(target_endian = "little") {
            buf[pos] as u32
        } else {
            (buf[pos] as u32) << 8
        };
    }
    result = from32to16(result);
    if odd {
        result = ((result >> 8) & 0xff) | ((result & 0xff) << 8);
    }
    result
}

/// Adds `b` to `a` with end-around carry.
fn add32_with_carry(a: u32, b: u32) -> u32 {
    let (s, carry) = a.overflowing_add(b);
    s + carry as u32
}

/// `csum_partial(buff, len, sum)`.
pub fn csum_partial(buf: &[u8], sum: Wsum) -> Wsum {
    Wsum::from_raw(add32_with_carry(do_csum(buf), sum.raw()))
}

/// `csum_fold(sum) = (~sum - ror32(sum, 16)) >> 16`.
pub fn csum_fold(sum: Wsum) -> Sum16 {
    let s = sum.raw();
    Sum16::from_raw(((!s).wrapping_sub(s.rotate_right(16)) >> 16) as u16)
}

/// `ip_fast_csum(iph, ihl) = ~do_csum(iph, ihl * 4)`.
///
/// # Panics
/// If `iph` is shorter than `ihl * 4` bytes.
pub fn ip_fast_csum(iph: &[u8], ihl: u32) -> Sum16 {
    Sum16::from_raw(!do_csum(&iph[..ihl as usize * 4]) as u16)
}

/// `csum_ipv6_magic`: the IPv6 pseudo-header sum, 32-bit adds with explicit carry.
pub fn csum_ipv6_magic(
    saddr: &[u8; 16],
    daddr: &[u8; 16],
    len: u32,
    proto: u8,
    csum: Wsum,
) -> Sum16 {
    let mut sum = csum.raw();
    for w in saddr.chunks_exact(4).chain(daddr.chunks_exact(4)) {
        sum = add32_with_carry(sum, u32::from_ne_bytes([w[0], w[1], w[2], w[3]]));
    }
    sum = add32_with_carry(sum, len.to_be());
    sum = add32_with_carry(sum, (proto as u32).to_be());
    csum_fold(Wsum::from_raw(sum))
}

/// `csum_tcpudp_nofold`: the IPv4 pseudo-header sum. Addresses are the four bytes as they
/// appear in the header (`__be32`).
pub fn csum_tcpudp_nofold(saddr: [u8; 4], daddr: [u8; 4], len: u32, proto: u8, sum: Wsum) -> Wsum {
    // `proto + len` is `unsigned int` arithmetic in C, shift included.
    let len_proto = (proto as u32).wrapping_add(len);
    let len_proto = if cfg!(target_endian = "little") {
        len_proto << 8
    } else {
        len_proto
    };
    let s = sum.raw() as u64
        + u32::from_ne_bytes(saddr) as u64
        + u32::from_ne_bytes(daddr) as u64
        + len_proto as u64;
    Wsum::from_raw(from64to32(s))
}

/// Folds a 64-bit sum to 32 bits with end-around carry (twice: the first add may carry).
fn from64to32(x: u64) -> u32 {
    let x = (x & 0xffff_ffff) + (x >> 32);
    ((x & 0xffff_ffff) + (x >> 32)) as u32
}

/// `csum_tcpudp_magic = csum_fold(csum_tcpudp_nofold(..))`.
pub fn csum_tcpudp_magic(saddr: [u8; 4], daddr: [u8; 4], len: u32, proto: u8, sum: Wsum) -> Sum16 {
    csum_fold(csum_tcpudp_nofold(saddr, daddr, len, proto, sum))
}
