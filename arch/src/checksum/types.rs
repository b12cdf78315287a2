//! The kernel's checksum types, `__wsum` and `__sum16`.
//!
//! In the kernel both are sparse `__bitwise` types: the numbers inside are in CPU byte order
//! but were summed over network-order data, so they may only be combined with other checksum
//! values, and a plain integer view needs an explicit `(__force u32)` cast. The newtypes play
//! the same role here: `raw()` / `from_raw()` are the `__force` casts.

/// A 32-bit partial one's-complement sum (`__wsum`). Different implementations may return
/// different values for the same input; only their fold ([`Sum16`]) is comparable.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct Wsum(u32);

/// A folded, complemented 16-bit checksum (`__sum16`), in the byte order of the data: its
/// native-endian bytes are what goes into a packet header.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct Sum16(u16);

impl Wsum {
    /// `(__force __wsum)raw`.
    pub const fn from_raw(raw: u32) -> Self {
        Wsum(raw)
    }

    /// `(__force u32)self`.
    pub const fn raw(self) -> u32 {
        self.0
    }
}

impl Sum16 {
    /// `(__force __sum16)raw`.
    pub const fn from_raw(raw: u16) -> Self {
        Sum16(raw)
    }

    /// `(__force u16)self`.
    pub const fn raw(self) -> u16 {
        self.0
    }

    /// The two bytes to store in a packet header.
    pub const fn to_ne_bytes(self) -> [u8; 2] {
        self.0.to_ne_bytes()
    }
}

/// `(__force u64)wsum`, as the kernel test's `CHECK_EQ` does.
impl From<Wsum> for u64 {
    fn from(w: Wsum) -> u64 {
        w.0 as u64
    }
}

/// `(__force u64)sum16`, as the kernel test's `CHECK_EQ` does.
impl From<Sum16> for u64 {
    fn from(s: Sum16) -> u64 {
        s.0 as u64
    }
}
