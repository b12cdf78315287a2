//! x86-64: `arch/x86/lib/csum-partial_64.c` (two 40-byte `adc` chains per 80 bytes),
//! `ip_fast_csum` and `csum_fold` from `asm/checksum_64.h`, and `csum_ipv6_magic` from
//! `csum-wrappers_64.c`, as inline assembly.
//!
//! There is no alignment handling at all: unaligned 64-bit loads pair the bytes by their
//! offset from the start of the buffer, which is already the natural pairing.

use core::arch::asm;

use super::generic;
use super::types::{Sum16, Wsum};

/// `update_csum_40b`: five `adcq` over `m[0..40]`, then the final carry.
#[inline(always)]
fn update_csum_40b(mut sum: u64, m: &[u8; 40]) -> u64 {
    // SAFETY: `m` is 40 readable bytes; the asm only reads them and clobbers flags.
    unsafe {
        asm!(
            "add {s}, qword ptr [{p}]",
            "adc {s}, qword ptr [{p} + 8]",
            "adc {s}, qword ptr [{p} + 16]",
            "adc {s}, qword ptr [{p} + 24]",
            "adc {s}, qword ptr [{p} + 32]",
            "adc {s}, 0",
            s = inout(reg) sum,
            p = in(reg) m.as_ptr(),
            options(pure, readonly, nostack),
        );
    }
    sum
}

/// `len & 32`: four `adcq`.
#[inline(always)]
pub(super) fn update_csum_32b(mut sum: u64, m: &[u8; 32]) -> u64 {
    // SAFETY: `m` is 32 readable bytes; the asm only reads them and clobbers flags.
    unsafe {
        asm!(
            "add {s}, qword ptr [{p}]",
            "adc {s}, qword ptr [{p} + 8]",
            "adc {s}, qword ptr [{p} + 16]",
            "adc {s}, qword ptr [{p} + 24]",
            "adc {s}, 0",
            s = inout(reg) sum,
            p = in(reg) m.as_ptr(),
            options(pure, readonly, nostack),
        );
    }
    sum
}

/// `len & 16`: two `adcq`.
#[inline(always)]
pub(super) fn update_csum_16b(mut sum: u64, m: &[u8; 16]) -> u64 {
    // SAFETY: `m` is 16 readable bytes; the asm only reads them and clobbers flags.
    unsafe {
        asm!(
            "add {s}, qword ptr [{p}]",
            "adc {s}, qword ptr [{p} + 8]",
            "adc {s}, 0",
            s = inout(reg) sum,
            p = in(reg) m.as_ptr(),
            options(pure, readonly, nostack),
        );
    }
    sum
}

/// `addq; adcq $0`.
#[inline(always)]
pub(super) fn add_with_carry(mut sum: u64, v: u64) -> u64 {
    // SAFETY: register-only arithmetic; clobbers flags.
    unsafe {
        asm!(
            "add {s}, {v}",
            "adc {s}, 0",
            s = inout(reg) sum,
            v = in(reg) v,
            options(pure, nomem, nostack),
        );
    }
    sum
}

/// `csum_finalize_sum`: 64 → 32 bits with end-around carry.
#[inline(always)]
pub(super) fn csum_finalize_sum(t: u64) -> Wsum {
    Wsum::from_raw((t.wrapping_add(t.rotate_right(32)) >> 32) as u32)
}

#[inline(always)]
pub(super) fn first<const N: usize>(b: &[u8]) -> &[u8; N] {
    b[..N].try_into().expect("caller checked the length")
}

/// `csum_partial(buff, len, sum)`.
#[inline]
pub fn csum_partial(buf: &[u8], sum: Wsum) -> Wsum {
    let mut temp64 = sum.raw() as u64;
    let mut rest = buf;
    // Two 40-byte chains in parallel for instruction-level parallelism.
    if rest.len() >= 80 {
        let mut temp64_2 = 0u64;
        let mut blocks = rest.chunks_exact(80);
        for b in &mut blocks {
            temp64 = update_csum_40b(temp64, first::<40>(b));
            temp64_2 = update_csum_40b(temp64_2, first::<40>(&b[40..]));
        }
        rest = blocks.remainder();
        temp64 = add_with_carry(temp64, temp64_2);
    }
    // len == 40 is the hot case (IPv6 headers): no tail to look at.
    if rest.len() >= 40 {
        temp64 = update_csum_40b(temp64, first::<40>(rest));
        rest = &rest[40..];
        if rest.is_empty() {
            return csum_finalize_sum(temp64);
        }
    }
    if rest.len() & 32 != 0 {
        temp64 = update_csum_32b(temp64, first::<32>(rest));
        rest = &rest[32..];
    }
    if rest.len() & 16 != 0 {
        temp64 = update_csum_16b(temp64, first::<16>(rest));
        rest = &rest[16..];
    }
    if rest.len() & 8 != 0 {
        temp64 = add_with_carry(temp64, u64::from_le_bytes(*first::<8>(rest)));
        rest = &rest[8..];
    }
    if !rest.is_empty() {
        temp64 = add_with_carry(temp64, trailing_bytes(buf, rest.len()));
    }
    csum_finalize_sum(temp64)
}

