//! The key powers H^16 .. H^1, shared by the SIMD and generic key preparation so both
//! produce the same key (the products are exact, so any evaluation order agrees).

use super::{PolyvalElem, NUM_POWERS};

/// Writes `out[i] = H^(16-i)` where H^k is the k-fold POLYVAL product of `h`.
///
/// A shallow tree (H^2; H^3, H^4; H^5..H^8 from H^4; H^9..H^16 from H^8) keeps the
/// dependency chain at 4 products instead of 15.
#[inline(always)]
pub(super) fn compute<T: Copy>(
    h: T,
    dot: impl Fn(T, T) -> T,
    store: impl Fn(T) -> PolyvalElem,
    out: &mut [PolyvalElem; NUM_POWERS],
) {
    const _: () = assert!(NUM_POWERS == 16);
    let mut p = [h; NUM_POWERS + 1]; // p[k] = H^k
    p[2] = dot(h, h);
    p[3] = dot(p[2], h);
    p[4] = dot(p[2], p[2]);
    for i in 1..=4 {
        p[4 + i] = dot(p[4], p[i]);
    }
    for i in 1..=8 {
        p[8 + i] = dot(p[8], p[i]);
    }
    for (i, o) in out.iter_mut().enumerate() {
        *o = store(p[NUM_POWERS - i]);
    }
}
