//! POLYVAL (RFC 8452) with the kernel library's API (`include/crypto/polyval.h`,
//! `lib/crypto/polyval.c`).
//!
//! POLYVAL(H, X_1..X_n): `S_0 = 0; S_j = dot(S_(j-1) ^ X_j, H)`, where
//! `dot(a, b) = a * b * x^-128` in GF(2^128) mod `x^128 + x^127 + x^126 + x^121 + 1`,
//! elements stored little-endian. As in the kernel, a trailing partial block is
//! zero-padded and no length block is appended (the empty message hashes to 0^16).
//!
//! Implementations ([`Implementation`]): portable constant-time code and, on x86-64,
//! PCLMULQDQ, 256-bit VPCLMULQDQ and 512-bit (AVX-512) VPCLMULQDQ code, detected at run
//! time. The SIMD code runs only
//! where `run_in_irq::may_use_simd()` allows it, inside a kernel-FPU section; elsewhere
//! (e.g. a hardirq that interrupted a SIMD section) the generic code computes the same
//! key powers and digests bit for bit.

mod generic;
mod implementation;
mod key;
#[cfg(target_arch = "x86_64")]
mod lanes;
#[cfg(all(test, target_arch = "x86_64"))]
mod lanes_kunit;
mod powers;
#[cfg(target_arch = "x86_64")]
mod x86_pclmul;
#[cfg(target_arch = "x86_64")]
mod x86_vpclmul256;
#[cfg(target_arch = "x86_64")]
mod x86_vpclmul512;

#[cfg(test)]
mod polyval_kunit;

pub use implementation::{Implementation, UnsupportedImplementation};

pub use key::{PolyvalElem, PolyvalKey, NUM_POWERS, POLYVAL_BLOCK_SIZE, POLYVAL_DIGEST_SIZE};

/// Preparing a key and asking what it was prepared for: these dispatch to the
/// implementations, so they live above them (the key's data is in `key`).
impl PolyvalKey {
    /// A key prepared for the best implementation of this CPU.
    pub fn new(raw_key: &[u8; 16]) -> Self {
        let mut k = PolyvalKey::ZEROED;
        polyval_preparekey(&mut k, raw_key);
        k
    }

    /// A key prepared for `imp`, or an error if this CPU cannot run it.
    pub fn with_implementation(
        raw_key: &[u8; 16],
        imp: Implementation,
    ) -> Result<Self, UnsupportedImplementation> {
        let mut k = PolyvalKey::ZEROED;
        polyval_preparekey_with(&mut k, raw_key, imp)?;
        Ok(k)
    }

    /// The implementation this key was prepared for.
    pub fn implementation(&self) -> Implementation {
        Implementation::from_tag(self.implementation)
    }
}

impl core::fmt::Debug for PolyvalKey {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        // Key material stays out of logs.
        f.debug_struct("PolyvalKey")
            .field("implementation", &self.implementation())
            .finish_non_exhaustive()
    }
}

/// A POLYVAL computation in progress (kernel `polyval_ctx`). `polyval_final` zeroes all
/// of it, including the key reference (`None` is the null pointer).
#[repr(C)]
#[derive(Clone, Debug, Default)]
pub struct PolyvalCtx<'k> {
    key: Option<&'k PolyvalKey>,
    acc: PolyvalElem,
    partial: usize,
}

impl<'k> PolyvalCtx<'k> {
    /// An all-zero context (no key): what `polyval_final` leaves behind.
    pub const ZEROED: PolyvalCtx<'static> = PolyvalCtx {
        key: None,
        acc: PolyvalElem::ZERO,
        partial: 0,
    };

    /// A context initialised with `key` (kernel `polyval_init`).
    pub fn new(key: &'k PolyvalKey) -> Self {
        PolyvalCtx {
            key: Some(key),
            acc: PolyvalElem::ZERO,
            partial: 0,
        }
    }

    /// The context's bytes (to check zeroization).
    pub fn as_bytes(&self) -> &[u8] {
        // SAFETY: repr(C) of a pointer-sized Option<&T>, two u64s and a usize without
        // padding (asserted at compile time below), so every byte is initialised.
        unsafe {
            core::slice::from_raw_parts(
                (self as *const PolyvalCtx<'k>).cast::<u8>(),
                core::mem::size_of::<PolyvalCtx<'k>>(),
            )
        }
    }
}

// `as_bytes` relies on these layouts having no padding bytes.
const _: () = assert!(
    core::mem::size_of::<PolyvalCtx<'static>>()
        == 2 * core::mem::size_of::<usize>() + core::mem::size_of::<PolyvalElem>()
);
const _: () = assert!(core::mem::size_of::<PolyvalKey>() == 16 * NUM_POWERS + 8);

/// Prepares `key` from the 16-byte raw key H for the best implementation of this CPU.
/// Any context (task, softirq, hardirq).
pub fn polyval_preparekey(key: &mut PolyvalKey, raw_key: &[u8; 16]) {
    polyval_preparekey_with(key, raw_key, Implementation::best())
        .expect("the best implementation is supported");
}

