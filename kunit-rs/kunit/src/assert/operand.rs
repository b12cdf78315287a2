//! Turning a binary assertion's operand into what KUnit prints.
//!
//! Integers (and `bool`/`char`, which C treats as integers) print as `%lld (0x%llx)` after a
//! cast to `long long`, as KUnit does. Any other `Debug` type prints with `{:?}`: a Rust
//! extension, so `kunit_expect_eq!` works on strings, floats and structs too. The choice is
//! made at compile time by autoref specialisation: the integer impl is on `Operand<T>`, the
//! `Debug` fallback on `&Operand<T>`, so method lookup tries the integer impl first.

use super::format::Operand;
use std::fmt::Debug;

/// Integers and the types C promotes to integers.
pub trait LongLong: Copy {
    /// `(long long)value`.
    fn long_long(self) -> i64;
}

macro_rules! long_long {
    ($($t:ty),*) => {$(
        impl LongLong for $t {
            #[inline]
            fn long_long(self) -> i64 { self as i64 }
        }
    )*};
}
long_long!(i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);

impl LongLong for bool {
    #[inline]
    fn long_long(self) -> i64 {
        self as i64
    }
}
impl LongLong for char {
    #[inline]
    fn long_long(self) -> i64 {
        self as i64
    }
}

/// Wraps a reference to an operand for the specialised `kunit_operand()` call.
pub struct OperandRef<'a, T: ?Sized>(pub &'a T);

/// Preferred: integer formatting.
pub trait ViaLongLong {
    /// The operand as an integer (`long long`), printed as `%lld (0x%llx)`.
    fn kunit_operand(&self) -> Operand;
}
impl<T: LongLong> ViaLongLong for OperandRef<'_, T> {
    #[inline]
    fn kunit_operand(&self) -> Operand {
        Operand::Int(self.0.long_long())
    }
}

/// Fallback: `Debug` formatting.
pub trait ViaDebug {
    /// The operand rendered with `{:?}`.
    fn kunit_operand(&self) -> Operand;
}
impl<T: Debug + ?Sized> ViaDebug for &OperandRef<'_, T> {
    fn kunit_operand(&self) -> Operand {
        Operand::Debug(format!("{:?}", self.0))
    }
}
