//! How a failed binary check hands its operands to the failure path in optimized builds:
//! a pair of `Copy` operands as copies made in the failure branch, any other pair as the
//! references.
//!
//! Why: once an operand's address reaches the out-of-line failure call, the compiler keeps
//! the operand in memory on the passing path too (it may not sink the store past an opaque
//! call or `black_box` once the address has escaped), so every passing check pays a store
//! per operand: in a store-bound loop, as much as the comparison. With copies, only the
//! copies' addresses escape, and they exist in the failure branch alone.
//!
//! The choice is made at the call site by method lookup, with no trait to import:
//! `Pass(ByRef(left, right)).failed(..)` finds [`Pass::failed`] when both operand types are
//! `Copy`, and otherwise (including a generic `T` without a `Copy` bound) goes through
//! `Deref` to [`ByRef::failed`]. Only the `not(debug_assertions)` expansion of the macros
//! uses it; with debug assertions (the dev profile) they call [`binary_failed`] directly,
//! which is cheaper to compile: the method lookup cost about 17 % of a test file's dev
//! rebuild time.

use super::failure::binary_failed;
use super::site::AssertType;
use std::fmt::{self, Debug};
use std::ops::Deref;

/// The operands of a failed binary check, on their way to the failure path.
#[doc(hidden)]
pub struct Pass<'a, L: ?Sized, R: ?Sized>(pub ByRef<'a, L, R>);

/// The operands by reference: what [`Pass`] falls back to.
#[doc(hidden)]
pub struct ByRef<'a, L: ?Sized, R: ?Sized>(pub &'a L, pub &'a R);

/// A check's operator and operand texts.
type Text = &'static str;
/// A `_msg` form's message.
type Msg<'a> = Option<fmt::Arguments<'a>>;

// A pair that is `Copy` but not `Debug` falls through to `ByRef::failed`, whose bounds give
// the standard library's error.
impl<L: Copy + Debug, R: Copy + Debug> Pass<'_, L, R> {
    /// Both operands are `Copy`: hands over copies, made here in the failure branch.
    #[inline(always)]
    #[track_caller]
    pub fn failed(&self, kind: AssertType, op: Text, lt: Text, rt: Text, msg: Msg<'_>) -> bool {
        let (left, right) = (*self.0 .0, *self.0 .1);
        binary_failed(kind, op, lt, rt, &left, &right, msg)
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
    pub fn failed(&self, kind: AssertType, op: Text, lt: Text, rt: Text, msg: Msg<'_>) -> bool
    where
        L: Debug,
        R: Debug,
    {
        binary_failed(kind, op, lt, rt, self.0, self.1, msg)
    }
}