/// Prepares `key` for a given implementation (to test each one).
pub fn polyval_preparekey_with(
    key: &mut PolyvalKey,
    raw_key: &[u8; 16],
    imp: Implementation,
) -> Result<(), UnsupportedImplementation> {
    if !imp.is_supported() {
        return Err(UnsupportedImplementation(imp));
    }
    implementation::key_powers(imp, PolyvalElem::from_bytes(raw_key), &mut key.h_powers);
    key.implementation = imp.tag();
    Ok(())
}

/// Starts a computation with `key` (kernel `polyval_init`).
pub fn polyval_init<'k>(ctx: &mut PolyvalCtx<'k>, key: &'k PolyvalKey) {
    *ctx = PolyvalCtx::new(key);
}

/// Adds `data` to the computation (kernel `polyval_update`).
///
/// Panics if `ctx` has no key (never initialised, or already finalized) — the kernel
/// would dereference a null key pointer.
pub fn polyval_update(ctx: &mut PolyvalCtx<'_>, mut data: &[u8]) {
    let key = ctx
        .key
        .expect("polyval_update on a context without key (not initialised or finalized)");
    if ctx.partial != 0 {
        let n = data.len().min(POLYVAL_BLOCK_SIZE - ctx.partial);
        ctx.acc.xor_bytes_at(ctx.partial, &data[..n]);
        ctx.partial += n;
        data = &data[n..];
        if ctx.partial < POLYVAL_BLOCK_SIZE {
            return;
        }
        implementation::mul(&mut ctx.acc, key);
        ctx.partial = 0;
    }
    let full = data.len() - data.len() % POLYVAL_BLOCK_SIZE;
    if full != 0 {
        implementation::blocks(&mut ctx.acc, key, &data[..full]);
    }
    let tail = &data[full..];
    if !tail.is_empty() {
        ctx.acc.xor_bytes_at(0, tail);
    }
    ctx.partial = tail.len();
}

/// Finishes the computation: a pending partial block counts as zero-padded; the digest
/// goes to `out` and the whole context is zeroed (kernel `polyval_final`).
pub fn polyval_final(ctx: &mut PolyvalCtx<'_>, out: &mut [u8; POLYVAL_DIGEST_SIZE]) {
    *out = finish(ctx);
}

fn finish(ctx: &mut PolyvalCtx<'_>) -> [u8; POLYVAL_DIGEST_SIZE] {
    if ctx.partial != 0 {
        if let Some(key) = ctx.key {
            implementation::mul(&mut ctx.acc, key);
        }
    }
    let digest = ctx.acc.to_bytes();
    // memzero_explicit: a volatile write the optimiser may not drop as dead.
    // SAFETY: `ctx` is a valid, aligned, exclusive reference; ZEROED is a valid value.
    unsafe { core::ptr::write_volatile(ctx, PolyvalCtx::ZEROED) };
    core::sync::atomic::compiler_fence(core::sync::atomic::Ordering::SeqCst);
    digest
}

/// One-shot POLYVAL of `data` (kernel `polyval`).
#[inline]
pub fn polyval(key: &PolyvalKey, data: &[u8], out: &mut [u8; POLYVAL_DIGEST_SIZE]) {
    // Up to 4 KiB with SIMD allowed: no context at all (so none to zero), one FPU section.
    if !implementation::digest_in_one_section(key, data, out) {
        polyval_with_ctx(key, data, out);
    }
}

/// `polyval` as the kernel writes it: init, update, final. Out of line, so the fast path
/// above needs no stack frame for a context.
#[inline(never)]
fn polyval_with_ctx(key: &PolyvalKey, data: &[u8], out: &mut [u8; POLYVAL_DIGEST_SIZE]) {
    let mut ctx = PolyvalCtx::new(key);
    polyval_update(&mut ctx, data);
    polyval_final(&mut ctx, out);
}

/// One-shot POLYVAL on raw buffers, which may overlap (the C signature: the kernel test
/// `test_hash_overlaps` writes the digest over its own input).
///
/// # Safety
/// `data` must be readable for `len` bytes and `out` writable for 16 bytes for the
/// duration of the call; no other thread may write either range meanwhile.
pub unsafe fn polyval_raw(key: &PolyvalKey, data: *const u8, len: usize, out: *mut u8) {
    let mut ctx = PolyvalCtx::new(key);
    {
        // SAFETY: the caller guarantees `len` readable bytes; the slice is dead before
        // `out` is written.
        let data = unsafe { core::slice::from_raw_parts(data, len) };
        polyval_update(&mut ctx, data);
    }
    let digest = finish(&mut ctx);
    // SAFETY: the caller guarantees 16 writable bytes at `out`; `copy` allows overlap
    // with the (no longer borrowed) input.
    unsafe { core::ptr::copy(digest.as_ptr(), out, POLYVAL_DIGEST_SIZE) };
}
