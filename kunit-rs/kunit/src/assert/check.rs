//! The passing path of the pointer, string and memory families: one small generic function
//! per operand types (shared by every call site with those types) turns the operands into
//! their kernel view; the decision itself is non-generic. `op` is the operator's text
//! (`==` or `!=`). (Integer and `Debug` comparisons
//! apply the operator at the call site.)

use crate::operands::{KPointer, KStr, StrValue};

/// `PTR_EQ`/`PTR_NE`/`NULL`/`NOT_NULL`: compares addresses.
#[inline]
pub fn ptr_holds<L: KPointer + ?Sized, R: KPointer + ?Sized>(
    op: &str,
    left: &L,
    right: &R,
) -> bool {
    (left.kunit_ptr().addr() == right.kunit_ptr().addr()) == (op == "==")
}

/// `NOT_ERR_OR_NULL`.
#[inline]
pub fn not_err_or_null_holds<P: KPointer + ?Sized>(ptr: &P) -> bool {
    !ptr.kunit_ptr().is_err_or_null()
}

/// `KUNIT_BINARY_STR_ASSERTION`.
#[inline]
pub fn str_holds<L: KStr + ?Sized, R: KStr + ?Sized>(op: &str, left: &L, right: &R) -> bool {
    str_values_hold(op, left.kunit_str(), right.kunit_str())
}

/// A NULL or `ERR_PTR` on either side fails both `STREQ` and `STRNEQ`
/// (`!IS_ERR_OR_NULL(left) && !IS_ERR_OR_NULL(right) && strcmp(...) op 0`) and is never
/// dereferenced. Rust strings compare whole: a NUL inside one is an ordinary character, not
/// the end.
fn str_values_hold(op: &str, left: StrValue<'_>, right: StrValue<'_>) -> bool {
    match (left, right) {
        (StrValue::Str(a), StrValue::Str(b)) => (a == b) == (op == "=="),
        _ => false,
    }
}

/// `KUNIT_MEM_ASSERTION`: `left && right && memcmp(left, right, size) op 0`. An operand
/// shorter than `size` fails both `MEMEQ` and `MEMNEQ` (C would read past it).
pub fn mem_holds(op: &str, left: Option<&[u8]>, right: Option<&[u8]>, size: usize) -> bool {
    match (left, right) {
        (Some(a), Some(b)) if a.len() >= size && b.len() >= size => {
            (a[..size] == b[..size]) == (op == "==")
        }
        _ => false,
    }
}
