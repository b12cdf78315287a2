//! Kernel-style pointers: NULL, `ERR_PTR(-errno)` or a real address (include/linux/err.h).
//!
//! KUnit's pointer and string assertions classify their operands the way the kernel does:
//! an address in the top `MAX_ERRNO` values is an error pointer (`IS_ERR_VALUE`). This module
//! gives Rust values the same three-way view, so a `Result<&str, E>` or an `Option<&T>` can be
//! checked with `kunit_expect_not_err_or_null!` and the string asserts, and raw FFI pointers
//! are never dereferenced unless they are real addresses.

use std::ffi::{c_char, CStr, CString};
use std::fmt;

/// `MAX_ERRNO`.
pub const MAX_ERRNO: usize = 4095;

/// `NULL`, for the pointer assertions: `kunit_expect_ptr_eq!(test, p, NULL)` compares with
/// address 0 whatever `p`'s pointee type is.
pub const NULL: *const u8 = std::ptr::null();

/// `IS_ERR_VALUE(x)`: the top 4095 addresses.
pub const fn is_err_value(addr: usize) -> bool {
    addr >= MAX_ERRNO.wrapping_neg()
}

/// `ERR_PTR(errno)` as an address.
pub const fn err_ptr_addr(errno: i64) -> usize {
    errno as isize as usize
}

/// Common errno values (asm-generic/errno-base.h).
pub mod errno {
    /// Operation not permitted.
    pub const EPERM: i64 = 1;
    /// No such file or directory.
    pub const ENOENT: i64 = 2;
    /// Interrupted system call.
    pub const EINTR: i64 = 4;
    /// I/O error.
    pub const EIO: i64 = 5;
    /// Out of memory.
    pub const ENOMEM: i64 = 12;
    /// Bad address.
    pub const EFAULT: i64 = 14;
    /// Device or resource busy.
    pub const EBUSY: i64 = 16;
    /// Invalid argument.
    pub const EINVAL: i64 = 22;
    /// No space left on device.
    pub const ENOSPC: i64 = 28;
    /// Connection timed out.
    pub const ETIMEDOUT: i64 = 110;
}

/// What a kernel-style pointer holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PtrValue {
    /// `NULL`.
    Null,
    /// `PTR_ERR()`: a negative errno.
    Err(i64),
    /// A real address.
    Addr(usize),
}

impl PtrValue {
    /// Classifies a raw address as the kernel does.
    pub const fn from_addr(addr: usize) -> Self {
        if addr == 0 {
            PtrValue::Null
        } else if is_err_value(addr) {
            PtrValue::Err(addr as isize as i64)
        } else {
            PtrValue::Addr(addr)
        }
    }

    /// `ERR_PTR(errno)`: as in the kernel, `ERR_PTR(0)` is NULL.
    pub const fn from_errno(errno: i64) -> Self {
        if errno == 0 {
            PtrValue::Null
        } else {
            PtrValue::Err(errno)
        }
    }

    /// The address `%px` prints.
    pub const fn addr(self) -> usize {
        match self {
            PtrValue::Null => 0,
            PtrValue::Err(e) => err_ptr_addr(e),
            PtrValue::Addr(a) => a,
        }
    }

    /// `IS_ERR_OR_NULL()`.
    pub const fn is_err_or_null(self) -> bool {
        !matches!(self, PtrValue::Addr(_))
    }
}

/// A kernel-style pointer that may be NULL or `ERR_PTR(-errno)`, as returned by C APIs.
///
/// ```
/// use kunit::ErrPtr;
/// let p: ErrPtr<u8> = ErrPtr::err(-22);
/// assert!(p.is_err() && p.ptr_err() == -22);
/// ```
pub struct ErrPtr<T> {
    ptr: *const T,
}

impl<T> Clone for ErrPtr<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for ErrPtr<T> {}

impl<T> fmt::Debug for ErrPtr<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ErrPtr({:?})", self.value())
    }
}

impl<T> ErrPtr<T> {
    /// Wraps a raw pointer (any value, including NULL and error values).
    pub const fn from_raw(ptr: *const T) -> Self {
        ErrPtr { ptr }
    }
    /// `NULL`.
    pub const fn null() -> Self {
        ErrPtr {
            ptr: std::ptr::null(),
        }
    }
    /// `ERR_PTR(errno)`; `errno` is negative (`-EINVAL`).
    pub const fn err(errno: i64) -> Self {
        ErrPtr {
            ptr: err_ptr_addr(errno) as *const T,
        }
    }
    /// The raw pointer.
    pub const fn as_ptr(self) -> *const T {
        self.ptr
    }
    /// NULL, error or address.
    pub fn value(self) -> PtrValue {
        PtrValue::from_addr(self.ptr as usize)
    }
    /// `IS_ERR()`.
    pub fn is_err(self) -> bool {
        is_err_value(self.ptr as usize)
    }
    /// `IS_ERR_OR_NULL()`.
    pub fn is_err_or_null(self) -> bool {
        self.value().is_err_or_null()
    }
    /// `PTR_ERR()`.
    pub fn ptr_err(self) -> i64 {
        self.ptr as usize as isize as i64
    }
}

/// An error that has a kernel errno, so `Result<T, E>` can act as an error pointer.
pub trait Errno {
    /// The negative errno (`-EINVAL`); positive values are negated.
    fn errno(&self) -> i64;
}

macro_rules! errno_int {
    ($($t:ty),*) => {$(
        impl Errno for $t {
            fn errno(&self) -> i64 {
                let v = *self as i64;
                if v > 0 { -v } else { v }
            }
        }
    )*};
}
errno_int!(i8, i16, i32, i64, isize);

impl Errno for std::io::Error {
    fn errno(&self) -> i64 {
        -(self.raw_os_error().unwrap_or(errno::EIO as i32) as i64)
    }
}

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
