//! What the pointer, string and memory assertions accept: [`KPointer`], [`KStr`] and
//! [`KMem`], each giving an operand the kernel's view of it (NULL, an error pointer or a real
//! address, see [`crate::errptr`]; the bytes `%s` prints; the bytes `memcmp` reads), and
//! their raw-pointer helpers [`CStrPtr`] and [`PlainData`]. The string and pointer views never
//! read through NULL or an error pointer.

use crate::errptr::{ErrPtr, Errno, PtrValue};
use std::ffi::{c_char, CStr, CString};

/// Anything KUnit's pointer assertions (`PTR_EQ`, `NULL`, `NOT_ERR_OR_NULL`) accept.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a pointer for kunit's pointer assertions",
    label = "not a pointer",
    note = "pointer assertions take references, raw pointers, `Box`, `NonNull`, `ErrPtr`, and `Option`/`Result` of those"
)]
pub trait KPointer {
    /// The pointer's kernel view.
    fn kunit_ptr(&self) -> PtrValue;
}

impl<T: ?Sized> KPointer for *const T {
    fn kunit_ptr(&self) -> PtrValue {
        PtrValue::from_addr(self.cast::<u8>() as usize)
    }
}
impl<T: ?Sized> KPointer for *mut T {
    fn kunit_ptr(&self) -> PtrValue {
        PtrValue::from_addr(self.cast::<u8>() as usize)
    }
}
impl<T: ?Sized> KPointer for &T {
    fn kunit_ptr(&self) -> PtrValue {
        PtrValue::from_addr((*self as *const T).cast::<u8>() as usize)
    }
}
impl<T: ?Sized> KPointer for &mut T {
    fn kunit_ptr(&self) -> PtrValue {
        PtrValue::from_addr((&**self as *const T).cast::<u8>() as usize)
    }
}
impl<T: ?Sized> KPointer for Box<T> {
    fn kunit_ptr(&self) -> PtrValue {
        PtrValue::from_addr((&**self as *const T).cast::<u8>() as usize)
    }
}
impl<T: ?Sized> KPointer for std::ptr::NonNull<T> {
    fn kunit_ptr(&self) -> PtrValue {
        PtrValue::from_addr(self.as_ptr().cast::<u8>() as usize)
    }
}
impl<T> KPointer for ErrPtr<T> {
    fn kunit_ptr(&self) -> PtrValue {
        self.value()
    }
}
impl<P: KPointer> KPointer for Option<P> {
    fn kunit_ptr(&self) -> PtrValue {
        self.as_ref().map_or(PtrValue::Null, P::kunit_ptr)
    }
}
impl<P: KPointer, E: Errno> KPointer for Result<P, E> {
    fn kunit_ptr(&self) -> PtrValue {
        match self {
            Ok(p) => p.kunit_ptr(),
            Err(e) => PtrValue::from_errno(e.errno()),
        }
    }
}

/// A raw C string pointer that may be NULL or an `ERR_PTR`, for the string assertions.
///
/// Constructing it is `unsafe` because the assertion reads the string when the pointer is a
/// real address.
#[derive(Clone, Copy, Debug)]
pub struct CStrPtr(*const c_char);

impl CStrPtr {
    /// # Safety
    /// `p` must be NULL, an error value (`IS_ERR_VALUE`), or point to a NUL-terminated string
    /// that stays valid while the `CStrPtr` is used.
    pub const unsafe fn new(p: *const c_char) -> Self {
        CStrPtr(p)
    }
}

/// What `%s` sees for a string operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StrValue<'a> {
    /// A NULL pointer: `%s` prints `(null)`.
    Null,
    /// An error pointer (`-errno`): `%s` prints `(efault)`.
    Err(i64),
    /// A real string: its bytes, without the terminating NUL.
    Str(&'a [u8]),
}

impl<'a> StrValue<'a> {
    /// The bytes the kernel's `%s` prints: `(null)` and `(efault)` for invalid pointers.
    pub fn printed(self) -> &'a [u8] {
        match self {
            StrValue::Null => b"(null)",
            StrValue::Err(_) => b"(efault)",
            StrValue::Str(s) => s,
        }
    }
}

/// Anything the string assertions (`STREQ`, `STRNEQ`) accept.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a string for kunit's string assertions",
    label = "not a string",
    note = "string assertions take `str`, `String`, `CStr`, `CString`, `CStrPtr`, and references, `Option`s and `Result`s of those"
)]
pub trait KStr {
    /// The string's kernel view.
    fn kunit_str(&self) -> StrValue<'_>;
}

