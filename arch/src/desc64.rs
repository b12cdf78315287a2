//! The KVM selftests' `struct desc64` (tools/testing/selftests/kvm/include/x86/processor.h):
//! a 16-byte packed x86-64 system-segment descriptor, and `get_desc64_base()`.
//!
//! Byte layout (little-endian, SDM Vol. 3 Figure 3-8):
//!
//! | bytes | field |
//! |---|---|
//! | 0–1 | `limit0: u16` |
//! | 2–3 | `base0: u16` |
//! | 4 | `base1: 8` |
//! | 5 | `type: 4` (bits 0–3), `s: 1` (4), `dpl: 2` (5–6), `p: 1` (7) |
//! | 6 | `limit1: 4` (bits 0–3), `avl: 1` (4), `l: 1` (5), `db: 1` (6), `g: 1` (7) |
//! | 7 | `base2: 8` |
//! | 8–11 | `base3: u32` (base bits 63:32) |
//! | 12–15 | `zero1: u32` |
//!
//! The seed bug ("KVM: selftests: Fix sign extension bug in get_desc64_base()"): the C
//! expression `base0 | base1 << 16 | base2 << 24` is evaluated in `int` (all three promote
//! to int), so base2 >= 0x80 makes it negative, and OR-ing it into a `uint64_t`
//! sign-extends it over base3. With feature `seed-bugs`, [`get_desc64_base`] is that
//! expression.

/// Size of the packed descriptor.
pub const DESC64_SIZE: usize = 16;

/// `struct desc64`, one field per C member; bit-fields hold only their low bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Desc64 {
    pub limit0: u16,
    pub base0: u16,
    pub base1: u8,
    /// 4 bits.
    pub type_: u8,
    /// 1 bit: 0 for system descriptors (which have `base3`).
    pub s: u8,
    /// 2 bits.
    pub dpl: u8,
    /// 1 bit.
    pub p: u8,
    /// 4 bits.
    pub limit1: u8,
    /// 1 bit.
    pub avl: u8,
    /// 1 bit.
    pub l: u8,
    /// 1 bit.
    pub db: u8,
    /// 1 bit.
    pub g: u8,
    pub base2: u8,
    pub base3: u32,
    pub zero1: u32,
}

/// A bit-field's position: (byte, shift, width).
type Bits = (usize, u32, u32);

/// Where each bit-field member lives in the packed image.
pub mod bits {
    use super::Bits;
    pub const TYPE: Bits = (5, 0, 4);
    pub const S: Bits = (5, 4, 1);
    pub const DPL: Bits = (5, 5, 2);
    pub const P: Bits = (5, 7, 1);
    pub const LIMIT1: Bits = (6, 0, 4);
    pub const AVL: Bits = (6, 4, 1);
    pub const L: Bits = (6, 5, 1);
    pub const DB: Bits = (6, 6, 1);
    pub const G: Bits = (6, 7, 1);
}

/// Byte offsets of the whole-byte members.
pub mod offsets {
    pub const LIMIT0: usize = 0;
    pub const BASE0: usize = 2;
    pub const BASE1: usize = 4;
    pub const BASE2: usize = 7;
    pub const BASE3: usize = 8;
    pub const ZERO1: usize = 12;
}

fn get_bits(bytes: &[u8; DESC64_SIZE], (byte, shift, width): Bits) -> u8 {
    (bytes[byte] >> shift) & ((1u8 << width) - 1)
}

fn put_bits(bytes: &mut [u8; DESC64_SIZE], (byte, shift, width): Bits, value: u8) {
    let mask = ((1u8 << width) - 1) << shift;
    bytes[byte] = (bytes[byte] & !mask) | ((value << shift) & mask);
}

