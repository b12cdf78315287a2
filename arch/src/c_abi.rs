//! The kernel's C signatures for the code under test (feature `c-abi`), so kernel C test
//! files built with kunit-c (`asm/checksum.h`, `net/checksum.h`, `net/ip6_checksum.h`,
//! `crypto/polyval.h`, `crypto/gf128hash.h`) call these implementations.
//!
//! The checksum functions use [`Impl::best`], or the implementation named by the
//! environment variable `KUNIT_ARCH_CSUM_IMPL` (`generic`, `i386`, `x86_64`, `avx2`), so the
//! kernel's own `checksum_kunit.c` can run against each — with `seed-bugs`, `i386` is the
//! pre-fix assembly model. An unknown or unavailable name exits with status 2.
//!
//! The C structures match the Rust ones byte for byte: `struct polyval_key` is
//! [`PolyvalKey`] and `struct polyval_ctx` is [`PolyvalCtx`] (both `repr(C)`).

use crate::checksum::{Impl, Wsum};
use crate::polyval::{self, PolyvalCtx, PolyvalKey, POLYVAL_DIGEST_SIZE};
use std::ffi::{c_int, c_uint, c_void};
use std::sync::OnceLock;

/// The checksum implementation the C functions use (chosen once per process).
fn csum_impl() -> Impl {
    static CHOSEN: OnceLock<Impl> = OnceLock::new();
    *CHOSEN.get_or_init(|| {
        let Some(name) = std::env::var_os("KUNIT_ARCH_CSUM_IMPL") else {
            return Impl::best();
        };
        let name = name.to_string_lossy();
        match Impl::all().iter().find(|i| i.name() == name) {
            Some(&i) if i.is_available() => i,
            _ => {
                let names: Vec<&str> = Impl::all().iter().map(|i| i.name()).collect();
                eprintln!(
                    "KUNIT_ARCH_CSUM_IMPL={name}: not an available implementation (one of: {})",
                    names.join(", ")
                );
                std::process::exit(2);
            }
        }
    })
}

/// # Safety
/// `p` points to `len` readable bytes (or `len` is 0).
unsafe fn bytes<'a>(p: *const c_void, len: usize) -> &'a [u8] {
    if len == 0 {
        return &[];
    }
    // SAFETY: the caller's contract.
    unsafe { std::slice::from_raw_parts(p.cast::<u8>(), len) }
}

/// `__wsum csum_partial(const void *buff, int len, __wsum sum)`.
///
/// # Safety
/// `buff` points to `len` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn csum_partial(buff: *const c_void, len: c_int, sum: u32) -> u32 {
    // SAFETY: the caller's contract; a negative length sums nothing, as in the kernel.
    let buf = unsafe { bytes(buff, len.max(0) as usize) };
    csum_impl().csum_partial(buf, Wsum::from_raw(sum)).raw()
}

/// `__sum16 csum_fold(__wsum sum)`.
#[no_mangle]
pub extern "C" fn csum_fold(sum: u32) -> u16 {
    csum_impl().csum_fold(Wsum::from_raw(sum)).raw()
}

/// `__sum16 ip_fast_csum(const void *iph, unsigned int ihl)`.
///
/// # Safety
/// `iph` points to `ihl * 4` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn ip_fast_csum(iph: *const c_void, ihl: c_uint) -> u16 {
    // SAFETY: the caller's contract.
    let buf = unsafe { bytes(iph, ihl as usize * 4) };
    csum_impl().ip_fast_csum(buf, ihl).raw()
}

/// `__sum16 csum_ipv6_magic(const struct in6_addr *saddr, const struct in6_addr *daddr,
/// __u32 len, __u8 proto, __wsum sum)`.
///
/// # Safety
/// `saddr` and `daddr` point to 16 readable bytes each (any alignment).
#[no_mangle]
pub unsafe extern "C" fn csum_ipv6_magic(
    saddr: *const c_void,
    daddr: *const c_void,
    len: u32,
    proto: u8,
    sum: u32,
) -> u16 {
    // SAFETY: the caller's contract; `read_unaligned` copes with any alignment.
    let (s, d) = unsafe {
        (
            saddr.cast::<[u8; 16]>().read_unaligned(),
            daddr.cast::<[u8; 16]>().read_unaligned(),
        )
    };
    csum_impl()
        .csum_ipv6_magic(&s, &d, len, proto, Wsum::from_raw(sum))
        .raw()
}

