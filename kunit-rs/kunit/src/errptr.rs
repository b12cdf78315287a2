//! Kernel-style pointers: NULL, `ERR_PTR(-errno)` or a real address (include/linux/err.h).
//!
//! KUnit's pointer and string assertions classify their operands the way the kernel does:
//! an address in the top `MAX_ERRNO` values is an error pointer (`IS_ERR_VALUE`). This module
//! gives Rust values the same three-way view, so a `Result<&str, E>` or an `Option<&T>` can be
//! checked with `kunit_expect_not_err_or_null!` and the string asserts, and raw FFI pointers
//! are never dereferenced unless they are real addresses. The assertions' operand traits
//! built on this view are in [`crate::operands`].

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
