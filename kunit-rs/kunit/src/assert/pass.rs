//! How a binary check's failure path receives its operands in optimized builds: a pair of
//! `Copy` operands by value, any other pair by reference.
//!
//! Why: a reference that reaches the out-of-line failure call makes the compiler keep the
//! operand in memory on the passing path as well (it may not sink the store past an opaque
//! call or `black_box` once the address has escaped), so every passing check pays a store per
//! operand: in a store-bound loop, as much as the comparison. Copies made inside the failure
//! branch leave the passing path in registers.
//!
//! The choice is made at the call site by method lookup, with no trait to import:
//! `Pass(ByRef(left, right)).failed(..)` finds [`Pass::failed`] when both operand types are
//! `Copy`, and otherwise (including a generic `T` without a `Copy` bound) goes through
//! `Deref` to [`ByRef::failed`]. Only the `not(debug_assertions)` expansion of the macros
//! uses it; with debug assertions (the dev profile) the macros call
//! [`binary_failed`] directly, which is cheaper to compile
//! (one more method lookup per call site cost about 17 % of a test file's rebuild time).

use super::failure::{binary_failed, binary_failed_copied};
use super::site::AssertType;
use std::fmt::{self, Debug};
use std::ops::Deref;

/// The operands of a failed binary check, on their way to the failure path.
#[doc(hidden)]
pub struct Pass<'a, L: ?Sized, R: ?Sized>(pub ByRef<'a, L, R>);

/// The operands by reference: what [`Pass`] falls back to.
#[doc(hidden)]
pub struct ByRef<'a, L: ?Sized, R: ?Sized>(pub &'a L, pub &'a R);

impl<L: Copy, R: Copy> Pass<'_, L, R> {
    /// Both operands are `Copy`: hands over copies.
    #[inline(always)]
    #[track_caller]
    pub fn failed(
        &self,
        kind: AssertType,
        op: &'static str,
        left_text: &'static str,
        right_text: &'static str,
        msg: Option<fmt::Arguments<'_>>,
    ) -> bool
    where
        L: Debug,
        R: Debug,
    {
        let ByRef(left, right) = self.0;
        binary_failed_copied(kind, op, left_text, right_text, *left, *right, msg)
    }
}

impl<'a, L: ?Sized, R: ?Sized> Deref for Pass<'a, L, R> {
    type Target = ByRef<'a, L, R>;
    #[inline(always)]
    fn deref(&self) -> &ByRef<'a, L, R> {
        &self.0
    }
}

impl<L: ?Sized, R: ?Sized> ByRef<'_, L, R> {
    /// Any other pair: hands over the references.
    #[inline(always)]
    #[track_caller]
    pub fn failed(
        &self,
        kind: AssertType,
        op: &'static str,
        left_text: &'static str,
        right_text: &'static str,
        msg: Option<fmt::Arguments<'_>>,
    ) -> bool
    where
        L: Debug,
        R: Debug,
    {
        binary_failed(kind, op, left_text, right_text, self.0, self.1, msg)
    }
}

impl<L: ?Sized, R: ?Sized> Clone for ByRef<'_, L, R> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<L: ?Sized, R: ?Sized> Copy for ByRef<'_, L, R> {}
