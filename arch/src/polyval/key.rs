//! The data of POLYVAL: field elements ([`PolyvalElem`]) and the prepared key's layout
//! ([`PolyvalKey`]), below every implementation. Preparing a key, and asking which
//! implementation it is for, are in the module above (they dispatch to the implementations).

/// POLYVAL block size in bytes.
pub const POLYVAL_BLOCK_SIZE: usize = 16;
/// POLYVAL digest size in bytes.
pub const POLYVAL_DIGEST_SIZE: usize = 16;
/// Number of key powers a prepared key holds (H^16 .. H^1).
pub const NUM_POWERS: usize = 16;

/// A field element: the 16 bytes read as a little-endian 128-bit integer (kernel
/// `polyval_elem`). 8-byte aligned, like the kernel's union with two `__le64`.
#[repr(C)]
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct PolyvalElem {
    /// Bytes 0..8 (coefficients of x^0 .. x^63).
    pub lo: u64,
    /// Bytes 8..16 (coefficients of x^64 .. x^127).
    pub hi: u64,
}

impl PolyvalElem {
    /// The zero element.
    pub const ZERO: PolyvalElem = PolyvalElem { lo: 0, hi: 0 };

    /// From the POLYVAL byte encoding.
    pub fn from_bytes(b: &[u8; 16]) -> Self {
        let (lo, hi) = b.split_at(8);
        PolyvalElem {
            lo: u64::from_le_bytes(lo.try_into().expect("8 bytes")),
            hi: u64::from_le_bytes(hi.try_into().expect("8 bytes")),
        }
    }

    /// To the POLYVAL byte encoding.
    pub fn to_bytes(self) -> [u8; 16] {
        let mut b = [0u8; 16];
        b[..8].copy_from_slice(&self.lo.to_le_bytes());
        b[8..].copy_from_slice(&self.hi.to_le_bytes());
        b
    }

    pub(super) fn xor(self, o: PolyvalElem) -> PolyvalElem {
        PolyvalElem {
            lo: self.lo ^ o.lo,
            hi: self.hi ^ o.hi,
        }
    }

    pub(super) fn xor_bytes_at(&mut self, at: usize, data: &[u8]) {
        let mut b = self.to_bytes();
        for (d, s) in b[at..].iter_mut().zip(data) {
            *d ^= s;
        }
        *self = PolyvalElem::from_bytes(&b);
    }
}

/// A prepared key (kernel arch `polyval_key`): `h_powers[i] = H^(16-i)`, so the last
/// entry is H itself. The kernel's x86 key holds 8 powers; this one holds 16 because the
/// VPCLMULQDQ code (256- and 512-bit) folds 16 blocks per reduction (its last 8 entries
/// are the kernel's 8). Keys for [`Implementation::Generic`](super::Implementation::Generic)
/// hold only H (the other entries are zero), as the kernel's generic key does. Plain data without padding, so
/// it can be compared byte for byte ([`PolyvalKey::as_bytes`]).
#[repr(C)]
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct PolyvalKey {
    pub(super) h_powers: [PolyvalElem; NUM_POWERS],
    /// [`Implementation`](super::Implementation) tag; a `u64` so that any bit pattern is a
    /// valid key.
    pub(super) implementation: u64,
}

impl PolyvalKey {
    /// An all-zero key (H = 0, generic), e.g. storage to prepare a key into.
    pub const ZEROED: PolyvalKey = PolyvalKey {
        h_powers: [PolyvalElem::ZERO; NUM_POWERS],
        implementation: 0,
    };

    /// `h_powers[i] = H^(16-i)` (generic keys: only the last entry is set).
    pub fn h_powers(&self) -> &[PolyvalElem; NUM_POWERS] {
        &self.h_powers
    }

    /// The key's bytes (the kernel test compares whole key structs with memcmp).
    pub fn as_bytes(&self) -> &[u8] {
        // SAFETY: repr(C) struct of u64s only: no padding, every byte initialised;
        // the slice borrows `self`.
        unsafe {
            core::slice::from_raw_parts(
                (self as *const PolyvalKey).cast::<u8>(),
                core::mem::size_of::<PolyvalKey>(),
            )
        }
    }
}