/// The last `n < 8` bytes of `buf` as a little-endian u64 with zero high bytes (the kernel's
/// `load_unaligned_zeropad` + shifts, without reading past the buffer).
#[inline(always)]
pub(super) fn trailing_bytes(buf: &[u8], n: usize) -> u64 {
    if buf.len() >= 8 {
        // One load of the last 8 bytes; the bytes before the tail shift out.
        u64::from_le_bytes(*first::<8>(&buf[buf.len() - 8..])) >> (64 - 8 * n)
    } else {
        // A 4-, 2- and 1-byte load as `n` has those bits (no memcpy call).
        let tail = &buf[buf.len() - n..];
        let mut v = 0u64;
        let mut at = 0;
        if n & 4 != 0 {
            v = u32::from_le_bytes(*first::<4>(tail)) as u64;
            at = 4;
        }
        if n & 2 != 0 {
            v |= (u16::from_le_bytes(*first::<2>(&tail[at..])) as u64) << (8 * at);
            at += 2;
        }
        if n & 1 != 0 {
            v |= (tail[at] as u64) << (8 * at);
        }
        v
    }
}

/// `csum_fold`: `addl sum<<16, sum&0xffff0000; adcl $0xffff; ~sum >> 16`.
pub fn csum_fold(sum: Wsum) -> Sum16 {
    let raw = sum.raw();
    let mut s = raw & 0xffff_0000;
    // SAFETY: register-only arithmetic; clobbers flags.
    unsafe {
        asm!(
            "add {s:e}, {t:e}",
            "adc {s:e}, 0xffff",
            s = inout(reg) s,
            t = in(reg) raw << 16,
            options(pure, nomem, nostack),
        );
    }
    Sum16::from_raw((!s >> 16) as u16)
}

/// `ip_fast_csum(iph, ihl)`: a 32-bit `adcl` loop over `ihl` words, folded and complemented.
/// The asm needs `ihl >= 5` (every IPv4 header); shorter lengths take the generic path.
///
/// # Panics
/// If `iph` is shorter than `ihl * 4` bytes.
pub fn ip_fast_csum(iph: &[u8], ihl: u32) -> Sum16 {
    let iph = &iph[..ihl as usize * 4];
    if ihl < 5 {
        return generic::ip_fast_csum(iph, ihl);
    }
    let sum: u32;
    // SAFETY: `iph` holds `ihl * 4 >= 20` readable bytes and the loop reads words
    // 0..ihl; the asm writes only its register operands and flags.
    unsafe {
        asm!(
            "mov {sum:e}, dword ptr [{p}]",
            "sub {n:e}, 4",
            "jbe 2f",
            "add {sum:e}, dword ptr [{p} + 4]",
            "adc {sum:e}, dword ptr [{p} + 8]",
            "adc {sum:e}, dword ptr [{p} + 12]",
            "3:",
            "adc {sum:e}, dword ptr [{p} + 16]",
            "lea {p}, [{p} + 4]",
            "dec {n:e}",
            "jne 3b",
            "adc {sum:e}, 0",
            "mov {n:e}, {sum:e}",
            "shr {sum:e}, 16",
            "add {sum:x}, {n:x}",
            "adc {sum:e}, 0",
            "not {sum:e}",
            "2:",
            sum = out(reg) sum,
            p = inout(reg) iph.as_ptr() => _,
            n = inout(reg) ihl => _,
            options(pure, readonly, nostack),
        );
    }
    Sum16::from_raw(sum as u16)
}

/// `csum_ipv6_magic`: the pseudo-header in one 64-bit `adcq` chain, then 64 → 32 → 16.
pub fn csum_ipv6_magic(
    saddr: &[u8; 16],
    daddr: &[u8; 16],
    len: u32,
    proto: u8,
    sum: Wsum,
) -> Sum16 {
    let mut sum64: u64 = len.to_be() as u64 + (proto as u16).to_be() as u64 + sum.raw() as u64;
    // SAFETY: `saddr` and `daddr` are 16 readable bytes each; the asm reads only those.
    unsafe {
        asm!(
            "add {s}, qword ptr [{sa}]",
            "adc {s}, qword ptr [{sa} + 8]",
            "adc {s}, qword ptr [{da}]",
            "adc {s}, qword ptr [{da} + 8]",
            "adc {s}, 0",
            s = inout(reg) sum64,
            sa = in(reg) saddr.as_ptr(),
            da = in(reg) daddr.as_ptr(),
            options(pure, readonly, nostack),
        );
    }
    csum_fold(csum_finalize_sum(sum64))
}
