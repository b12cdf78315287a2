//! Which POLYVAL code runs: the implementations, run-time CPU detection, and the
//! kernel's SIMD rule (use SIMD only where `may_use_simd()`, inside a kernel-FPU
//! section; otherwise fall back to the generic code, which gives identical results).

use super::{generic, PolyvalElem, PolyvalKey, NUM_POWERS};
use core::fmt;
use core::sync::atomic::{AtomicU8, Ordering};

/// Set in the cached detection bits once detection has run.
const DETECTION_DONE: u8 = 0x80;

/// A POLYVAL implementation. A key remembers the one it was prepared for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Implementation {
    /// Portable constant-time code (the kernel's `polyval_mul_generic`); the key holds
    /// only H, as in the kernel's generic `polyval_key`.
    Generic,
    /// x86-64 PCLMULQDQ + AVX, 8 blocks per reduction (the kernel's `polyval-pclmul-avx`).
    Pclmul,
    /// x86-64 VPCLMULQDQ on 256-bit registers (AVX2), 16 blocks per reduction.
    Vpclmul256,
    /// x86-64 VPCLMULQDQ on 512-bit registers (AVX-512F), four blocks per instruction,
    /// 16 blocks per reduction.
    Vpclmul512,
}

/// The requested implementation cannot run on this CPU.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnsupportedImplementation(pub Implementation);

impl fmt::Display for UnsupportedImplementation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "POLYVAL implementation '{}' is not supported by this CPU",
            self.0.name()
        )
    }
}

impl std::error::Error for UnsupportedImplementation {}

impl Implementation {
    /// Every implementation, slowest first.
    pub const ALL: [Implementation; 4] = [
        Implementation::Generic,
        Implementation::Pclmul,
        Implementation::Vpclmul256,
        Implementation::Vpclmul512,
    ];

    /// Short lowercase name (used in suite and benchmark names).
    pub fn name(self) -> &'static str {
        match self {
            Implementation::Generic => "generic",
            Implementation::Pclmul => "pclmul",
            Implementation::Vpclmul256 => "vpclmul256",
            Implementation::Vpclmul512 => "vpclmul512",
        }
    }

    /// The CPU features its code needs, as `is_x86_feature_detected!` names them (empty
    /// for the generic code).
    pub fn required_cpu_features(self) -> &'static [&'static str] {
        match self {
            Implementation::Generic => &[],
            Implementation::Pclmul => &["pclmulqdq", "avx"],
            Implementation::Vpclmul256 => &["pclmulqdq", "avx", "avx2", "vpclmulqdq"],
            Implementation::Vpclmul512 => &["pclmulqdq", "avx", "avx2", "avx512f", "vpclmulqdq"],
        }
    }

    /// The required CPU features this CPU lacks (empty where it is supported), e.g. for
    /// a skip reason: `CPU lacks avx512f/vpclmulqdq`.
    pub fn missing_cpu_features(self) -> Vec<&'static str> {
        self.required_cpu_features()
            .iter()
            .copied()
            .filter(|f| !cpu_has(f))
            .collect()
    }

    /// True if this CPU can run it (detected at run time, once).
    #[inline]
    pub fn is_supported(self) -> bool {
        static DETECTED: AtomicU8 = AtomicU8::new(0);
        let mut bits = DETECTED.load(Ordering::Relaxed);
        if bits & DETECTION_DONE == 0 {
            bits = Implementation::detect_all();
            DETECTED.store(bits, Ordering::Relaxed);
        }
        bits & (1 << self.tag()) != 0
    }

    /// Bit `tag` set for each implementation this CPU supports, plus [`DETECTION_DONE`].
    /// Out of line: it runs once, and callers inline `is_supported`.
    #[cold]
    fn detect_all() -> u8 {
        let mut bits = DETECTION_DONE;
        for imp in Implementation::ALL {
            if imp.detect() {
                bits |= 1 << imp.tag();
            }
        }
        bits
    }

    fn detect(self) -> bool {
        self.required_cpu_features().iter().all(|f| cpu_has(f))
    }

    /// The fastest supported implementation (what the kernel would pick at boot).
    pub fn best() -> Implementation {
        Implementation::ALL
            .into_iter()
            .rev()
            .find(|i| i.is_supported())
            .unwrap_or(Implementation::Generic)
    }

    /// Every implementation this CPU supports, slowest first.
    pub fn supported() -> impl Iterator<Item = Implementation> {
        Implementation::ALL.into_iter().filter(|i| i.is_supported())
    }

    pub(super) fn tag(self) -> u64 {
        match self {
            Implementation::Generic => 0,
            Implementation::Pclmul => 1,
            Implementation::Vpclmul256 => 2,
            Implementation::Vpclmul512 => 3,
        }
    }

    /// Inverse of [`Implementation::tag`]; unknown tags read as generic.
    pub(super) fn from_tag(tag: u64) -> Implementation {
        match tag {
            1 => Implementation::Pclmul,
            2 => Implementation::Vpclmul256,
            3 => Implementation::Vpclmul512,
            _ => Implementation::Generic,
        }
    }

    /// Whether to run the SIMD code of this implementation right now: the CPU has it
    /// and the current context may use SIMD.
    #[inline]
    fn simd_now(self) -> bool {
        self != Implementation::Generic && self.is_supported() && run_in_irq::may_use_simd()
    }
}