/// `__wsum csum_tcpudp_nofold(__be32 saddr, __be32 daddr, __u32 len, __u8 proto, __wsum sum)`.
#[no_mangle]
pub extern "C" fn csum_tcpudp_nofold(saddr: u32, daddr: u32, len: u32, proto: u8, sum: u32) -> u32 {
    // The addresses are network-order words: their bytes as they sit in memory.
    crate::checksum::csum_tcpudp_nofold(
        saddr.to_ne_bytes(),
        daddr.to_ne_bytes(),
        len,
        proto,
        Wsum::from_raw(sum),
    )
    .raw()
}

/// `void polyval_preparekey(struct polyval_key *key, const u8 raw_key[POLYVAL_BLOCK_SIZE])`.
///
/// # Safety
/// `key` points to a writable `struct polyval_key` (8-byte aligned), `raw_key` to 16 bytes.
#[no_mangle]
pub unsafe extern "C" fn polyval_preparekey(key: *mut PolyvalKey, raw_key: *const u8) {
    // SAFETY: the caller's contract; the key's old contents are overwritten without reading.
    unsafe {
        let raw = raw_key.cast::<[u8; 16]>().read_unaligned();
        key.write(PolyvalKey::ZEROED);
        polyval::polyval_preparekey(&mut *key, &raw);
    }
}

/// `void polyval_init(struct polyval_ctx *ctx, const struct polyval_key *key)`.
///
/// # Safety
/// `ctx` is writable; `key` is a prepared key that outlives the context's use.
#[no_mangle]
pub unsafe extern "C" fn polyval_init(ctx: *mut PolyvalCtx<'static>, key: *const PolyvalKey) {
    // SAFETY: the caller's contract: C keeps the key alive while the context uses it.
    unsafe { ctx.write(PolyvalCtx::new(&*key)) }
}

/// `void polyval_update(struct polyval_ctx *ctx, const u8 *data, size_t len)`.
///
/// # Safety
/// `ctx` was initialised by `polyval_init`; `data` points to `len` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn polyval_update(
    ctx: *mut PolyvalCtx<'static>,
    data: *const u8,
    len: usize,
) {
    // SAFETY: the caller's contract.
    unsafe { polyval::polyval_update(&mut *ctx, bytes(data.cast(), len)) }
}

/// `void polyval_final(struct polyval_ctx *ctx, u8 out[POLYVAL_BLOCK_SIZE])`: writes the
/// digest and zeroes the context.
///
/// # Safety
/// `ctx` was initialised by `polyval_init`; `out` points to 16 writable bytes.
#[no_mangle]
pub unsafe extern "C" fn polyval_final(ctx: *mut PolyvalCtx<'static>, out: *mut u8) {
    let mut digest = [0u8; POLYVAL_DIGEST_SIZE];
    // SAFETY: the caller's contract; `out` may be anywhere, so it is written by copy.
    unsafe {
        polyval::polyval_final(&mut *ctx, &mut digest);
        std::ptr::copy(digest.as_ptr(), out, POLYVAL_DIGEST_SIZE);
    }
}

/// `void polyval(const struct polyval_key *key, const u8 *data, size_t len,
/// u8 out[POLYVAL_BLOCK_SIZE])`; `out` may overlap `data`.
///
/// # Safety
/// `key` is prepared; `data` has `len` readable bytes; `out` 16 writable ones.
#[no_mangle]
pub unsafe extern "C" fn polyval(
    key: *const PolyvalKey,
    data: *const u8,
    len: usize,
    out: *mut u8,
) {
    // SAFETY: the caller's contract, as `polyval_raw` requires.
    unsafe { polyval::polyval_raw(&*key, data, len, out) }
}