impl Desc64 {
    /// Decodes the packed 16-byte image.
    pub fn from_bytes(b: &[u8; DESC64_SIZE]) -> Desc64 {
        use offsets::*;
        let u16_at = |o: usize| u16::from_le_bytes([b[o], b[o + 1]]);
        let u32_at = |o: usize| u32::from_le_bytes([b[o], b[o + 1], b[o + 2], b[o + 3]]);
        Desc64 {
            limit0: u16_at(LIMIT0),
            base0: u16_at(BASE0),
            base1: b[BASE1],
            type_: get_bits(b, bits::TYPE),
            s: get_bits(b, bits::S),
            dpl: get_bits(b, bits::DPL),
            p: get_bits(b, bits::P),
            limit1: get_bits(b, bits::LIMIT1),
            avl: get_bits(b, bits::AVL),
            l: get_bits(b, bits::L),
            db: get_bits(b, bits::DB),
            g: get_bits(b, bits::G),
            base2: b[BASE2],
            base3: u32_at(BASE3),
            zero1: u32_at(ZERO1),
        }
    }

    /// Encodes the packed 16-byte image. Bit-field members keep only their low bits, as a C
    /// assignment to a bit-field does.
    pub fn to_bytes(&self) -> [u8; DESC64_SIZE] {
        use offsets::*;
        let mut b = [0u8; DESC64_SIZE];
        b[LIMIT0..LIMIT0 + 2].copy_from_slice(&self.limit0.to_le_bytes());
        b[BASE0..BASE0 + 2].copy_from_slice(&self.base0.to_le_bytes());
        b[BASE1] = self.base1;
        put_bits(&mut b, bits::TYPE, self.type_);
        put_bits(&mut b, bits::S, self.s);
        put_bits(&mut b, bits::DPL, self.dpl);
        put_bits(&mut b, bits::P, self.p);
        put_bits(&mut b, bits::LIMIT1, self.limit1);
        put_bits(&mut b, bits::AVL, self.avl);
        put_bits(&mut b, bits::L, self.l);
        put_bits(&mut b, bits::DB, self.db);
        put_bits(&mut b, bits::G, self.g);
        b[BASE2] = self.base2;
        b[BASE3..BASE3 + 4].copy_from_slice(&self.base3.to_le_bytes());
        b[ZERO1..ZERO1 + 4].copy_from_slice(&self.zero1.to_le_bytes());
        b
    }

    /// Splits a 64-bit base over base0..base3, as `kvm_seg_fill_gdt_64bit` does for a
    /// system descriptor.
    pub fn set_base(&mut self, base: u64) {
        self.base0 = base as u16;
        self.base1 = (base >> 16) as u8;
        self.base2 = (base >> 24) as u8;
        self.base3 = (base >> 32) as u32;
    }

    /// Splits a 20-bit limit over limit0/limit1; higher bits are dropped like the 4-bit
    /// `limit1` bit-field drops them.
    pub fn set_limit(&mut self, limit: u32) {
        self.limit0 = limit as u16;
        self.limit1 = ((limit >> 16) & 0xf) as u8;
    }

    /// The 20-bit limit.
    pub fn limit(&self) -> u32 {
        (self.limit1 as u32 & 0xf) << 16 | self.limit0 as u32
    }
}

/// `get_desc64_base(desc)`: the fixed expression, every part widened to 64 bits.
pub fn get_desc64_base_fixed(d: &Desc64) -> u64 {
    (d.base3 as u64) << 32 | (d.base2 as u64) << 24 | (d.base1 as u64) << 16 | d.base0 as u64
}

/// `get_desc64_base(desc)` before the fix: the inner OR is a C `int`, and converting it to
/// `uint64_t` sign-extends. (In C, `0xf8 << 24` overflowing `int` is undefined; GCC gives
/// the wrapped negative value, which is what `i32 <<` gives here.)
pub fn get_desc64_base_buggy(d: &Desc64) -> u64 {
    let low: i32 = (d.base0 as i32) | ((d.base1 as i32) << 16) | ((d.base2 as i32) << 24);
    ((d.base3 as u64) << 32) | (low as i64 as u64)
}

/// `get_desc64_base(desc)` as the selftests have it: fixed, or with feature `seed-bugs` the
/// pre-fix expression.
pub fn get_desc64_base(d: &Desc64) -> u64 {
    if cfg!(feature = "seed-bugs") {
        get_desc64_base_buggy(d)
    } else {
        get_desc64_base_fixed(d)
    }
}

#[cfg(test)]
#[path = "desc64_kunit.rs"]
mod desc64_kunit;
