//! The passing path of the pointer, string and memory families: each operand is turned into
//! its kernel view (one small generic adapter per operand type), then one shared,
//! non-generic function decides. Integer and `Debug` comparisons need nothing here: the
//! macro compares the operands in their own types.

use super::site::Site;
use crate::errptr::{KPointer, KStr, PtrValue, StrValue};

/// A pointer operand's value (NULL, `ERR_PTR` or an address).
#[inline]
pub fn ptr_operand<P: KPointer + ?Sized>(ptr: &P) -> PtrValue {
    ptr.kunit_ptr()
}

/// `PTR_EQ`/`PTR_NE`/`NULL`/`NOT_NULL`: compares addresses.
pub fn ptr_holds(site: &Site, left: PtrValue, right: PtrValue) -> bool {
    (left.addr() == right.addr()) == (site.op == "==")
}

/// A string operand as `%s` sees it.
#[inline]
pub fn str_operand<S: KStr + ?Sized>(s: &S) -> StrValue<'_> {
    s.kunit_str()
}

/// `KUNIT_BINARY_STR_ASSERTION`: a NULL or `ERR_PTR` on either side fails both `STREQ` and
/// `STRNEQ` (`!IS_ERR_OR_NULL(left) && !IS_ERR_OR_NULL(right) && strcmp(...) op 0`) and is
/// never dereferenced. Rust strings compare whole: a NUL inside one is an ordinary
/// character, not the end.
pub fn str_holds(site: &Site, left: StrValue<'_>, right: StrValue<'_>) -> bool {
    match (left, right) {
        (StrValue::Str(a), StrValue::Str(b)) => (a == b) == (site.op == "=="),
        _ => false,
    }
}

/// `KUNIT_MEM_ASSERTION`: `left && right && memcmp(left, right, size) op 0`. An operand
/// shorter than `size` fails both `MEMEQ` and `MEMNEQ` (C would read past it).
pub fn mem_holds(site: &Site, left: Option<&[u8]>, right: Option<&[u8]>, size: usize) -> bool {
    match (left, right) {
        (Some(a), Some(b)) if a.len() >= size && b.len() >= size => {
            (a[..size] == b[..size]) == (site.op == "==")
        }
        _ => false,
    }
}
