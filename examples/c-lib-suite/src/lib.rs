//! A library target beside C suites: `kunit_c::Build` links the C objects into the test
//! target, not into this library, so the suites run in `cargo test` all the same.

use std::ffi::CStr;

/// The C library's `strlen`, as the process sees it (the C test file defines a kernel-style
/// `strlen` of its own, which must not replace this one).
// The point is to call the C library's function, not to count the bytes.
#[allow(clippy::strlen_on_c_strings)]
pub fn libc_strlen(s: &CStr) -> usize {
    // SAFETY: a NUL-terminated string.
    unsafe { libc::strlen(s.as_ptr()) }
}