impl KStr for str {
    fn kunit_str(&self) -> StrValue<'_> {
        StrValue::Str(self.as_bytes())
    }
}
impl KStr for String {
    fn kunit_str(&self) -> StrValue<'_> {
        StrValue::Str(self.as_bytes())
    }
}
impl KStr for CStr {
    fn kunit_str(&self) -> StrValue<'_> {
        StrValue::Str(self.to_bytes())
    }
}
impl KStr for CString {
    fn kunit_str(&self) -> StrValue<'_> {
        StrValue::Str(self.as_bytes())
    }
}
impl<S: KStr + ?Sized> KStr for &S {
    fn kunit_str(&self) -> StrValue<'_> {
        (**self).kunit_str()
    }
}
impl<S: KStr> KStr for Option<S> {
    fn kunit_str(&self) -> StrValue<'_> {
        self.as_ref().map_or(StrValue::Null, S::kunit_str)
    }
}
impl<S: KStr, E: Errno> KStr for Result<S, E> {
    fn kunit_str(&self) -> StrValue<'_> {
        match self {
            Ok(s) => s.kunit_str(),
            Err(e) => match PtrValue::from_errno(e.errno()) {
                PtrValue::Null => StrValue::Null,
                _ => StrValue::Err(e.errno()),
            },
        }
    }
}
impl KStr for CStrPtr {
    fn kunit_str(&self) -> StrValue<'_> {
        match PtrValue::from_addr(self.0 as usize) {
            PtrValue::Null => StrValue::Null,
            PtrValue::Err(e) => StrValue::Err(e),
            // SAFETY: `CStrPtr::new`'s contract: a real address points to a valid C string
            // that outlives `self`.
            PtrValue::Addr(_) => StrValue::Str(unsafe { CStr::from_ptr(self.0) }.to_bytes()),
        }
    }
}
/// Anything the memory assertions (`MEMEQ`, `MEMNEQ`) accept; `None` is a NULL operand.
///
/// Like the kernel's `memcmp()` on any object: byte strings, slices and arrays of plain data
/// (`[u32; 4]`, `&[u64]`), and any [`PlainData`] value (a `repr(C)` struct without padding).
/// The assertion macros reach the value behind references, `Box` and `Vec` by auto-deref.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no bytes for kunit's memory assertions",
    label = "not plain data",
    note = "memory assertions take byte strings, slices, arrays and `PlainData` values; implement `PlainData` for a `repr(C)` type without padding"
)]
pub trait KMem {
    /// The bytes to compare, or `None` for NULL.
    fn kunit_mem(&self) -> Option<&[u8]>;
}

/// A type whose every byte is initialized data (no padding, no pointers that matter): its
/// bytes can be compared as the kernel's `KUNIT_EXPECT_MEMEQ` compares objects.
///
/// # Safety
/// Every byte of every value of the type must be initialized: implement it only for
/// `repr(C)` or `repr(transparent)` types made of `PlainData` fields with no padding.
///
/// ```
/// #[derive(Clone, Copy)]
/// #[repr(C)]
/// struct Pair { a: u32, b: u32 }
/// // SAFETY: two u32 fields, repr(C): no padding.
/// unsafe impl kunit::PlainData for Pair {}
/// ```
pub unsafe trait PlainData: Sized {}

macro_rules! plain_data {
    ($($t:ty),*) => {$(
        // SAFETY: primitive types have no padding and no uninitialized bytes.
        unsafe impl PlainData for $t {}
    )*};
}
plain_data!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize, f32, f64, bool, char);
// SAFETY: an array has no padding between its elements, which have none themselves.
unsafe impl<T: PlainData, const N: usize> PlainData for [T; N] {}

/// The memory of a slice of plain data, as bytes.
fn plain_bytes<T: PlainData>(values: &[T]) -> &[u8] {
    // SAFETY: `PlainData` guarantees every byte of `T` is initialized; the slice covers
    // exactly the memory of `values`, borrowed for the same lifetime.
    unsafe { std::slice::from_raw_parts(values.as_ptr().cast::<u8>(), size_of_val(values)) }
}

impl<T: PlainData> KMem for T {
    fn kunit_mem(&self) -> Option<&[u8]> {
        Some(plain_bytes(std::slice::from_ref(self)))
    }
}
impl<T: PlainData> KMem for [T] {
    fn kunit_mem(&self) -> Option<&[u8]> {
        Some(plain_bytes(self))
    }
}
impl KMem for str {
    fn kunit_mem(&self) -> Option<&[u8]> {
        Some(self.as_bytes())
    }
}
impl<M: KMem + ?Sized> KMem for Option<&M> {
    fn kunit_mem(&self) -> Option<&[u8]> {
        self.and_then(M::kunit_mem)
    }
}
impl<M: KMem + ?Sized> KMem for Option<&mut M> {
    fn kunit_mem(&self) -> Option<&[u8]> {
        self.as_deref().and_then(M::kunit_mem)
    }
}