/// Whether this CPU has `feature` (a name from [`Implementation::required_cpu_features`]).
/// `is_x86_feature_detected!` takes only literals, hence the table.
fn cpu_has(feature: &str) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::is_x86_feature_detected as has;
        match feature {
            "pclmulqdq" => has!("pclmulqdq"),
            "avx" => has!("avx"),
            "avx2" => has!("avx2"),
            "avx512f" => has!("avx512f"),
            "vpclmulqdq" => has!("vpclmulqdq"),
            _ => false,
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = feature;
        false
    }
}

/// Kernel `polyval_preparekey` body: the key powers, or just H for the generic code.
pub(super) fn key_powers(imp: Implementation, h: PolyvalElem, out: &mut [PolyvalElem; NUM_POWERS]) {
    if imp == Implementation::Generic {
        *out = [PolyvalElem::ZERO; NUM_POWERS];
        out[NUM_POWERS - 1] = h;
        return;
    }
    #[cfg(target_arch = "x86_64")]
    if imp.simd_now() {
        let _fpu = run_in_irq::kernel_fpu_begin();
        // SAFETY: `simd_now` checked that the CPU has pclmulqdq and avx.
        unsafe { super::x86_pclmul::key_powers(h, out) };
        return;
    }
    super::powers::compute(h, generic::dot, |e| e, out);
}

/// acc = dot(acc, H) (kernel `polyval_mul`).
pub(super) fn mul(acc: &mut PolyvalElem, key: &PolyvalKey) {
    let h = key.h_powers[NUM_POWERS - 1];
    #[cfg(target_arch = "x86_64")]
    if key.implementation().simd_now() {
        let _fpu = run_in_irq::kernel_fpu_begin();
        // SAFETY: `simd_now` checked that the CPU has pclmulqdq and avx.
        *acc = unsafe { super::x86_pclmul::dot_elem(*acc, h) };
        return;
    }
    *acc = generic::dot(*acc, h);
}

/// Kernel `polyval()` in one kernel-FPU section, the accumulator in registers throughout:
/// writes the digest and returns true, or returns false (nothing written) where the SIMD
/// code may not run now or the message is longer than one section; the caller then takes
/// the context path, which gives the same digest.
#[inline]
pub(super) fn digest_in_one_section(key: &PolyvalKey, data: &[u8], out: &mut [u8; 16]) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        let imp = key.implementation();
        if data.len() <= FPU_CHUNK && imp != Implementation::Generic && imp.is_supported() {
            // SAFETY: `is_supported` checked the CPU features each function needs. Both
            // apply the SIMD rule themselves (one call per hash).
            return unsafe {
                match imp {
                    Implementation::Vpclmul512 => super::x86_vpclmul512::digest(key, data, out),
                    Implementation::Vpclmul256 => super::x86_vpclmul256::digest(key, data, out),
                    _ => super::x86_pclmul::digest(key, data, out),
                }
            };
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (key, data, out);
    false
}

/// Most bytes handled per kernel-FPU section ("allow rescheduling every 4 KiB").
const FPU_CHUNK: usize = 4096;

/// For each block X of `data`: acc = dot(acc ^ X, H) (kernel `polyval_blocks`).
pub(super) fn blocks(acc: &mut PolyvalElem, key: &PolyvalKey, data: &[u8]) {
    let imp = key.implementation();
    #[cfg(target_arch = "x86_64")]
    if imp.simd_now() {
        for chunk in data.chunks(FPU_CHUNK) {
            let _fpu = run_in_irq::kernel_fpu_begin();
            // SAFETY: `simd_now` checked the CPU features each function needs.
            unsafe {
                match imp {
                    Implementation::Vpclmul512 => super::x86_vpclmul512::blocks(acc, key, chunk),
                    Implementation::Vpclmul256 => super::x86_vpclmul256::blocks(acc, key, chunk),
                    _ => super::x86_pclmul::blocks(acc, key, chunk),
                }
            }
        }
        return;
    }
    generic::blocks(acc, key.h_powers[NUM_POWERS - 1], data);
}
