//! The kernel's Internet-checksum API (`include/net/checksum.h` and the arch headers), in
//! several implementations selectable at run time.
//!
//! Semantics (what every implementation guarantees):
//! - [`csum_partial`] returns a [`Wsum`] congruent modulo 0xffff to `sum` plus the 16-bit
//!   one's-complement sum of the buffer, read as native-endian 16-bit words paired by their
//!   offset from the buffer start (a trailing odd byte is the low byte on little-endian).
//!   The exact 32-bit value differs between implementations; only [`csum_fold`] of it is
//!   comparable. Sums use end-around carry, so a non-zero sum never becomes 0.
//! - [`csum_fold`] folds to 16 bits and complements; [`ip_fast_csum`] is the folded,
//!   complemented sum of `ihl` 32-bit words; [`csum_ipv6_magic`] and [`csum_tcpudp_magic`]
//!   add the pseudo-headers (lengths and protocol converted to network order).
//!
//! Implementations ([`Impl`]): `generic` (lib/checksum.c, with its odd-address byte
//! rotation), `i386` (a register-level model of the 486/Pentium assembly, carrying the seed
//! bug under feature `seed-bugs`), and on x86-64 `x86_64` (the kernel's `adcq` chains) and
//! `avx2` (a vector loop, used when the CPU has AVX2). The free functions use [`Impl::best`].

#[cfg(target_arch = "x86_64")]
pub mod avx2;
pub mod generic;
pub mod i386;
mod types;
#[cfg(target_arch = "x86_64")]
pub mod x86_64;

#[cfg(test)]
mod checksum_kunit;

pub use types::{Sum16, Wsum};

/// One implementation of the checksum API.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Impl {
    /// lib/checksum.c `do_csum` and the asm-generic helpers.
    Generic,
    /// Model of the i386 non-PPro `checksum_32.S` and `asm/checksum_32.h`.
    I386,
    /// arch/x86/lib/csum-partial_64.c and `asm/checksum_64.h`, in inline assembly.
    #[cfg(target_arch = "x86_64")]
    X86_64,
    /// AVX2 `csum_partial`; the other functions as [`Impl::X86_64`].
    #[cfg(target_arch = "x86_64")]
    Avx2,
}

impl Impl {
    /// Every implementation compiled for this target (some may need CPU features; see
    /// [`Impl::is_available`]).
    pub fn all() -> &'static [Impl] {
        &[
            Impl::Generic,
            Impl::I386,
            #[cfg(target_arch = "x86_64")]
            Impl::X86_64,
            #[cfg(target_arch = "x86_64")]
            Impl::Avx2,
        ]
    }

    /// The fastest implementation this CPU can run.
    pub fn best() -> Impl {
        #[cfg(target_arch = "x86_64")]
        {
            if avx2::available() {
                Impl::Avx2
            } else {
                Impl::X86_64
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        Impl::Generic
    }

    /// A short lowercase name (`generic`, `i386`, `x86_64`, `avx2`), usable in suite names.
    pub fn name(self) -> &'static str {
        match self {
            Impl::Generic => "generic",
            Impl::I386 => "i386",
            #[cfg(target_arch = "x86_64")]
            Impl::X86_64 => "x86_64",
            #[cfg(target_arch = "x86_64")]
            Impl::Avx2 => "avx2",
        }
    }

    /// Whether this CPU can run the implementation.
    pub fn is_available(self) -> bool {
        match self {
            #[cfg(target_arch = "x86_64")]
            Impl::Avx2 => avx2::available(),
            _ => true,
        }
    }

    /// `csum_partial(buff, len, sum)`. (An unavailable `avx2` falls back to `x86_64`.)
    ///
    /// The best implementation is tested for first and inlined; the others are called
    /// out of line, so a checksum through [`Impl::best`] pays one compare for dispatch.
    #[inline]
    pub fn csum_partial(self, buf: &[u8], sum: Wsum) -> Wsum {
        #[cfg(target_arch = "x86_64")]
        if self == Impl::Avx2 {
            return avx2::csum_partial(buf, sum);
        }
        self.csum_partial_other(buf, sum)
    }

    #[inline(never)]
    fn csum_partial_other(self, buf: &[u8], sum: Wsum) -> Wsum {
        match self {
            Impl::Generic => generic::csum_partial(buf, sum),
            Impl::I386 => i386::csum_partial(buf, sum),
            #[cfg(target_arch = "x86_64")]
            Impl::X86_64 => x86_64::csum_partial(buf, sum),
            #[cfg(target_arch = "x86_64")]
            Impl::Avx2 => avx2::csum_partial(buf, sum),
        }
    }

    /// `csum_fold(sum)`.
    #[inline]
    pub fn csum_fold(self, sum: Wsum) -> Sum16 {
        match self {
            Impl::Generic => generic::csum_fold(sum),
            Impl::I386 => i386::csum_fold(sum),
            #[cfg(target_arch = "x86_64")]
            Impl::X86_64 | Impl::Avx2 => x86_64::csum_fold(sum),
        }
    }

    /// `ip_fast_csum(iph, ihl)`; `ihl` is in 32-bit words and at least 5 (an IPv4 header).
    ///
    /// # Panics
    /// If `iph` is shorter than `ihl * 4` bytes.
    pub fn ip_fast_csum(self, iph: &[u8], ihl: u32) -> Sum16 {
        match self {
            Impl::Generic => generic::ip_fast_csum(iph, ihl),
            Impl::I386 => i386::ip_fast_csum(iph, ihl),
            #[cfg(target_arch = "x86_64")]
            Impl::X86_64 | Impl::Avx2 => x86_64::ip_fast_csum(iph, ihl),
        }
    }

    /// `csum_ipv6_magic(saddr, daddr, len, proto, sum)`.
    pub fn csum_ipv6_magic(
        self,
        saddr: &[u8; 16],
        daddr: &[u8; 16],
        len: u32,
        proto: u8,
        sum: Wsum,
    ) -> Sum16 {
        match self {
            Impl::Generic => generic::csum_ipv6_magic(saddr, daddr, len, proto, sum),
            Impl::I386 => i386::csum_ipv6_magic(saddr, daddr, len, proto, sum),
            #[cfg(target_arch = "x86_64")]
            Impl::X86_64 | Impl::Avx2 => x86_64::csum_ipv6_magic(saddr, daddr, len, proto, sum),
        }
    }
}

/// `csum_partial(buff, len, sum)` with [`Impl::best`].
pub fn csum_partial(buf: &[u8], sum: Wsum) -> Wsum {
    Impl::best().csum_partial(buf, sum)
}

/// `csum_fold(sum)` with [`Impl::best`].
pub fn csum_fold(sum: Wsum) -> Sum16 {
    Impl::best().csum_fold(sum)
}

/// `ip_fast_csum(iph, ihl)` with [`Impl::best`].
///
/// # Panics
/// If `iph` is shorter than `ihl * 4` bytes.
pub fn ip_fast_csum(iph: &[u8], ihl: u32) -> Sum16 {
    Impl::best().ip_fast_csum(iph, ihl)
}

/// `csum_ipv6_magic(saddr, daddr, len, proto, sum)` with [`Impl::best`].
pub fn csum_ipv6_magic(
    saddr: &[u8; 16],
    daddr: &[u8; 16],
    len: u32,
    proto: u8,
    sum: Wsum,
) -> Sum16 {
    Impl::best().csum_ipv6_magic(saddr, daddr, len, proto, sum)
}

pub use generic::{csum_tcpudp_magic, csum_tcpudp_nofold};
